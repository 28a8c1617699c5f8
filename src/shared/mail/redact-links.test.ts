import { describe, expect, it } from 'vitest';
import { carriesToken, REDACTED, redactLinks } from './redact-links.ts';

const token = 'q9Xk2LmN4pR7sT1vW3yZ5aB8cD0eF6gH2jK4lM6nP8r';

describe('links with tokens in a mail staff read (decision 014, item 18)', () => {
  it('redacts a token query parameter and keeps the rest of the link', () => {
    const text = `Verify my email: http://localhost:3000/verify-email?token=${token}\n\n— Store`;
    const out = redactLinks(text);
    expect(out).toBe(`Verify my email: http://localhost:3000/verify-email?token=${REDACTED}\n\n— Store`);
    expect(out).not.toContain(token);
    expect(carriesToken(text)).toBe(true);
  });

  it('redacts reset links, other token-named parameters and escaped HTML ampersands', () => {
    const text = [
      `https://shop.example/reset-password?email=a%40b.example&token=${token}&next=/account`,
      `https://shop.example/login?code=123456&state=xyz`,
      `<a href="https://shop.example/x?a=1&amp;access_token=abc123">go</a>`,
    ].join('\n');
    const out = redactLinks(text);
    expect(out).toContain(`email=a%40b.example&token=${REDACTED}&next=/account`);
    expect(out).toContain(`code=${REDACTED}&state=xyz`);
    expect(out).toContain(`&amp;access_token=${REDACTED}"`);
    expect(out).not.toContain(token);
    expect(out).not.toContain('abc123');
  });

  it('redacts a token path segment, named or random-looking', () => {
    expect(redactLinks(`http://s.example/verify-email/${token}`)).toBe(
      `http://s.example/verify-email/${REDACTED}`,
    );
    expect(redactLinks(`http://s.example/magic/${token}/go`)).toBe(`http://s.example/magic/${REDACTED}/go`);
    expect(redactLinks('http://s.example/d/0123456789abcdef0123456789abcdef')).toBe(
      `http://s.example/d/${REDACTED}`,
    );
  });

  it('leaves ordinary links and text alone', () => {
    const text = [
      'Track my order: http://localhost:3000/orders/SS-100123',
      'See the product: http://localhost:3000/product/vapes/nimbus-bar/nimbus-bar-ultra-5000-puffs',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      'Your token is not a link here: the word token= alone is text.',
    ].join('\n');
    expect(redactLinks(text)).toBe(text);
    expect(carriesToken(text)).toBe(false);
  });
});
