import { formatCents } from '#shared/money.ts';
import { RECEIVABLES_SENTENCES } from '#shared/staff/audit-receivables.ts';
import { REPORTS_SENTENCES } from '#shared/staff/audit-reports.ts';
import { asRecord, changedFields, changeLine } from '#shared/staff/audit-values.ts';

/**
 * The audit log's sentences for what a company's owners and new members do (decision 015, step
 * 3): their details, members' roles and removals, invitations. Entries of `company` name the
 * company (the server's name for it, else none); a member's are about the person the entry holds.
 * Kept apart from audit-sentence.ts, which reads them in with its own.
 */

/** What these sentences read of an entry (audit-sentence.ts's AuditEntryView is one). */
interface CompanyEntry {
  entityId: string;
  before: unknown;
  after: unknown;
  record: { name: string | null };
}
type Said = string | { sentence: string; details: string[] };

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const field = (v: unknown, key: string) => asRecord(v)?.[key];
const company = (e: CompanyEntry) => (text(e.record.name) ? `“${e.record.name}”` : 'their company');

/** "Dana Buyer (dana@shop.example)", or what the entry has of them. */
function person(v: unknown): string {
  const name = text(field(v, 'name'));
  const email = text(field(v, 'email'));
  return name && email ? `${name} (${email})` : (email ?? name ?? 'a member');
}
const role = (v: unknown) => text(field(v, 'role')) ?? 'an unknown role';
const limit = (v: unknown) => {
  const cents = field(v, 'orderLimitCents');
  return typeof cents === 'number' ? formatCents(cents) : 'none';
};

/** The invitation's email and company as the server names it ("ana@… to Corner Shop"), else the entry's email. */
const invitation = (e: CompanyEntry) =>
  text(e.record.name) ?? text(field(e.after, 'email')) ?? text(field(e.before, 'email')) ?? 'an invitation';

function roleChanged(e: CompanyEntry): Said {
  const who = person(e.after ?? e.before);
  const [was, now] = [role(e.before), role(e.after)];
  const limits =
    limit(e.before) !== limit(e.after) ? [`order limit: ${limit(e.before)} → ${limit(e.after)}`] : [];
  if (was === now) return { sentence: `Changed the order limit of ${who} at ${company(e)}`, details: limits };
  return { sentence: `Changed the role of ${who} at ${company(e)} from ${was} to ${now}`, details: limits };
}

function detailsChanged(e: CompanyEntry): Said {
  const changes = changedFields(e.before, e.after);
  if (changes.length === 0) return `Saved the details of company ${company(e)} (nothing changed)`;
  return { sentence: `Changed the details of company ${company(e)}`, details: changes.map(changeLine) };
}

/** A group as the entry holds it ({ id, name } or null). */
const groupName = (v: unknown) => text(field(field(v, 'group'), 'name'));

function groupSet(e: CompanyEntry): Said {
  const [was, now] = [groupName(e.before), groupName(e.after)];
  if (!now) return `Took company ${company(e)} out of its customer group${was ? ` “${was}”` : ''}`;
  return was && was !== now
    ? `Moved company ${company(e)} from customer group “${was}” to “${now}”`
    : `Put company ${company(e)} in customer group “${now}”`;
}

function locationLimit(e: CompanyEntry): Said {
  const [was, now] = [field(e.before, 'locationLimit'), field(e.after, 'locationLimit')];
  const from = typeof was === 'number' ? ` from ${was}` : '';
  return `Set the location limit of company ${company(e)}${from} to ${typeof now === 'number' ? now : 'a new number'}`;
}

const repName = (v: unknown) => text(field(field(v, 'salesRep'), 'name'));

function salesRepSet(e: CompanyEntry): Said {
  const [was, now] = [repName(e.before), repName(e.after)];
  if (now && was) return `Made ${now} the sales rep of ${company(e)}, instead of ${was}`;
  if (now) return `Made ${now} the sales rep of ${company(e)}`;
  return `Left ${company(e)} without a sales rep${was ? `: it was ${was}` : ''}`;
}

export const COMPANY_SENTENCES: Record<string, (e: CompanyEntry) => Said> = {
  // A company's account with the store (decision 017): its terms, credit, payments, returns.
  ...RECEIVABLES_SENTENCES,
  // Reports and excise returns (decision 018), which name their own records.
  ...REPORTS_SENTENCES,
  'company.updated': detailsChanged,
  'company.member_role_changed': roleChanged,
  'company.member_removed': (e) => `Removed ${role(e.before)} ${person(e.before)} from ${company(e)}`,
  'company.member_invited': (e) => {
    const asBuyer =
      field(e.after, 'role') === 'buyer' && typeof field(e.after, 'orderLimitCents') === 'number';
    return `Invited ${invitation(e)} as ${role(e.after)}${asBuyer ? ` with an order limit of ${limit(e.after)}` : ''}`;
  },
  'company.invitation_resent': (e) => `Sent the invitation of ${invitation(e)} again`,
  'company.invitation_withdrawn': (e) => `Withdrew the invitation of ${invitation(e)}`,
  'company.disabled': (e) => `Disabled company ${company(e)}: its members were signed out`,
  'company.enabled': (e) => `Enabled company ${company(e)}`,
  'company.viewed_as': (e) => {
    const name = text(field(e.after, 'name'));
    return `Viewed the store as ${name ?? 'a member'} of ${company(e)} (read only)`;
  },
  'company.note_added': (e) => {
    const body = text(field(e.after, 'body'));
    return { sentence: `Added a note to company ${company(e)}`, details: body ? [body] : [] };
  },
  'company.location_limit': locationLimit,
  'company.group': groupSet,
  'company.sales_rep_set': salesRepSet,
  'company.invitation_accepted': (e) =>
    `Accepted the invitation of ${invitation(e)} and joined as ${role(e.after)}`,
};
