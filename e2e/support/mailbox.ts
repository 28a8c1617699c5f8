import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeQuotedPrintable, startSmtp } from '../../tests/smtp.ts';

/**
 * A real SMTP server for the browser journeys: the store sends to it (SMTP_URL), and each
 * message lands as a file in a folder the specs read (E2E_MAILBOX), since they run in other
 * processes.
 */
export async function startMailbox(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const smtp = await startSmtp((mail) =>
    writeFileSync(path.join(dir, `${Date.now()}-${++n}.json`), JSON.stringify(mail)),
  );
  return { url: smtp.url, close: smtp.close };
}

/** Waits for the n-th mail to an address with a link to `linkPath` and returns that link. */
export async function waitForLink(
  address: string,
  linkPath: string,
  nth = 1,
  timeoutMs = 15_000,
): Promise<string> {
  const dir = process.env.E2E_MAILBOX;
  if (!dir) throw new Error('E2E_MAILBOX is not set (run the journeys with npm run test:e2e)');
  const pattern = new RegExp(`https?://[^\\s"<>]*${linkPath}\\?token=[A-Za-z0-9_-]+`);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const links = readdirSync(dir)
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; raw: string })
      .filter((m) => m.to.includes(address))
      .map((m) => pattern.exec(decodeQuotedPrintable(m.raw))?.[0])
      .filter((l): l is string => Boolean(l));
    if (links[nth - 1]) return links[nth - 1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with ${linkPath} for ${address}`);
}
