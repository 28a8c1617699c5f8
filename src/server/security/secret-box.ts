import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

/**
 * Seals short secrets kept in the database (staff TOTP keys) with AES-256-GCM, so a copy of the
 * database (a backup, a leaked dump) does not hold what a second factor needs. The key lives
 * outside the database: SECRET_KEY, or DATA_DIR/secret.key made on first start.
 * Sealed text is "v1.<iv>.<tag>.<ciphertext>" in base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.key = key;
  }

  static random(): SecretBox {
    return new SecretBox(randomBytes(32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plain text; a value written before sealing existed is returned as it is. Throws on a wrong key. */
  open(sealed: string): string {
    if (!sealed.startsWith(`${VERSION}.`)) return sealed;
    const [, iv, tag, body] = sealed.split('.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv!, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body!, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** SECRET_KEY (32 bytes as base64 or hex) if set, else DATA_DIR/secret.key, created (mode 600) when missing. */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return parseKey(secretKey, 'SECRET_KEY');
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return parseKey(readFileSync(file, 'utf8').trim(), file);
}

function parseKey(text: string, from: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${from} must be 32 bytes, as base64 or 64 hex characters`);
  return key;
}
