import { describe, expect, it } from 'vitest';
import { COMPANY_SENTENCES } from './audit-company.ts';

interface Entry {
  action: string;
  before?: unknown;
  after?: unknown;
  name?: string | null;
}
const say = ({ action, before = null, after = null, name = 'Corner Shop' }: Entry) => {
  const sentence = COMPANY_SENTENCES[action];
  if (!sentence) throw new Error(`no sentence for ${action}`);
  return sentence({ entityId: 'c-1', before, after, record: { name } });
};

describe('a member as the entry holds them', () => {
  const removed = (before: unknown) => say({ action: 'company.member_removed', before });

  it('names them by name and email, by email only, by name only, or as a member', () => {
    expect(removed({ role: 'buyer', name: 'Dana', email: 'dana@shop.example' })).toBe(
      'Removed buyer Dana (dana@shop.example) from “Corner Shop”',
    );
    expect(removed({ role: 'buyer', email: 'dana@shop.example' })).toBe(
      'Removed buyer dana@shop.example from “Corner Shop”',
    );
    expect(removed({ role: 'buyer', name: 'Dana' })).toBe('Removed buyer Dana from “Corner Shop”');
    expect(removed({ role: 'buyer' })).toBe('Removed buyer a member from “Corner Shop”');
  });

  it('takes a name that is not text, or only spaces, for none', () => {
    expect(removed({ role: 'buyer', name: 42, email: 'dana@shop.example' })).toBe(
      'Removed buyer dana@shop.example from “Corner Shop”',
    );
    expect(removed({ role: 'buyer', name: '   ', email: 'dana@shop.example' })).toBe(
      'Removed buyer dana@shop.example from “Corner Shop”',
    );
    expect(removed({ role: 7, name: 'Dana', email: ' ' })).toBe(
      'Removed an unknown role Dana from “Corner Shop”',
    );
    expect(removed(null)).toBe('Removed an unknown role a member from “Corner Shop”');
  });

  it('says "their company" when the server has no name for it', () => {
    expect(say({ action: 'company.enabled', name: null })).toBe('Enabled company their company');
    expect(say({ action: 'company.enabled', name: '  ' })).toBe('Enabled company their company');
    expect(say({ action: 'company.disabled' })).toBe(
      'Disabled company “Corner Shop”: its members were signed out',
    );
  });
});

describe('an invitation as the entry holds it', () => {
  const withdrawn = (e: Omit<Entry, 'action'>) => say({ action: 'company.invitation_withdrawn', ...e });

  it('is named by the server, else the email after, else the email before, else as an invitation', () => {
    expect(withdrawn({ name: 'ana@shop.example to Corner Shop', after: { email: 'x@y.example' } })).toBe(
      'Withdrew the invitation of ana@shop.example to Corner Shop',
    );
    expect(
      withdrawn({
        name: null,
        after: { email: 'after@shop.example' },
        before: { email: 'before@shop.example' },
      }),
    ).toBe('Withdrew the invitation of after@shop.example');
    expect(withdrawn({ name: ' ', after: { email: 5 }, before: { email: 'before@shop.example' } })).toBe(
      'Withdrew the invitation of before@shop.example',
    );
    expect(withdrawn({ name: null, after: {}, before: { email: '  ' } })).toBe(
      'Withdrew the invitation of an invitation',
    );
  });

  it('is resent and accepted in words of their own', () => {
    expect(
      say({ action: 'company.invitation_resent', name: null, after: { email: 'ana@shop.example' } }),
    ).toBe('Sent the invitation of ana@shop.example again');
    expect(
      say({ action: 'company.invitation_accepted', name: 'ana@shop.example', after: { role: 'viewer' } }),
    ).toBe('Accepted the invitation of ana@shop.example and joined as viewer');
    expect(say({ action: 'company.invitation_accepted', name: null })).toBe(
      'Accepted the invitation of an invitation and joined as an unknown role',
    );
  });

  it('shows a buyer’s order limit, and only a buyer’s, and only a number', () => {
    const invited = (after: unknown) =>
      say({ action: 'company.member_invited', name: 'ana@shop.example', after });
    expect(invited({ role: 'buyer', orderLimitCents: 150000 })).toBe(
      'Invited ana@shop.example as buyer with an order limit of $1,500.00',
    );
    expect(invited({ role: 'buyer', orderLimitCents: 0 })).toBe(
      'Invited ana@shop.example as buyer with an order limit of $0.00',
    );
    expect(invited({ role: 'buyer' })).toBe('Invited ana@shop.example as buyer');
    expect(invited({ role: 'buyer', orderLimitCents: '150000' })).toBe('Invited ana@shop.example as buyer');
    expect(invited({ role: 'viewer', orderLimitCents: 150000 })).toBe('Invited ana@shop.example as viewer');
    expect(invited(null)).toBe('Invited ana@shop.example as an unknown role');
  });
});

