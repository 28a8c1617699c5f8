import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser journeys: the store sends to it (SMTP_URL), and each
 * message lands as a file in a folder the specs read (E2E_MAILBOX).
 */
export async function startMailbox(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        writeFileSync(path.join(dir, `${Date.now()}-${++n}.json`), JSON.stringify({ to, raw }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

const decode = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));

/** Waits for the n-th mail to an address and returns the first link to `linkPath` in it. */
export async function waitForLink(
  address: string,
  linkPath: string,
  nth = 1,
  timeoutMs = 15_000,
): Promise<string> {
  const dir = process.env.E2E_MAILBOX;
  if (!dir) throw new Error('E2E_MAILBOX is not set (run the journeys with npm run test:e2e)');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = readdirSync(dir)
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; raw: string })
      .filter((m) => m.to.includes(address) && decode(m.raw).includes(linkPath));
    const mail = mails[nth - 1];
    if (mail) {
      const match = new RegExp(`https?://[^\\s"<>]*${linkPath}\\?token=[A-Za-z0-9_-]+`).exec(
        decode(mail.raw),
      );
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with ${linkPath} for ${address}`);
}
