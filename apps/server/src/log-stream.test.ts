import { describe, expect, it } from 'vitest';
import { batchedLogStream } from './log-stream';

describe('batchedLogStream', () => {
  it('writes the lines of one round of the event loop in one write, in their order', async () => {
    const writes: string[] = [];
    const stream = batchedLogStream({ write: (text: string) => writes.push(text) });
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what is waiting at once when flushed, and nothing twice', async () => {
    const writes: string[] = [];
    const stream = batchedLogStream({ write: (text: string) => writes.push(text) });
    stream.write('dernière ligne\n');
    stream.flush();
    expect(writes).toEqual(['dernière ligne\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['dernière ligne\n']);
  });
});
