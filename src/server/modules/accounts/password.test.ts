import { describe, expect, it } from 'vitest';
import { HashingBusy, HashQueue, hashPassword, hashQueue, OWASP_SCRYPT, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse battery', { logN: 12, r: 8, p: 1 });
    expect(hash).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const cost = { logN: 10, r: 8, p: 1 };
    expect(await hashPassword('same', cost)).not.toBe(await hashPassword('same', cost));
  });

  it('uses OWASP parameters by default', async () => {
    expect(OWASP_SCRYPT).toEqual({ logN: 17, r: 8, p: 1 });
    const hash = await hashPassword('a long enough password');
    expect(hash.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('a long enough password', hash)).toBe(true);
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });

  it('hashes take turns: never more at once than the queue allows', async () => {
    hashQueue.peak = 0;
    const cost = { logN: 12, r: 8, p: 1 };
    const hashes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => hashPassword(`password ${i}`, cost)),
    );
    expect(new Set(hashes).size).toBe(12);
    expect(hashQueue.peak).toBeGreaterThanOrEqual(1);
    expect(hashQueue.peak).toBeLessThanOrEqual(hashQueue.concurrency);
  });
});

describe('HashQueue', () => {
  it('runs at most `concurrency` jobs at once and refuses beyond the waiting room', async () => {
    const queue = new HashQueue(2, 3);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const job = () =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => release.push(r));
        running--;
        return 'done';
      });
    const accepted = Array.from({ length: 5 }, job); // 2 running, 3 waiting
    await expect(job()).rejects.toBeInstanceOf(HashingBusy);
    while (release.length || running) {
      await new Promise((r) => setTimeout(r, 1));
      release.shift()?.();
    }
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(most).toBe(2);
    expect(queue.peak).toBe(2);
  });

  it('a failed job frees its place', async () => {
    const queue = new HashQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 1)).toBe(1);
  });
});