describe('a member’s role and order limit', () => {
  const changed = (before: unknown, after: unknown) =>
    say({ action: 'company.member_role_changed', before, after });
  const dana = { name: 'Dana', email: 'dana@shop.example' };

  it('says the role changed, with the limit only when it changed too', () => {
    expect(changed({ ...dana, role: 'viewer' }, { ...dana, role: 'buyer', orderLimitCents: 5000 })).toEqual({
      sentence: 'Changed the role of Dana (dana@shop.example) at “Corner Shop” from viewer to buyer',
      details: ['order limit: none → $50.00'],
    });
    expect(
      changed(
        { ...dana, role: 'buyer', orderLimitCents: 5000 },
        { ...dana, role: 'owner', orderLimitCents: 5000 },
      ),
    ).toEqual({
      sentence: 'Changed the role of Dana (dana@shop.example) at “Corner Shop” from buyer to owner',
      details: [],
    });
  });

  it('says only the order limit changed when the role did not', () => {
    expect(
      changed(
        { ...dana, role: 'buyer', orderLimitCents: 5000 },
        { ...dana, role: 'buyer', orderLimitCents: 7500 },
      ),
    ).toEqual({
      sentence: 'Changed the order limit of Dana (dana@shop.example) at “Corner Shop”',
      details: ['order limit: $50.00 → $75.00'],
    });
    expect(changed({ ...dana, role: 'buyer', orderLimitCents: 5000 }, { ...dana, role: 'buyer' })).toEqual({
      sentence: 'Changed the order limit of Dana (dana@shop.example) at “Corner Shop”',
      details: ['order limit: $50.00 → none'],
    });
  });

  it('reads the person from after, else from before', () => {
    expect(changed({ name: 'Old Name', role: 'viewer' }, { name: 'New Name', role: 'buyer' })).toEqual({
      sentence: 'Changed the role of New Name at “Corner Shop” from viewer to buyer',
      details: [],
    });
    expect(changed({ ...dana, role: 'viewer' }, null)).toEqual({
      sentence:
        'Changed the role of Dana (dana@shop.example) at “Corner Shop” from viewer to an unknown role',
      details: [],
    });
    expect(changed(undefined, { ...dana, role: 'buyer' })).toEqual({
      sentence: 'Changed the role of Dana (dana@shop.example) at “Corner Shop” from an unknown role to buyer',
      details: [],
    });
  });
});

describe('a company’s details, group, location limit and notes', () => {
  it('says nothing changed when the details are the same', () => {
    expect(say({ action: 'company.updated', before: { phone: '555' }, after: { phone: '555' } })).toBe(
      'Saved the details of company “Corner Shop” (nothing changed)',
    );
    expect(say({ action: 'company.updated', before: { phone: '555' }, after: { phone: '556' } })).toEqual({
      sentence: 'Changed the details of company “Corner Shop”',
      details: ['phone: 555 → 556'],
    });
  });

  it('says a company left its group, moved between groups, or joined one', () => {
    const group = (was: string | null, now: string | null) =>
      say({
        action: 'company.group',
        before: { group: was ? { id: 'g1', name: was } : null },
        after: { group: now ? { id: 'g2', name: now } : null },
      });
    expect(group('Old', null)).toBe('Took company “Corner Shop” out of its customer group “Old”');
    expect(group(null, null)).toBe('Took company “Corner Shop” out of its customer group');
    expect(group('Old', 'New')).toBe('Moved company “Corner Shop” from customer group “Old” to “New”');
    expect(group(null, 'New')).toBe('Put company “Corner Shop” in customer group “New”');
    expect(group('Same', 'Same')).toBe('Put company “Corner Shop” in customer group “Same”');
    expect(
      say({ action: 'company.group', before: { group: { name: ' ' } }, after: { group: { name: 'New' } } }),
    ).toBe('Put company “Corner Shop” in customer group “New”');
  });

  it('says who became the sales rep, instead of whom, or that none is now', () => {
    const rep = (was: string | null, now: string | null) =>
      say({
        action: 'company.sales_rep_set',
        before: { salesRep: was ? { id: 'r1', name: was } : null },
        after: { salesRep: now ? { id: 'r2', name: now } : null },
      });
    expect(rep(null, 'Rae Rep')).toBe('Made Rae Rep the sales rep of “Corner Shop”');
    expect(rep('Sal Old', 'Rae Rep')).toBe('Made Rae Rep the sales rep of “Corner Shop”, instead of Sal Old');
    expect(rep('Sal Old', null)).toBe('Left “Corner Shop” without a sales rep: it was Sal Old');
    expect(rep(null, null)).toBe('Left “Corner Shop” without a sales rep');
  });

  it('says the location limit from and to what numbers the entry holds', () => {
    const limit = (before: unknown, after: unknown) =>
      say({ action: 'company.location_limit', before, after });
    expect(limit({ locationLimit: 3 }, { locationLimit: 5 })).toBe(
      'Set the location limit of company “Corner Shop” from 3 to 5',
    );
    expect(limit({ locationLimit: 0 }, { locationLimit: 1 })).toBe(
      'Set the location limit of company “Corner Shop” from 0 to 1',
    );
    expect(limit({ locationLimit: '3' }, { locationLimit: 5 })).toBe(
      'Set the location limit of company “Corner Shop” to 5',
    );
    expect(limit(null, { locationLimit: 0 })).toBe('Set the location limit of company “Corner Shop” to 0');
    expect(limit({ locationLimit: 3 }, { locationLimit: '5' })).toBe(
      'Set the location limit of company “Corner Shop” from 3 to a new number',
    );
    expect(limit(null, null)).toBe('Set the location limit of company “Corner Shop” to a new number');
  });

  it('shows a note’s text, and no detail for an empty note', () => {
    const note = (after: unknown) => say({ action: 'company.note_added', after });
    expect(note({ body: 'Pays late.' })).toEqual({
      sentence: 'Added a note to company “Corner Shop”',
      details: ['Pays late.'],
    });
    expect(note({ body: '' })).toEqual({ sentence: 'Added a note to company “Corner Shop”', details: [] });
    expect(note({ body: '   ' })).toEqual({ sentence: 'Added a note to company “Corner Shop”', details: [] });
    expect(note(null)).toEqual({ sentence: 'Added a note to company “Corner Shop”', details: [] });
  });
});
