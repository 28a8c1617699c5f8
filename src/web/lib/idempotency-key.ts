/**
 * One key per checkout visit, or per press of the order desk's Place order: a double click or a
 * retry after a timeout sends the same key, and the server answers the one order.
 * `crypto.randomUUID` needs a secure context (https or localhost), so plain-http LAN addresses
 * fall back to `getRandomValues` shaped as a version-4 UUID.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
