import { beforeAll, describe, expect, it } from 'vitest';
import { VerificationQueueSchema } from '#shared/accounts/documents-staff.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { multipart, PDF } from '#tests/multipart.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });

const { call, staffWithTotp } = staffHelpers(() => t, clock);

describe('verification queue', () => {
  async function buyerWithLicence() {
    const buyer = await signUpBuyer(t.app);
    const body = multipart({ filename: 'license.pdf', content: PDF });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/documents/tobacco_license',
      payload: body.payload,
      headers: { ...body.headers, origin: ORIGIN, cookie: buyer.cookie },
    });
    expect(res.statusCode).toBe(200);
    const queue = VerificationQueueSchema.parse(
      (await call('GET', '/api/v1/admin/verifications', staff.cookie)).json(),
    );
    const doc = queue.documents.find((d) => d.buyer.id === buyer.user.id)!;
    return { buyer, doc };
  }
  const profileOf = async (cookie: string) =>
    (await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).json().user;
  let staff: Awaited<ReturnType<typeof staffWithTotp>>;
  beforeAll(async () => {
    staff = await staffWithTotp();
  });

  it('lists pending documents oldest first and shows one inline, audited', async () => {
    const first = await buyerWithLicence();
    clock.advance(1000);
    const second = await buyerWithLicence();
    const ids = VerificationQueueSchema.parse(
      (await call('GET', '/api/v1/admin/verifications', staff.cookie)).json(),
    ).documents.map((d) => d.id);
    expect(ids.indexOf(first.doc.id)).toBeLessThan(ids.indexOf(second.doc.id));
    expect(first.doc).toMatchObject({
      kind: 'tobacco_license',
      originalName: 'license.pdf',
      contentType: 'application/pdf',
    });

    const file = await call('GET', `/api/v1/admin/documents/${first.doc.id}/file`, staff.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline;/);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(
      (await call('GET', `/api/v1/admin/documents/${first.doc.id}/file`, first.buyer.cookie)).statusCode,
    ).toBe(403);
    const { entries } = AuditListSchema.parse(
      (
        await call('GET', `/api/v1/admin/audit?entity=document&entityId=${first.doc.id}`, staff.cookie)
      ).json(),
    );
    expect(entries.map((e) => e.action)).toEqual(['document.viewed']);
  });

  it('verifies with number, state and expiry; the buyer hears at once; twice changes it once', async () => {
    const { buyer, doc } = await buyerWithLicence();
    const heard: string[] = [];
    const stop = t.app.events.subscribe(buyer.user.id, (type) => heard.push(type));
    const verify = (body: Record<string, unknown>) =>
      call('POST', `/api/v1/admin/documents/${doc.id}/verify`, staff.cookie, body);
    const good = { documentNumber: 'TX-123456', issuingState: 'tx', expiresOn: '2027-06-30' };
    expect((await verify({ ...good, documentNumber: ' ' })).json().message).toBe(
      'Enter the license or certificate number.',
    );
    expect((await verify({ ...good, issuingState: 'ZZ' })).json().message).toBe('Choose the issuing state.');
    expect((await verify({ ...good, expiresOn: '30/06/2027' })).json().message).toBe(
      'Enter the expiry date as YYYY-MM-DD.',
    );
    expect((await verify({ ...good, expiresOn: '2025-01-01' })).json().message).toBe(
      'The expiry date has passed: request a new upload instead.',
    );
    expect((await profileOf(buyer.cookie)).isTobaccoLicenceVerified).toBe(false);

    const [a, b] = await Promise.all([verify(good), verify(good)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await profileOf(buyer.cookie)).isTobaccoLicenceVerified).toBe(true);
    await expect.poll(() => heard, { timeout: 5000 }).toContain('profile');
    stop();
    const [row] = await t.database.query<Record<string, unknown>>(
      'select status, document_number, issuing_state, expires_on, reviewer_id from documents where id = $1',
      [doc.id],
    );
    expect(row).toEqual({
      status: 'verified',
      document_number: 'TX-123456',
      issuing_state: 'TX',
      expires_on: '2027-06-30',
      reviewer_id: staff.id,
    });
    const { entries } = AuditListSchema.parse(
      (await call('GET', `/api/v1/admin/audit?entity=document&entityId=${doc.id}`, staff.cookie)).json(),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'document.verified',
      before: { status: 'pending', documentNumber: null },
      after: { status: 'verified', documentNumber: 'TX-123456', issuingState: 'TX', expiresOn: '2027-06-30' },
    });
  });

  it('asks for a new upload with a note that is emailed; the buyer may upload again', async () => {
    const { buyer, doc } = await buyerWithLicence();
    const ask = (note: unknown) =>
      call('POST', `/api/v1/admin/documents/${doc.id}/request-reupload`, staff.cookie, { note });
    expect((await ask('')).statusCode).toBe(400);
    const res = await ask('The license number is not readable; please send a sharper photo.');
    expect(res.statusCode).toBe(200);
    const profile = await profileOf(buyer.cookie);
    expect(profile.requestForTobaccoLicenceUpload).toBe(true);
    expect(profile.isTobaccoLicenceVerified).toBe(false);
    const mails = await t.database.query<{ subject: string; text: string }>(
      'select subject, text from outbox where "to" = $1 order by id',
      [buyer.body.email],
    );
    const mail = mails.find((m) => m.subject.startsWith('Please upload your tobacco license again'))!;
    expect(mail.text).toContain('please send a sharper photo.');
    expect((await ask('again')).statusCode).toBe(409);
  });
});
