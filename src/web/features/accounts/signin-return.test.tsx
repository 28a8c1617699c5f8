import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { forgetReturn, rememberReturn } from '#web/lib/return-to.ts';
import { fakeApi, ok, renderPage } from '#tests/web-kit.tsx';
import { SignInPage } from './signin-page.tsx';

const PAGE = '/product?categoryId=vapes&brandId=cloudtide&subBrandId=cloudtide-max';

afterEach(forgetReturn);

async function signIn(next: '/' | '/nextpage' | '/admin') {
  const user = makeProfile({ isCompleted: next !== '/nextpage' });
  fakeApi({ 'POST auth/signin': ok({ message: 'Welcome back', user, next }) });
  renderPage(<SignInPage />, { user: null, path: '/signin', route: '/signin' });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: user.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in after the store asked for it (decision 014, item 4)', () => {
  it('goes back to the page that asked', async () => {
    rememberReturn(PAGE, { 'SS-1001-01': 3 });
    await signIn('/');
    expect(await screen.findByText(`Landed on ${PAGE}`)).toBeTruthy();
  });

  it('with nothing remembered, home as the spec has it', async () => {
    await signIn('/');
    expect(await screen.findByText('Landed on /')).toBeTruthy();
  });

  it('a profile to complete goes to /nextpage first (which sends them back after)', async () => {
    rememberReturn(PAGE, { 'SS-1001-01': 3 });
    await signIn('/nextpage');
    expect(await screen.findByText('Landed on /nextpage')).toBeTruthy();
    expect(sessionStorage.getItem('smokestack.returnTo')).toContain('/product?');
  });
});
