import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretKey, SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  it('seals and opens; each seal differs; another key cannot open it', () => {
    const box = SecretBox.random();
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => SecretBox.random().open(a)).toThrow();
    // Flip one bit of the ciphertext itself: editing the base64 text's last characters may touch
    // only its padding bits and leave the bytes as they were (the CI flake this replaced).
    const [version, iv, tag, body] = a.split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = [version, iv, tag, bytes.toString('base64url')].join('.');
    expect(tampered).not.toBe(a);
    expect(() => box.open(tampered)).toThrow();
    // Written before sealing existed: read as it is.
    expect(box.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('makes DATA_DIR/secret.key once (owner-only) and reads SECRET_KEY when set', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-key-'));
    const first = loadSecretKey(undefined, dir);
    expect(loadSecretKey(undefined, dir).equals(first)).toBe(true);
    expect(statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8')).toBe(first.toString('base64'));
    const hex = 'ab'.repeat(32);
    expect(loadSecretKey(hex, dir).toString('hex')).toBe(hex);
    expect(() => loadSecretKey('short', dir)).toThrow('SECRET_KEY must be 32 bytes');
  });
});
