import { describe, expect, it } from 'vitest';
import { carriesToken, REDACTED, redactLinks } from './redact-links.ts';

/** A token as the store makes them: 32 random bytes, base64url (email-tokens.ts). */
const token = 'q9Xk2LmN4pR7sT1vW3yZ5aB8cD0eF6gH2jK4lM6nP8r';
const R = REDACTED;

/** Redacts and checks that nothing of the token is left, whatever else the link says. */
function redacted(text: string, secret = token): string {
  const out = redactLinks(text);
  expect(out, text).not.toContain(secret);
  expect(carriesToken(text), text).toBe(true);
  return out;
}

describe('links with tokens in a mail staff read (decision 014, item 18)', () => {
  it('redacts the token of a verification or reset mail and keeps the rest of the mail', () => {
    const text = `Hello Ana,\n\nVerify my email: http://localhost:3000/verify-email?token=${token}\n\n— Store`;
    expect(redacted(text)).toBe(
      `Hello Ana,\n\nVerify my email: http://localhost:3000/verify-email?token=${R}\n\n— Store`,
    );
    expect(REDACTED).toBe('[redacted]');
    expect(
      redacted(`https://shop.example/reset-password?email=a%40b.example&token=${token}&next=/account`),
    ).toBe(`https://shop.example/reset-password?email=a%40b.example&token=${R}&next=/account`);
  });

  it.each([
    ['a fragment', `https://shop.example/welcome#token=${token}`, `https://shop.example/welcome#token=${R}`],
    [
      'an escaped HTML ampersand',
      `<a href="https://shop.example/x?a=1&amp;access_token=${token}">go</a>`,
      `<a href="https://shop.example/x?a=1&amp;access_token=${R}">go</a>`,
    ],
    ['upper case', `HTTPS://SHOP.EXAMPLE/X?TOKEN=${token}`, `HTTPS://SHOP.EXAMPLE/X?TOKEN=${R}`],
    ['a link with no scheme', `shop.example/x?reset_token=${token}`, `shop.example/x?reset_token=${R}`],
    ['a quoted link', `href='https://s.example/x?token=${token}'`, `href='https://s.example/x?token=${R}'`],
    ['a bracketed link', `<https://s.example/x?token=${token}>`, `<https://s.example/x?token=${R}>`],
    ['the end of a line', `https://s.example/x?token=${token}\nnext`, `https://s.example/x?token=${R}\nnext`],
    ['the next fragment', `https://s.example/x?token=${token}#top`, `https://s.example/x?token=${R}#top`],
  ])('redacts a token parameter in %s', (_, text, expected) => {
    expect(redacted(text)).toBe(expected);
  });

  it('redacts any parameter named like a token, a secret, a key or a code', () => {
    const names = [
      'token',
      'Token',
      'access_token',
      'tokenId',
      'id_token.v2',
      'client_secret',
      'password',
      'new-password',
      'X-Amz-Signature',
      'X-Amz-Credential',
      'otp',
      'auth',
      'oauth_verifier',
      'session_id',
      'nonce',
      'key',
      'apiKey',
      'api_key',
      'code',
      'auth_code',
      'promo-code',
      'sig',
      't',
      'k',
    ];
    for (const name of names)
      expect(redacted(`https://s.example/x?a=1&${name}=v4lue&b=2`, 'v4lue'), name).toBe(
        `https://s.example/x?a=1&${name}=${R}&b=2`,
      );
  });

  it('keeps parameters that are not tokens, so staff can still follow a tracking or account link', () => {
    for (const name of ['tracknum', 'p', 'email', 'state', 'next', 'page', 'q', 'tab', 'kind', 'sku', 'id']) {
      const text = `https://s.example/x?${name}=SS-1003-10`;
      expect(redactLinks(text), name).toBe(text);
    }
    expect(redactLinks('The word token= alone, with no link before it, is text.')).toBe(
      'The word token= alone, with no link before it, is text.',
    );
  });

  it('redacts the path segment after a step that takes a token, whatever it looks like', () => {
    const steps = [
      'verify-email',
      'verify',
      'email-verification',
      'reset-password',
      'password-reset',
      'reset',
      'set-password',
      'confirm',
      'activate',
      'invite',
      'invitation',
      'accept-invite',
      'magic-link',
      'sign-in-link',
      'login',
      'sign-in',
      'unsubscribe',
      'token',
      't',
      'VERIFY-EMAIL',
    ];
    for (const step of steps) {
      expect(redacted(`http://s.example/${step}/abc123`, 'abc123'), step).toBe(
        `http://s.example/${step}/${R}`,
      );
      expect(redactLinks(`http://s.example/${step}/abc123/next?x=1#y`), step).toBe(
        `http://s.example/${step}/${R}/next?x=1#y`,
      );
    }
    expect(redactLinks('http://s.example/orders/SS-100123/verify')).toBe(
      'http://s.example/orders/SS-100123/verify',
    );
  });

  it('redacts a password in the user part of a link, and keeps the user', () => {
    expect(redacted('https://ana:hunter2@shop.example/files', 'hunter2')).toBe(
      `https://ana:${R}@shop.example/files`,
    );
    expect(redactLinks('https://ana@shop.example/files and http://localhost:3000/a@b')).toBe(
      'https://ana@shop.example/files and http://localhost:3000/a@b',
    );
  });

  it('redacts a random-looking piece of any link, in the path, query, fragment or a signed token', () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(redacted(`http://s.example/magic/${token}/go`)).toBe(`http://s.example/magic/${R}/go`);
    expect(redacted(`http://s.example/x?${token}`)).toBe(`http://s.example/x?${R}`);
    expect(redacted(`http://s.example/x#${token}`)).toBe(`http://s.example/x#${R}`);
    expect(redacted(`http://s.example/x?from=${token}`)).toBe(`http://s.example/x?from=${R}`);
    expect(redacted(`http://s.example/s/${jwt}`, 'dozjgNryP4J3jVmNHl0w5N')).toBe(
      `http://s.example/s/${R}.${R}.${R}`,
    );
    // Standard base64 with its "+" percent-encoded, and a hex digest.
    expect(redacted(`http://s.example/d/q9Xk2LmN4pR7%2BsT1vW3yZ5aB8cD0eF6gH2`, 'sT1vW3yZ5aB8')).toBe(
      `http://s.example/d/${R}`,
    );
    expect(redacted('http://s.example/d/0123456789abcdef0123456789abcdef', '0123456789abcdef')).toBe(
      `http://s.example/d/${R}`,
    );
  });

  it('draws the line for random-looking at 20 mixed-case characters, or 24 of letters and digits', () => {
    const mixed = 'aB3'.repeat(7); // 21
    expect(redactLinks(`http://s.example/${mixed.slice(0, 20)}`)).toBe(`http://s.example/${R}`);
    expect(redactLinks(`http://s.example/${mixed.slice(0, 19)}`)).toBe(
      `http://s.example/${mixed.slice(0, 19)}`,
    );
    expect(redactLinks(`http://s.example/${'Ab_'.repeat(7)}9`)).toBe(`http://s.example/${R}`);
    // Without one of upper case, lower case or digits, 20 is not enough.
    for (const piece of ['ab3'.repeat(7), 'AB3'.repeat(7), 'aBc'.repeat(7)])
      expect(redactLinks(`http://s.example/${piece}`), piece).toBe(`http://s.example/${piece}`);
    const run = 'kzx7q2m4n8p1r5t9v3w6y0b2'; // 24 lower case letters and digits
    expect(redactLinks(`http://s.example/${run}`)).toBe(`http://s.example/${R}`);
    expect(redactLinks(`http://s.example/${run.toUpperCase()}`)).toBe(`http://s.example/${R}`);
    expect(redactLinks(`http://s.example/${run.slice(0, 23)}`)).toBe(`http://s.example/${run.slice(0, 23)}`);
    // 24 in a row, even after a word and a dash.
    expect(redactLinks(`http://s.example/reset-${run}`)).toBe(`http://s.example/${R}`);
    // Not letters alone, not digits alone (a long USPS tracking number), nor short words and numbers
    // joined by dashes or encoded pluses (a slug, a search).
    for (const piece of [
      'kzxqmnprtvwybkzxqmnprtvwyb',
      '420902109400111899223197428490',
      'nimbus-bar-ultra-5000-puffs-mango',
      'nimbus_bar_ultra_5000_puffs_mango',
      'nimbus%2Bbar%2Bultra%2B5000%2Bpuffs',
    ])
      expect(redactLinks(`http://s.example/${piece}`), piece).toBe(`http://s.example/${piece}`);
  });

  it('reads a link whose separators are percent-encoded, once or twice, and shows it decoded', () => {
    expect(redacted(`https://shop.example/login?next=%2Fverify-email%3Ftoken%3D${token}`)).toBe(
      `https://shop.example/login?next=/verify-email?token=${R}`,
    );
    expect(redacted(`https://shop.example/login?next=%252fverify-email%253ftoken%253d${token}`)).toBe(
      `https://shop.example/login?next=/verify-email?token=${R}`,
    );
    expect(redacted(`https://s.example/go?to=%2Freset-password%2Fabc123`, 'abc123')).toBe(
      `https://s.example/go?to=/reset-password/${R}`,
    );
    expect(redacted(`https://s.example/go?to=%2Fx%3Fa%3D1%26code%3Dabc123%23top`, 'abc123')).toBe(
      `https://s.example/go?to=/x?a=1&code=${R}#top`,
    );
    expect(redacted(`https://s.example/go?to=%2Fx%23auth%3Dabc123`, 'abc123')).toBe(
      `https://s.example/go?to=/x#auth=${R}`,
    );
  });

  it('leaves ordinary links and text as they are, their encoding too', () => {
    const text = [
      'Track my order: http://localhost:3000/orders/SS-100123',
      'See the product: http://localhost:3000/product/vapes/nimbus-bar/nimbus-bar-ultra-5000-puffs',
      'Open My Profile: http://localhost:3000/account?p=My%20Profile',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      'Back to your orders: https://shop.example/login?next=%2Forders%2FSS-100123%3Ftab%3Ditems',
      'The buyer: http://localhost:3000/admin/buyers/550e8400-e29b-41d4-a716-446655440000',
      `A token outside a link is not one: ${token}`,
    ].join('\n');
    expect(redactLinks(text)).toBe(text);
    expect(carriesToken(text)).toBe(false);
    expect(carriesToken('')).toBe(false);
  });

  it('redacts every link of a mail, and a redacted mail has nothing left to redact', () => {
    const text = `Choose a new password: http://localhost:3000/reset-password?token=${token}\nOr http://localhost:3000/verify-email/${token}\nSee your orders: http://localhost:3000/orders/SS-100777`;
    const out = redacted(text);
    expect(out).toBe(
      `Choose a new password: http://localhost:3000/reset-password?token=${R}\nOr http://localhost:3000/verify-email/${R}\nSee your orders: http://localhost:3000/orders/SS-100777`,
    );
    expect(redactLinks(out)).toBe(out);
  });
});
