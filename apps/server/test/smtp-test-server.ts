import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that the tests bring up and down on a fixed
 * port, that refuses chosen addresses with 550, and that can hold messages
 * without ever accepting them (to kill a sender in the middle of a send).
 */
export function createTestSmtpServer(port: number) {
  const received: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  const refused = new Set<string>();
  let holding = false;
  let server: SMTPServer | undefined;

  function build(): SMTPServer {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address)) {
          callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
          // Held: the message is never accepted (no 250), as if the server were stuck.
          if (holding) return void held.push(mail);
          received.push(mail);
          callback();
        });
      },
    });
  }

  return {
    port,
    received,
    held,
    refused,
    /** Messages accepted for `to`. */
    receivedFor: (to: string) => received.filter((m) => m.to.includes(to)),
    hold(on: boolean) {
      holding = on;
    },
    async up() {
      server = build();
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async down() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
