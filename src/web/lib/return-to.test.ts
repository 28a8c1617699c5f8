import { afterEach, describe, expect, it } from 'vitest';
import { forgetReturn, isReturnPath, rememberReturn, returnPath, takeReturnCounts } from './return-to.ts';

afterEach(forgetReturn);

describe('the page a buyer is sent back to after signing in (decision 014, item 4)', () => {
  it('follows only a path of this store that is not an account page', () => {
    expect(isReturnPath('/product?categoryId=vapes&brandId=a&subBrandId=b')).toBe(true);
    expect(isReturnPath('/search?q=mango')).toBe(true);
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/signin',
      '/signup?x=1',
      '/nextpage',
      '/admin/orders',
      '',
      `/${'a'.repeat(2001)}`,
      42,
    ])
      expect(isReturnPath(bad), String(bad)).toBe(false);
  });

  it('gives the remembered page once, and the quantities once, to that page only', () => {
    const page = '/product?categoryId=vapes&brandId=cloudtide&subBrandId=cloudtide-max';
    rememberReturn(page, { 'SS-1-01': 3, 'SS-1-02': 0 });
    expect(takeReturnCounts('/product?other')).toBeNull();
    expect(returnPath('/')).toBe(page);
    expect(takeReturnCounts(page)).toEqual({ 'SS-1-01': 3 });
    expect(takeReturnCounts(page)).toBeNull();
    expect(returnPath('/')).toBe('/');
  });

  it('a page without quantities is forgotten once followed; an hour later, or tampered with, nothing', () => {
    rememberReturn('/search?q=mango');
    expect(returnPath('/')).toBe('/search?q=mango');
    expect(returnPath('/')).toBe('/');
    rememberReturn('/search?q=mango', undefined, 0);
    expect(returnPath('/', 60 * 60_000 + 1)).toBe('/');
    sessionStorage.setItem('smokestack.returnTo', JSON.stringify({ path: '//evil.example', at: Date.now() }));
    expect(returnPath('/')).toBe('/');
    sessionStorage.setItem('smokestack.returnTo', '{not json');
    expect(returnPath('/')).toBe('/');
    rememberReturn('https://evil.example');
    expect(returnPath('/')).toBe('/');
  });
});
