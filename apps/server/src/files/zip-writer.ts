import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';

/**
 * A ZIP written entry after entry into a stream (a file being built), in
 * constant memory: fflate compresses each chunk as it is pushed and hands
 * the bytes on at once; we wait for the output to drain before reading the
 * next chunk, so a 20 MB scan never sits whole in memory. fflate writes no
 * ZIP64 records: an archive stays under 4 GiB (a person's files are a few
 * dozen of 20 MB at most).
 */
export interface ZipWriter {
  /** Text or bytes held in memory (a JSON, a CSV), deflated. */
  addBytes(name: string, content: string | Uint8Array, modifiedAt?: Date): Promise<void>;
  /** A stored file streamed in; `compress` false for content already compressed (PDF, JPEG, PNG). */
  addStream(name: string, source: Readable, options: { compress: boolean; modifiedAt?: Date }): Promise<void>;
  /** Writes the central directory and ends the output; resolves once it is flushed. */
  finish(): Promise<void>;
}

export function createZipWriter(out: Writable): ZipWriter {
  let failure: Error | undefined;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  out.on('error', (error) => {
    failure ??= error;
  });
  // A function, not an inline check: the output may fail while we await, which narrowing would not see.
  const throwIfFailed = () => {
    if (failure) throw failure;
  };

  const drained = async () => {
    throwIfFailed();
    if (out.writableNeedDrain) await once(out, 'drain');
    throwIfFailed();
  };

  const entry = (
    name: string,
    compress: boolean,
    modifiedAt: Date | undefined,
  ): ZipInputFile & { push(chunk: Uint8Array, final?: boolean): void } => {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    if (modifiedAt) file.mtime = modifiedAt;
    zip.add(file);
    return file;
  };

  return {
    async addBytes(name, content, modifiedAt) {
      const file = entry(name, true, modifiedAt);
      file.push(typeof content === 'string' ? new TextEncoder().encode(content) : content, true);
      await drained();
    },
    async addStream(name, source, options) {
      const file = entry(name, options.compress, options.modifiedAt);
      try {
        for await (const chunk of source) {
          // A source in object or text mode yields strings; fflate reads only bytes.
          file.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array));
          await drained();
        }
      } catch (error) {
        source.destroy();
        throw error;
      }
      file.push(new Uint8Array(0), true);
      await drained();
    },
    async finish() {
      zip.end();
      throwIfFailed();
      if (!out.writableFinished) await once(out, 'finish');
      throwIfFailed();
    },
  };
}
