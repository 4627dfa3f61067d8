/** Where the server's log lines go (pino's `write(line)`), and `flush` for what waits. */
export interface LogStream {
  write(line: string): void;
  flush(): void;
}

/**
 * The log lines written while the event loop handles one round of I/O,
 * written to `out` in one call once that round is done, in their order.
 * Under load a round ends many requests, each with its access line: one
 * write per round instead of one per line (each a system call on the path
 * of every request). A line waits at most for the end of its round; the
 * caller flushes when the process exits.
 */
export function batchedLogStream(out: { write(text: string): unknown } = process.stdout): LogStream {
  let waiting: string[] = [];
  const flush = () => {
    if (waiting.length === 0) return;
    const text = waiting.join('');
    waiting = [];
    out.write(text);
  };
  return {
    write(line) {
      if (waiting.push(line) === 1) setImmediate(flush);
    },
    flush,
  };
}
