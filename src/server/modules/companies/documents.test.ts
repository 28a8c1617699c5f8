import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProfileSchema } from '#shared/accounts/accounts.schemas.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { EXE, multipart, PDF, PNG } from '#tests/multipart.ts';
import { testAppForFile } from '#tests/test-app.ts';

const t = testAppForFile();

const upload = (cookie: string | undefined, kind: string, file: Parameters<typeof multipart>[0]) => {
  const body = multipart(file);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/account/documents/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
};
const download = (cookie: string | undefined, kind: string) =>
  t.app.inject({ url: `/api/v1/account/documents/${kind}`, headers: cookie ? { cookie } : {} });
const documentRows = async (userId: string) =>
  t.database.query<{
    kind: string;
    status: string;
    storage_key: string;
    original_name: string;
    content_type: string;
  }>('select kind, status, storage_key, original_name, content_type from documents where user_id = $1', [
    userId,
  ]);
const tempFiles = () => {
  const dir = path.join(t.privateDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('document uploads', () => {
  it('stores a PDF privately under our own key, with its metadata, and derives the spec flags', async () => {
    const { cookie, user } = await signUpBuyer(t.app);
    const res = await upload(cookie, 'sales_id', {
      filename: 'resale-certificate.pdf',
      contentType: 'application/pdf',
      content: PDF,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sales ID uploaded');
    const profile = ProfileSchema.parse(res.json().user);
    expect(profile.documents.salesId).toMatchObject({
      status: 'pending',
      originalName: 'resale-certificate.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(profile.documents.salesId!.md5Hash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(profile).toMatchObject({
      isSalesIdUploaded: true,
      isSalesIdverified: false,
      requestForReUploadOfSalesId: false,
      isTobaccoLicenceUploaded: false,
      isCompleted: true,
    });
    const [row] = await documentRows(user.id);
    expect(row!.storage_key).toMatch(new RegExp(`^documents/${user.id}/[0-9a-f-]{36}$`));
    expect(existsSync(path.join(t.privateDir, row!.storage_key))).toBe(true);
    expect(tempFiles()).toEqual([]);
  });

  it('lets only the owner download, as an attachment that is never cached or sniffed', async () => {
    const owner = await signUpBuyer(t.app);
    const other = await signUpBuyer(t.app);
    await upload(owner.cookie, 'tobacco_license', { filename: 'license.pdf', content: PDF });
    const res = await download(owner.cookie, 'tobacco_license');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tobacco-license\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await download(other.cookie, 'tobacco_license')).statusCode).toBe(404);
    expect((await download(undefined, 'tobacco_license')).statusCode).toBe(401);
    expect((await upload(undefined, 'sales_id', { filename: 'x.pdf', content: PDF })).statusCode).toBe(401);
  });

  it('cuts off a 9 MB file: 413, nothing stored, no temporary file left', async () => {
    const { cookie, user } = await signUpBuyer(t.app);
    const big = Buffer.concat([PDF, Buffer.alloc(9 * 1024 * 1024, 0x20)]);
    const res = await upload(cookie, 'sales_id', { filename: 'big.pdf', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size exceeds the maximum limit of 8 MB');
    expect(await documentRows(user.id)).toEqual([]);
    expect(tempFiles()).toEqual([]);
    expect(existsSync(path.join(t.privateDir, 'documents', user.id))).toBe(false);
  });

  it('judges a file by its content: an .exe named .pdf is refused, a PNG named .docx is a PNG', async () => {
    const { cookie, user } = await signUpBuyer(t.app);
    const exe = await upload(cookie, 'sales_id', {
      filename: 'license.pdf',
      contentType: 'application/pdf',
      content: EXE,
    });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe('Please select only images, documents (Word), or PDF files.');
    expect(await documentRows(user.id)).toEqual([]);
    const png = await upload(cookie, 'sales_id', {
      filename: 'license.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      content: PNG,
    });
    expect(png.statusCode).toBe(200);
    expect((await documentRows(user.id))[0]!.content_type).toBe('image/png');
    expect(tempFiles()).toEqual([]);
  });

  it('never uses the sender’s file name as a path', async () => {
    const { cookie, user } = await signUpBuyer(t.app);
    const res = await upload(cookie, 'tobacco_license', { filename: '../../etc/passwd', content: PDF });
    expect(res.statusCode).toBe(200);
    const [row] = await documentRows(user.id);
    expect(row!.original_name).toBe('passwd');
    expect(row!.storage_key).not.toContain('passwd');
    expect(existsSync(path.join(t.privateDir, '..', 'etc', 'passwd'))).toBe(false);
  });

  it('asks for a file when none or an empty one is sent', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const empty = await upload(cookie, 'sales_id', { filename: 'empty.pdf', content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please upload sales id');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/documents/tobacco_license',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please upload tobacco license');
    expect((await upload(cookie, 'passport', { filename: 'x.pdf', content: PDF })).statusCode).toBe(400);
  });

  it('a multipart body cut off before its end is a 400, with nothing stored and no temporary file left', async () => {
    const { cookie, user } = await signUpBuyer(t.app);
    const whole = multipart({
      filename: 'license.pdf',
      content: Buffer.concat([PDF, Buffer.alloc(4096, 0x20)]),
    });
    for (const cut of [whole.payload.length - 10, 200, 120]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/documents/sales_id',
        payload: whole.payload.subarray(0, cut),
        headers: { ...whole.headers, cookie, origin: ORIGIN },
      });
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
      // Cut inside the file: the upload failed; cut inside the part's headers: no file came.
      expect(res.json().message).toBe(
        cut > 150
          ? 'An error occurred while uploading sales ID. Please try again later.'
          : 'Please upload sales id',
      );
    }
    expect(await documentRows(user.id)).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it('a new upload replaces the old file and resets verified and the re-upload request', async () => {
    const { cookie, user } = await signUpBuyer(t.app);
    await upload(cookie, 'sales_id', { filename: 'one.pdf', content: PDF });
    const [first] = await documentRows(user.id);
    await t.database.query(`update documents set status = 'verified' where user_id = $1`, [user.id]);
    const verified = ProfileSchema.parse(
      (await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).json().user,
    );
    expect(verified.isSalesIdverified).toBe(true);
    await t.database.query(
      `update documents set status = 'reupload_requested', note = 'Blurry' where user_id = $1`,
      [user.id],
    );
    const requested = ProfileSchema.parse(
      (await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).json().user,
    );
    expect(requested.requestForReUploadOfSalesId).toBe(true);
    expect(requested.documents.salesId?.note).toBe('Blurry');

    const again = ProfileSchema.parse(
      (await upload(cookie, 'sales_id', { filename: 'two.png', content: PNG })).json().user,
    );
    expect(again).toMatchObject({
      isSalesIdUploaded: true,
      isSalesIdverified: false,
      requestForReUploadOfSalesId: false,
    });
    expect(again.documents.salesId).toMatchObject({ originalName: 'two.png', note: null, status: 'pending' });
    const rows = await documentRows(user.id);
    expect(rows).toHaveLength(1);
    expect(existsSync(path.join(t.privateDir, first!.storage_key))).toBe(false);
  });
});
