import { formatCents } from '#shared/money.ts';
import type { Mail } from './mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One layout for every message: a plain-text body and an HTML body with the same words. */
export function layout(
  store: string,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): Mail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', `— ${store}`].join(
    '\n\n',
  );
  const html = `<!doctype html><html><body style="margin:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(store)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:22px;padding-bottom:12px">${escapeHtml(p)}</td></tr>`).join('\n')}
${
  action
    ? `<tr><td style="padding:12px 0 20px"><a href="${escapeHtml(action.url)}" style="background:#111827;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></td></tr>
<tr><td style="font-size:12px;color:#4b5563">If the button does not work, paste this link into your browser: ${escapeHtml(action.url)}</td></tr>`
    : ''
}
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}

export function verificationMail(store: string, to: string, name: string, url: string): Mail {
  return layout(
    store,
    to,
    `Verify your email for ${store}`,
    [
      `Hello ${name},`,
      `Please confirm that ${to} is your email address. Verified buyers can place orders. The link works once and expires in 24 hours.`,
    ],
    { label: 'Verify my email', url },
  );
}

export function passwordResetMail(store: string, to: string, name: string, url: string): Mail {
  return layout(
    store,
    to,
    `Reset your ${store} password`,
    [
      `Hello ${name},`,
      'Somebody asked to reset the password of your account. If it was you, choose a new password with the link below. It works once and expires in 1 hour, and it signs you out everywhere else.',
      'If it was not you, ignore this email: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}

/** One line of an order's confirmation: "2 × Name — Option ($24.00)". */
export const orderMailLine = (quantity: number, name: string, lineTotalCents: number) =>
  `${quantity} × ${name} (${formatCents(lineTotalCents)})`;

export function orderConfirmationMail(
  store: string,
  to: string,
  name: string,
  number: string,
  total: string,
  url: string,
  lines: string[],
): Mail {
  return layout(
    store,
    to,
    `Order ${number} received — ${store}`,
    [
      `Hello ${name},`,
      `Thank you for your order ${number} (total ${total}). Our team will contact you to confirm it and arrange payment.`,
      ...lines,
    ],
    { label: 'See my orders', url },
  );
}

/** To each member of a company: an order staff took for it at the desk (decision 016, part 2). */
export function deskOrderMail(
  store: string,
  to: string,
  order: { name: string; staff: string; business: string; number: string; total: string; note: string },
  url: string,
  lines: string[],
): Mail {
  return layout(
    store,
    to,
    `Order ${order.number} placed for ${order.business} — ${store}`,
    [
      `Hello ${order.name},`,
      `${order.staff} of ${store} placed order ${order.number} for ${order.business} (total ${order.total}). Our team will contact you to confirm it and arrange payment.`,
      ...(order.note ? [`Note: ${order.note}`] : []),
      ...lines,
    ],
    { label: 'See our orders', url },
  );
}

/** To each member of a company: staff changed an order before it shipped (decision 016, part 4). */
export function orderRevisedMail(
  store: string,
  to: string,
  order: { name: string; staff: string; number: string; reason: string; total: string; totalBefore: string },
  changes: string[],
  url: string,
): Mail {
  return layout(
    store,
    to,
    `Order ${order.number} changed — ${store}`,
    [
      `Hello ${order.name},`,
      `${order.staff} of ${store} changed your order ${order.number}: ${order.reason}`,
      ...changes,
      `New total: ${order.total} (it was ${order.totalBefore}).`,
    ],
    { label: 'See the order', url },
  );
}

export function reuploadRequestedMail(
  store: string,
  to: string,
  name: string,
  documentLabel: string,
  note: string,
  url: string,
): Mail {
  return layout(
    store,
    to,
    `Please upload your ${documentLabel} again — ${store}`,
    [
      `Hello ${name},`,
      `We could not verify the ${documentLabel} you uploaded. Our team wrote:`,
      note,
      'Please upload a new copy in My Profile. Until your Sales ID and tobacco license are verified, each order is limited.',
    ],
    { label: 'Open My Profile', url },
  );
}

export function orderUpdateMail(
  store: string,
  to: string,
  name: string,
  number: string,
  news: string,
  url: string,
  /** A further paragraph: who carries a shipment and its tracking number. */
  more?: string,
): Mail {
  return layout(
    store,
    to,
    `Order ${number}: ${news} — ${store}`,
    [`Hello ${name},`, `Your order ${number}: ${news}.`, ...(more ? [more] : [])],
    {
      label: 'Track my order',
      url,
    },
  );
}

export function documentExpiryMail(
  store: string,
  to: string,
  name: string,
  documentLabel: string,
  expiresOn: string,
  expired: boolean,
  url: string,
): Mail {
  return layout(
    store,
    to,
    expired
      ? `Your ${documentLabel} has expired — ${store}`
      : `Your ${documentLabel} expires on ${expiresOn} — ${store}`,
    [
      `Hello ${name},`,
      expired
        ? `The ${documentLabel} on file expired on ${expiresOn}. Until you upload the renewed one and we verify it, each order is limited.`
        : `The ${documentLabel} on file expires on ${expiresOn}. Upload the renewed one in My Profile so your ordering is not limited.`,
    ],
    { label: 'Open My Profile', url },
  );
}

export function backInStockMail(store: string, to: string, name: string, item: string, url: string): Mail {
  return layout(
    store,
    to,
    `Back in stock: ${item} — ${store}`,
    [
      `Hello ${name},`,
      `${item} is back in stock. You asked us to tell you; this is the only email about it, and the alert is now closed.`,
    ],
    { label: 'See the product', url },
  );
}

export function documentVerifiedMail(
  store: string,
  to: string,
  name: string,
  documentLabel: string,
  validUntil: string,
  bothVerified: boolean,
  url: string,
): Mail {
  return layout(
    store,
    to,
    `Your ${documentLabel} is verified — ${store}`,
    [
      `Hello ${name},`,
      `We have checked and verified the ${documentLabel} you uploaded. It is valid until ${validUntil}.`,
      bothVerified
        ? 'Your Sales ID and tobacco license are both verified, so your orders are no longer limited.'
        : 'Once your other document is verified too, your orders are no longer limited.',
    ],
    { label: 'Open My Profile', url },
  );
}

/**
 * What staff who asked for it are told of a new order. The order number is not known until the
 * order is placed: `[[ORDER_NUMBER]]` stands for it (place_order puts it in), and the mail has no
 * recipient yet — it goes to each staff member who chose new-order mail.
 */
export function staffNewOrderMail(
  store: string,
  business: string,
  number: string,
  total: string,
  shipping: string,
  lines: string[],
  url: string,
): Omit<Mail, 'to'> {
  const { to: _none, ...mail } = layout(
    store,
    '',
    `New order ${number} from ${business} (${total})`,
    [`${business} placed order ${number}: ${total}, ${shipping}.`, ...lines],
    { label: 'Open the order', url },
  );
  return mail;
}

/** To each owner of a company: a buyer's order over their limit waits for their approval (no recipient of its own). */
export function approvalRequestMail(
  store: string,
  buyer: string,
  number: string,
  total: string,
  limit: string,
  lines: string[],
  url: string,
): Omit<Mail, 'to'> {
  const { to: _none, ...mail } = layout(
    store,
    '',
    `Order ${number} from ${buyer} waits for your approval (${total})`,
    [
      `${buyer} placed order ${number} for ${total}, over their order limit of ${limit}. Nothing is taken from stock until you approve it.`,
      ...lines,
    ],
    { label: 'Approve or decline', url },
  );
  return mail;
}

/** To the buyer: an owner approved (the order is placed) or declined their order, with the note. */
export function requestDecidedMail(
  store: string,
  to: string,
  name: string,
  number: string,
  decision: { approved: true } | { approved: false; note: string },
  url: string,
): Mail {
  return layout(
    store,
    to,
    decision.approved ? `Order ${number} approved` : `Order ${number} declined`,
    decision.approved
      ? [`Hi ${name}, order ${number} was approved and placed. We will tell you as it ships.`]
      : [`Hi ${name}, order ${number} was declined.`, `Their note: ${decision.note}`],
    { label: 'See your orders', url },
  );
}

export function staffNewUploadMail(
  store: string,
  to: string,
  business: string,
  documentLabel: string,
  url: string,
): Mail {
  return layout(
    store,
    to,
    `${documentLabel[0]!.toUpperCase()}${documentLabel.slice(1)} to verify: ${business}`,
    [`${business} uploaded a ${documentLabel}. It waits in the verification queue.`],
    { label: 'Open the verification queue', url },
  );
}

/**
 * An invitation to join a company (decision 015, step 3). The link works once, for 7 days; it is
 * the only copy of the token (only its hash is kept), so the mail never names anything else secret.
 */
export function invitationMail(
  store: string,
  to: string,
  invite: { businessName: string; inviter: string; role: string; days: number },
  url: string,
): Mail {
  return layout(
    store,
    to,
    `${invite.inviter} invites you to order for ${invite.businessName} — ${store}`,
    [
      'Hello,',
      `${invite.inviter} invites you to join ${invite.businessName} at ${store} as ${invite.role}.`,
      `Choose your name and a password to accept. The link works once and expires in ${invite.days} days.`,
      'If you did not expect this, ignore this email: nothing happens unless you accept.',
    ],
    { label: 'Accept the invitation', url },
  );
}
