import { describe, expect, it } from 'vitest';
import { AUDIT_RECORD_TYPES, actionLabel } from './audit-actions.ts';
import {
  changedFields,
  factLines,
  fieldLabel,
  formatValue,
  HIDDEN,
  hideSecrets,
  isSecretField,
  sameValue,
  shorten,
} from './audit-values.ts';

describe('secrets in audit values never leave the server (decision 014, item 18)', () => {
  it.each([
    // Passwords, their hashes, tokens, authenticator keys and recovery codes, in any spelling.
    'password',
    'Password',
    'PASSWORD_HASH',
    'passwordHash',
    'newPassword',
    'password_confirmation',
    'passwd',
    'passcode',
    'passphrase',
    'hash',
    'token',
    'accessToken',
    'access_token',
    'resettoken',
    'secret',
    'clientSecret',
    'totpSecret',
    'totp_secret',
    'recoveryCodes',
    'recovery_codes',
    'credentials',
    'setCookie',
    'signature',
    // Codes that sign someone in, and keys, unless their name says they are public.
    'code',
    'codes',
    'Code',
    'verificationCode',
    'verification_code',
    'authcode',
    'smsCode',
    'otpCode',
    'backupCodes',
    'key',
    'keys',
    'apiKey',
    'api_key',
    'APIKey',
    'privateKey',
    'storageKey',
    'productCodeKey',
    'variantKeyCode',
    // Short words, as a word of the name.
    'otp',
    'OTP',
    'userOtp',
    'OTPValue',
    'step2Otp',
    'pin',
    'card_pin',
    'sessionId',
    'session_id',
    'sig',
    'mfa',
    'cvv',
    'cvc',
  ])('hides %s', (key) => {
    expect(isSecretField(key)).toBe(true);
    expect(formatValue(key, 'anything')).toBe(HIDDEN);
    expect(hideSecrets({ [key]: 'anything', name: 'Ana' })).toEqual({ [key]: HIDDEN, name: 'Ana' });
  });

  it.each([
    'productCode',
    'product_code',
    'postalCode',
    'shipPostalCode',
    'ship_postal_code',
    'postcode',
    'zipCode',
    'zip-code',
    'statusCode',
    'countryCode',
    'stateCode',
    'currencyCode',
    'trackingCode',
    'promoCode',
    'discountCode',
    'couponCode',
    'taxCode',
    'barcode',
    'searchKey',
    'search_key',
    'sortKey',
    'brandKey',
    'productKey',
    'categoryKeys',
    'variantKey',
    'idempotencyKey',
    'keyword',
    'name',
    'sku',
    'shipping',
    'opinion',
    'hotpot',
    'designation',
    'pinned',
    'email',
  ])('shows %s', (key) => {
    expect(isSecretField(key)).toBe(false);
    expect(formatValue(key, 'NB-U')).toBe('NB-U');
  });

  it('hides secrets at any depth, in objects and arrays, and leaves everything else as it was', () => {
    const entry = {
      name: 'Ana',
      tiers: [{ minQuantity: 10, priceCents: 900 }],
      user: { email: 'ana@shop.example', passwordHash: 'scrypt$abc', sessions: [{ token: 't1', at: 1 }] },
      factors: [[{ totpSecret: 'JBSWY3DP' }], null, 'plain', 3],
      recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'],
      code: { nested: 'object' },
      productCode: 'NB-U',
    };
    expect(hideSecrets(entry)).toEqual({
      name: 'Ana',
      tiers: [{ minQuantity: 10, priceCents: 900 }],
      user: { email: 'ana@shop.example', passwordHash: HIDDEN, sessions: [{ token: HIDDEN, at: 1 }] },
      factors: [[{ totpSecret: HIDDEN }], null, 'plain', 3],
      recoveryCodes: HIDDEN,
      code: HIDDEN,
      productCode: 'NB-U',
    });
    expect(JSON.stringify(hideSecrets(entry))).not.toMatch(/scrypt|t1|JBSWY3DP|aaaaa/);
    for (const value of [null, undefined, 'text', 0, false]) expect(hideSecrets(value)).toBe(value);
    expect(HIDDEN).toBe('(hidden)');
  });

  it('hides a secret inside a value it shows as JSON', () => {
    expect(formatValue('user', { email: 'a@b.example', password: 'hunter2' })).toBe(
      '{"email":"a@b.example","password":"(hidden)"}',
    );
  });
});

