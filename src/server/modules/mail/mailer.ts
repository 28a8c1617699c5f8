import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A file a mail carries (an invoice's PDF), made as the mail is sent. */
export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A mail on its way out of the outbox. */
export interface OutgoingMail extends Mail {
  attachments?: MailFile[];
  /**
   * Unique to its outbox row and the same on every attempt: the left part of its Message-ID, so
   * that a copy sent again after a lost acknowledgement can be recognised as the same message.
   */
  key: string;
}

export interface Mailer {
  /** Where mail goes, for the start-up banner: an SMTP host, or the log. */
  describe(): string;
  /** Sends one mail; `signal` abandons it (the connection is closed) when it fires. */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/**
 * How long the SMTP client waits (nodemailer's own defaults are 2 minutes to connect, 30 s for the
 * greeting and 10 minutes of silence, longer than the outbox's 5-minute lease: see OUTBOX_POLICY).
 * An `SMTP_URL` query may set nodemailer's options itself (`?greetingTimeout=20000`); the outbox's
 * per-mail limit still caps each attempt.
 */
export const SMTP_TIMEOUTS = {
  /** DNS and TCP (and TLS for smtps://) until the connection is up. */
  connectionMs: 10_000,
  /** From the connection to the server's 220 greeting. */
  greetingMs: 10_000,
  /** Silence on an open connection (no reply to a command, to the message's data). */
  socketMs: 30_000,
};

/** The domain of a From address (`"Store" <no-reply@shop.example>`), for Message-IDs. */
function domainOf(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** Mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). */
export function smtpMailer(url: string, from: string, timeouts: Partial<typeof SMTP_TIMEOUTS> = {}): Mailer {
  const t = { ...SMTP_TIMEOUTS, ...timeouts };
  const transport: Transporter = nodemailer.createTransport(
    {
      url,
      connectionTimeout: t.connectionMs,
      dnsTimeout: t.connectionMs,
      greetingTimeout: t.greetingMs,
      socketTimeout: t.socketMs,
    },
    { from },
  );
  const host = new URL(url).host;
  const domain = domainOf(from);
  return {
    describe: () => `SMTP ${host}`,
    async send({ key, ...mail }, signal) {
      const options: SendMailOptions & { signal?: AbortSignal } = {
        from,
        ...mail,
        messageId: `<${key}@${domain}>`,
        signal,
      };
      await transport.sendMail(options);
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP_URL mail is printed to the server log, links and all, so a person running
 * `npm start` can follow a verification link. It still goes through the outbox like real mail.
 */
export function logMailer(print: (text: string) => void): Mailer {
  return {
    describe: () => 'the server log (set SMTP_URL to send real mail)',
    async send(mail) {
      const files = mail.attachments?.length
        ? `\n[attached: ${mail.attachments.map((a) => a.filename).join(', ')}]`
        : '';
      print(`\n--- mail to ${mail.to}: ${mail.subject}\n${mail.text}${files}\n---\n`);
    },
    close: () => {},
  };
}
