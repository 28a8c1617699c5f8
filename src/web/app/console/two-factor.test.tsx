import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { groupsOfFour, recoveryCodesFile, TwoFactorSetup } from './two-factor.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';
const CODES = ['aaaa-bbbb', 'cccc-dddd', 'eeee-ffff'];

afterEach(() => vi.unstubAllGlobals());

describe('second factor set-up (decision 014, item 19)', () => {
  it('shows the key in groups of four; Copy takes it whole, without the spaces', async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeApi({ 'POST admin/2fa/setup': ok({ uri: `otpauth://totp/x?secret=${SECRET}`, secret: SECRET }) });
    renderPage(<TwoFactorSetup />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the QR code' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXQ',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy key' })));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(groupsOfFour('ABCDEF')).toBe('ABCD EF');
    expect(groupsOfFour('ABCDEFGH')).toBe('ABCD EFGH');
  });

  it('the recovery codes can be copied, downloaded as a text file and printed', async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:codes';
    });
    URL.revokeObjectURL = vi.fn();
    fakeApi({
      'POST admin/2fa/setup': ok({ uri: 'otpauth://totp/x', secret: SECRET }),
      'POST admin/2fa/confirm': ok({ message: 'ok', recoveryCodes: CODES }),
    });
    renderPage(<TwoFactorSetup />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the QR code' }));
    fireEvent.change(await screen.findByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy recovery codes' })));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(files).toHaveLength(1);
    expect(await files[0]!.text()).toContain(`\n\n${CODES.join('\n')}\n`);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(recoveryCodesFile(CODES, 'store.example', new Date('2026-11-26T00:00:00Z'))).toBe(
      `Recovery codes for store.example\nMade 2026-11-26. Each signs you in once, instead of the authenticator code.\n\n${CODES.join('\n')}\n`,
    );
  });
});