describe('values as the log shows them', () => {
  it('shows money in dollars, discounts in percent and days as people read them', () => {
    expect(formatValue('unitPriceCents', 123456)).toBe('$1,234.56');
    expect(formatValue('price_cents', 5)).toBe('$0.05');
    expect(formatValue('cents', 5)).toBe('5');
    expect(formatValue('basisPoints', 550)).toBe('5.5%');
    expect(formatValue('stock', 120)).toBe('120');
    expect(formatValue('expiresOn', '2027-01-31')).toBe('Jan 31, 2027');
    expect(formatValue('at', '2026-11-01T10:00:00.000Z')).toBe('2026-11-01T10:00:00.000Z');
    expect(formatValue('note', 'Renew by 2027-01-31')).toBe('Renew by 2027-01-31');
  });

  it('shows yes or no, a dash for nothing, and says when text or a list is empty', () => {
    expect(formatValue('hidden', true)).toBe('yes');
    expect(formatValue('hidden', false)).toBe('no');
    expect(formatValue('expiresOn', null)).toBe('—');
    expect(formatValue('expiresOn', undefined)).toBe('—');
    expect(formatValue('note', '')).toBe('(empty)');
    expect(formatValue('note', ' \n ')).toBe('(empty)');
    expect(formatValue('states', [])).toBe('(none)');
    expect(formatValue('tiers', [])).toBe('(none)');
  });

  it('shows lists as text, tiers as quantities and prices, and anything else as short JSON', () => {
    expect(formatValue('states', ['TX', 'CA'])).toBe('TX, CA');
    expect(formatValue('ids', [4, null, 9])).toBe('4, , 9');
    expect(formatValue('tiers', [{ minQuantity: 10, priceCents: 900 }, { minQuantity: 50 }])).toBe(
      '10+ at $9.00, 50+ at ?',
    );
    expect(formatValue('tiers', ['odd'])).toBe('?+ at ?');
    expect(formatValue('list', ['a', { password: 'x' }])).toBe('["a",{"password":"(hidden)"}]');
    expect(formatValue('condition', { kinds: ['vape'], flavoured: true })).toBe(
      '{"kinds":["vape"],"flavoured":true}',
    );
    expect(formatValue('variants', [{ sku: 'SS-1' }])).toBe('[{"sku":"SS-1"}]');
    expect(
      formatValue(
        'images',
        Array.from({ length: 30 }, (_, i) => `img${i}.webp`),
      ),
    ).toHaveLength(60);
  });

  it('shortens text to one line of 60 characters, or as many as asked', () => {
    expect(shorten('  Two\n\nlines  ')).toBe('Two lines');
    expect(shorten('x'.repeat(60))).toBe('x'.repeat(60));
    expect(shorten('x'.repeat(61))).toBe(`${'x'.repeat(59)}…`);
    expect(shorten('abcdef', 5)).toBe('abcd…');
    expect(formatValue('description', `${'word '.repeat(20)}`)).toBe(`${'word '.repeat(11)}word…`);
  });

  it('names fields in words', () => {
    expect(fieldLabel('discountPriceCents')).toBe('discount price');
    expect(fieldLabel('price_cents')).toBe('price');
    expect(fieldLabel('deliveryFeeCents')).toBe('delivery fee');
    expect(fieldLabel('unverifiedCapCents')).toBe('order cap for unverified buyers');
    expect(fieldLabel('discountPercentage')).toBe('discount %');
    expect(fieldLabel('basisPoints')).toBe('discount');
    expect(fieldLabel('rateMilli')).toBe('rate (in thousandths)');
    expect(fieldLabel('storeState')).toBe('store state');
    expect(fieldLabel('expiresOn')).toBe('expiry date');
    expect(fieldLabel('href')).toBe('link');
    expect(fieldLabel('categoryId')).toBe('category ID');
    expect(fieldLabel('sku')).toBe('SKU');
    expect(fieldLabel('image_url')).toBe('image URL');
    expect(fieldLabel('step2Done')).toBe('step2 done');
    expect(fieldLabel('identity')).toBe('identity');
    expect(fieldLabel('accents')).toBe('accents');
  });
});

describe('what a change changed', () => {
  it("lists the fields of what was written that differ from the row before, not the row's bookkeeping", () => {
    const before = { id: 5, name: 'A', priceCents: 1000, hidden: false, updatedAt: 'x', version: 3 };
    const after = {
      id: 6,
      name: 'B',
      priceCents: 1000,
      hidden: true,
      createdAt: 'y',
      searchKey: 'b',
      version: 4,
    };
    expect(changedFields(before, after)).toEqual([
      { field: 'name', label: 'name', before: 'A', after: 'B' },
      { field: 'hidden', label: 'hidden', before: 'no', after: 'yes' },
    ]);
    expect(changedFields(null, { name: 'B' })).toEqual([
      { field: 'name', label: 'name', before: '—', after: 'B' },
    ]);
    expect(changedFields({ name: 'A' }, null)).toEqual([]);
    expect(changedFields({ name: 'A' }, ['name'])).toEqual([]);
  });

  it('compares values whatever their key order, but not null with a missing field', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue([1, 23], [12, 3])).toBe(false);
    expect(sameValue(['a'], { 0: 'a' })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameValue(undefined, undefined)).toBe(true);
    expect(sameValue(null, undefined)).toBe(false);
    expect(sameValue({ a: undefined }, { a: null })).toBe(false);
    expect(changedFields({ tiers: { a: 1, b: 2 } }, { tiers: { b: 2, a: 1 } })).toEqual([]);
    expect(changedFields({ note: null }, { note: undefined })).toHaveLength(1);
  });

  it("lists a record's fields as lines, but its bookkeeping and what is asked to be left out", () => {
    expect(factLines({ id: 1, rows: 3, added: 2, replace: true, updatedAt: 'x' }, ['rows'])).toEqual([
      'added: 2',
      'replace: yes',
    ]);
    expect(factLines({ added: 2 }, [])).toEqual(['added: 2']);
    for (const value of [[1, 2], 'csv', 12, null]) expect(factLines(value, []), String(value)).toEqual([]);
  });
});

describe('the actions the filter offers', () => {
  it('lists every action once, each with a label, under record types listed once', () => {
    const codes = AUDIT_RECORD_TYPES.flatMap((t) => t.actions.map(([code]) => code));
    expect(new Set(codes).size).toBe(codes.length);
    const entities = AUDIT_RECORD_TYPES.map((t) => t.entity);
    expect(new Set(entities).size).toBe(entities.length);
    for (const t of AUDIT_RECORD_TYPES)
      for (const [code, label] of t.actions) expect(actionLabel(code)).toBe(label);
    expect(actionLabel('order.stage')).toBe('Order moved on');
    expect(actionLabel('pact.unfiled')).toBe('Month marked not filed');
    expect(actionLabel('widget.frobbed')).toBe('widget.frobbed');
  });
});
