import net from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { decodeQuotedPrintable, type ReceivedMail, startSmtp } from './smtp.ts';

/** The ways a mail server is down that the outbox must live through. */
export type Outage =
  /** Nothing listens: every connection is refused. */
  | 'refused'
  /** It greets with 421 (service not available) and hangs up. */
  | 'greets 421'
  /** It greets, then answers 451 (try again later) to every mail. */
  | 'answers 451'
  /** It takes the connection and never says a word. */
  | 'silent'
  /** It takes the whole message and never acknowledges it: the mail arrived, the sender cannot know. */
  | 'no ack after data';

export interface ReceivedWithId extends ReceivedMail {
  messageId: string;
}

const messageIdOf = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';

function parse(raw: string, rcpt: { address: string }[]): ReceivedWithId {
  return {
    to: rcpt.map((r) => r.address),
    raw,
    subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
    body: decodeQuotedPrintable(raw),
    messageId: messageIdOf(raw),
  };
}

function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
    stream.on('end', () => resolve(raw));
  });
}

async function listen(options: SMTPServerOptions) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, port: (server.server.address() as net.AddressInfo).port };
}

const replyError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * A mail server at one address that a test takes down in one of the ways above, makes slow, and
 * brings back: a TCP front that passes each connection to a real in-process `smtp-server` (the
 * working one, or one that refuses, or one that never acknowledges), holds it in silence, or is
 * closed. Everything that reached a server is in `received`, with its Message-ID.
 */
export async function startSmtpWithOutages() {
  const received: ReceivedWithId[] = [];
  const good = await startSmtp((mail) => received.push({ ...mail, messageId: messageIdOf(mail.raw) }));
  const goodPort = Number(new URL(good.url).port);
  let slowMs = 0;
  const slow = await listen({
    async onData(stream, session, callback) {
      const raw = await readAll(stream);
      setTimeout(() => {
        received.push(parse(raw, session.envelope.rcptTo));
        callback();
      }, slowMs);
    },
  });
  const greets421 = await listen({
    onConnect: (_session, callback) => callback(replyError(421, 'Service not available, try again later')),
  });
  const answers451 = await listen({
    onMailFrom: (_address, _session, callback) => callback(replyError(451, 'Local error, try again later')),
  });
  const ackless = await listen({
    async onData(stream, session) {
      received.push(parse(await readAll(stream), session.envelope.rcptTo));
      // …and no callback: the 250 never comes.
    },
  });
  const upstream: Record<string, number> = {
    up: goodPort,
    slow: slow.port,
    'greets 421': greets421.port,
    'answers 451': answers451.port,
    'no ack after data': ackless.port,
  };

  let mode: Outage | 'up' | 'slow' = 'up';
  const sockets = new Set<net.Socket>();
  const counts = { connections: 0 };
  const front = net.createServer((socket) => {
    counts.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (mode === 'silent') return;
    const server = net.connect(upstream[mode]!, '127.0.0.1');
    server.on('error', () => socket.destroy());
    socket.on('error', () => server.destroy());
    socket.pipe(server).pipe(socket);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', () => resolve()));
  const port = (front.address() as net.AddressInfo).port;
  const close = () => new Promise<void>((resolve) => front.close(() => resolve()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    counts,
    /** Everything received whose subject is this, by any of the servers. */
    withSubject: (subject: string) => received.filter((m) => m.subject === subject),
    /** Down in one way, slow (each message acknowledged after `ms`), or up again. */
    async set(next: Outage | 'up' | 'slow', ms = 0) {
      slowMs = ms;
      if (next === 'refused' && front.listening) await close();
      if (next !== 'refused' && !front.listening)
        await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', () => resolve()));
      mode = next;
    },
    /** Hangs up every connection held open now (the silent server's, a stuck client's). */
    dropConnections() {
      for (const s of sockets) s.destroy();
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (front.listening) await close();
      for (const s of [slow, greets421, answers451, ackless])
        await new Promise<void>((resolve) => s.server.close(() => resolve()));
      await good.close();
    },
  };
}
