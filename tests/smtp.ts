import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone, for finding links. */
  body: string;
}

export function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A real SMTP server in the test process (no auth, no TLS) that keeps what it receives. */
export async function startSmtp(onMail?: (mail: ReceivedMail) => void) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          body: decodeQuotedPrintable(raw),
        };
        received.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The messages to one address. */
    to: (address: string) => received.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail whose path starts with `path`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const match = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.body);
  if (!match) throw new Error(`no ${path} link in:\n${mail.body}`);
  return new URL(match[0]);
}
