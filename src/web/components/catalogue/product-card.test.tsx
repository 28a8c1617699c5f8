import { describe, expect, it } from 'vitest';
import { badgeText } from './product-card.tsx';

describe("a card's ship-to badge says why (decision 014, item 5)", () => {
  it('a license when that is all it takes, else that it cannot ship', () => {
    expect(badgeText({ kept: 'blocked', state: 'TX', licence: true })).toBe('Needs a Texas license');
    expect(badgeText({ kept: 'partial', state: 'TX', licence: true })).toBe(
      'Some options need a Texas license',
    );
    expect(badgeText({ kept: 'blocked', state: 'MA', licence: false })).toBe("Can't ship to MA");
    expect(badgeText({ kept: 'partial', state: 'MA', licence: false })).toBe("Some options can't ship to MA");
  });
});
