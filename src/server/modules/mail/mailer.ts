import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where mail goes, for the start-up banner: an SMTP host, or the log. */
  describe(): string;
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Mail through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url, { from });
  const host = new URL(url).host;
  return {
    describe: () => `SMTP ${host}`,
    async send(mail) {
      await transport.sendMail({ from, ...mail });
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
      print(`\n--- mail to ${mail.to}: ${mail.subject}\n${mail.text}\n---\n`);
    },
    close: () => {},
  };
}
