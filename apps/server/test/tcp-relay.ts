import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP relay to PostgreSQL on 127.0.0.1, for the fault tests: what a server
 * process sees of its database when the network between them fails.
 *
 * - `pass`: bytes flow both ways, new connections are accepted.
 * - `cut`: every connection is destroyed (the process sees a reset) and new
 *   ones are closed at once, as when the database or the network goes down.
 * - `freeze`: nothing is forwarded any more, but every socket stays open and
 *   new connections are accepted and held: no reset, no answer, as behind a
 *   relay or a firewall that silently stops forwarding.
 *
 * `cutOnNext(text)` cuts as soon as a client sends a message holding `text`
 * (after forwarding it), e.g. `begin`: the connection then breaks while a
 * transaction is open, deterministically.
 */
export type RelayMode = 'pass' | 'cut' | 'freeze';

export interface TcpRelay {
  port: number;
  /** postgres://… of `databaseUrl` with its host and port replaced by the relay's. */
  url: string;
  readonly mode: RelayMode;
  pass(): void;
  cut(): void;
  freeze(): void;
  /** Resolves once a client has sent `text` and every connection has been cut; the relay stays cut. */
  cutOnNext(text: string): Promise<void>;
  /** How many connections the relay has accepted so far, and how many of them are open. */
  readonly accepted: number;
  readonly openConnections: number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  /** Forwards what was held while frozen. */
  release: Array<() => void>;
}

export async function startTcpRelay(databaseUrl: string): Promise<TcpRelay> {
  const target = new URL(databaseUrl);
  const pairs = new Set<Pair>();
  let mode: RelayMode = 'pass';
  let accepted = 0;
  let trigger: { text: string; fired: () => void } | undefined;

  const destroy = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream.destroy();
    pairs.delete(pair);
  };
  const cutAll = () => {
    mode = 'cut';
    for (const pair of [...pairs]) destroy(pair);
  };

  /**
   * Forwards `from` to `to` while passing. While frozen what arrives is held
   * (and forwarded on `pass`), still read so that the relay sees a side close.
   */
  const forward = (pair: Pair, from: Socket, to: Socket, watched: boolean) => {
    const held: Buffer[] = [];
    const send = (chunk: Buffer) => {
      if (!to.write(chunk)) from.pause();
      if (watched && trigger && chunk.toString('latin1').toLowerCase().includes(trigger.text)) {
        const fired = trigger.fired;
        trigger = undefined;
        // Written (to the kernel) but its answer never comes back.
        cutAll();
        fired();
      }
    };
    from.on('data', (chunk: Buffer) => {
      if (mode === 'pass') send(chunk);
      else if (mode === 'freeze') held.push(chunk);
    });
    to.on('drain', () => from.resume());
    from.on('error', () => destroy(pair));
    from.on('close', () => destroy(pair));
    return () => {
      for (const chunk of held.splice(0)) send(chunk);
    };
  };

  const server = createServer((client) => {
    accepted += 1;
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    const pair: Pair = { client, upstream, release: [] };
    pairs.add(pair);
    pair.release.push(forward(pair, client, upstream, true), forward(pair, upstream, client, false));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    port,
    url: url.toString(),
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    get openConnections() {
      return pairs.size;
    },
    pass() {
      mode = 'pass';
      for (const pair of [...pairs]) for (const release of pair.release) release();
    },
    cut: cutAll,
    freeze() {
      mode = 'freeze';
    },
    cutOnNext(text) {
      return new Promise<void>((resolve) => {
        trigger = { text: text.toLowerCase(), fired: resolve };
      });
    },
    close() {
      cutAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
