/**
 * Password hashing beside everything else: how long a static file (a hashed JS asset, read from
 * disk on libuv's thread pool, which scrypt shares) takes while a burst of buyers change their
 * password at once (each change hashes twice at OWASP cost), against the same file with nothing
 * else going on. The ratio of the two is the figure; absolute times swing with the machine.
 */
import type { Percentiles } from './catalogue-bench.ts';

export const HASHING_PASSWORD = 'bench password 1';

function percentiles(samples: number[]): Percentiles & { max: number; n: number } {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99), max: s.at(-1) ?? 0, n: s.length };
}

export async function benchHashing(app: string, control: string, { burst }: { burst: number }) {
  const { cookies } = (await (
    await fetch(`${control}/hashing/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ buyers: burst, password: HASHING_PASSWORD }),
    })
  ).json()) as { cookies: string[] };
  const html = await (await fetch(`${app}/`)).text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  if (!asset) throw new Error('no asset in the home page');
  const timeStatic = async () => {
    const t0 = performance.now();
    const res = await fetch(app + asset, { headers: { 'accept-encoding': 'br, gzip' } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${asset}: ${res.status}`);
    return performance.now() - t0;
  };

  for (let i = 0; i < 20; i++) await timeStatic(); // warm
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await timeStatic());

  let finished = false;
  const started = performance.now();
  const changes = Promise.all(
    cookies.map((cookie) =>
      fetch(`${app}/api/v1/auth/change-password`, {
        method: 'POST',
        headers: { cookie, origin: app, 'content-type': 'application/json' },
        body: JSON.stringify({
          oldPassword: HASHING_PASSWORD,
          password: 'bench password 2',
          confirmPassword: 'bench password 2',
        }),
      }).then((r) => r.status),
    ),
  ).finally(() => {
    finished = true;
  });
  const during: number[] = [];
  while (!finished) during.push(await timeStatic());
  const statuses = await changes;
  const burstSeconds = (performance.now() - started) / 1000;
  const answered: Record<number, number> = {};
  for (const s of statuses) answered[s] = (answered[s] ?? 0) + 1;
  return { idle: percentiles(idle), during: percentiles(during), burstSeconds, answered };
}
