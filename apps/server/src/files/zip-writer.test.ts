import { randomBytes } from 'node:crypto';
import { PassThrough, Readable, Writable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createZipWriter } from './zip-writer';

/** Collects what the writer hands on, chunk by chunk, as a file would receive it. */
function collector() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      setImmediate(done); // a slow disk: the writer must wait for it
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

describe('the streamed ZIP writer', () => {
  it('writes entries any reader opens: text deflated, a large binary streamed in chunks and stored as is, names with accents', async () => {
    const { out, bytes } = collector();
    const zip = createZipWriter(out);
    const scan = randomBytes(3 * 1024 * 1024 + 17);
    await zip.addBytes('compte.json', '{"prenom":"Léa"}\n');
    // Read in 64 KiB pieces, as a stored file is.
    await zip.addStream('fichiers/dossier-1/abcdefgh_carte d’identité.pdf', Readable.from(chunksOf(scan, 64 * 1024)), {
      compress: false,
      modifiedAt: new Date('2026-11-24T10:00:00Z'),
    });
    await zip.addStream('questionnaires/réponses.csv', Readable.from(['Étape;Question\r\n', 'Identité;Nom\r\n']), { compress: true });
    await zip.finish();
    const entries = unzipSync(new Uint8Array(bytes()));
    expect(Object.keys(entries)).toEqual([
      'compte.json',
      'fichiers/dossier-1/abcdefgh_carte d’identité.pdf',
      'questionnaires/réponses.csv',
    ]);
    expect(strFromU8(entries['compte.json']!)).toBe('{"prenom":"Léa"}\n');
    expect(Buffer.from(entries['fichiers/dossier-1/abcdefgh_carte d’identité.pdf']!).equals(scan)).toBe(true);
    expect(strFromU8(entries['questionnaires/réponses.csv']!)).toBe('Étape;Question\r\nIdentité;Nom\r\n');
    // Stored, not deflated: the random bytes are in the archive once, plus headers.
    expect(bytes().length).toBeLessThan(scan.length + 2048);
  });

  it('fails, without hanging, when a source breaks or the output does', async () => {
    const broken = new PassThrough();
    const zip = createZipWriter(collector().out);
    const adding = zip.addStream('a.pdf', broken, { compress: false });
    broken.destroy(new Error('lecture interrompue'));
    await expect(adding).rejects.toThrow('lecture interrompue');

    const failing = new Writable({ write: (_chunk, _encoding, done) => done(new Error('disque plein')) });
    const zip2 = createZipWriter(failing);
    await expect(
      (async () => {
        await zip2.addBytes('a.txt', 'x'.repeat(200_000));
        await zip2.addBytes('b.txt', 'y');
        await zip2.finish();
      })(),
    ).rejects.toThrow('disque plein');
  });
});

function* chunksOf(buffer: Buffer, size: number) {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}
