import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Variant } from '#shared/catalogue/catalogue.schemas.ts';
import { OptionRow } from './option-row.tsx';

const option: Variant = {
  id: 'SS-1003-10',
  name: 'Mango Ice',
  sku: 'SS-1003-10',
  image: { url: '/x.webp', alt: '' } as Variant['image'],
  stock: 12,
  inStock: true,
  quantityRule: { minQuantity: 1, increment: 1, maxQuantity: null },
};

afterEach(() => vi.unstubAllGlobals());

describe('an option on the product page', () => {
  it('shows its SKU, and the copy button puts exactly the SKU on the clipboard', async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<OptionRow v={option} count={0} onCount={() => undefined} />);
    expect(screen.getByText('SS-1003-10').parentElement!.textContent).toMatch(/^SKU SS-1003-10/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy SKU SS-1003-10' })));
    expect(writeText).toHaveBeenCalledWith('SS-1003-10');
    expect(screen.getByRole('status').textContent).toBe('SKU SS-1003-10 copied');
    expect(screen.getByText('Copied')).toBeTruthy();
  });

  it('copies through a selected text area where the Clipboard API is refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async () => Promise.reject(new Error('not allowed')) },
    });
    const copied: string[] = [];
    document.execCommand = vi.fn(() => {
      copied.push((document.activeElement as HTMLTextAreaElement).value);
      return true;
    });
    render(<OptionRow v={option} count={0} onCount={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Copy SKU SS-1003-10' });
    button.focus();
    await act(async () => fireEvent.click(button));
    expect(copied).toEqual(['SS-1003-10']);
    expect(document.activeElement).toBe(button);
    expect(screen.getByText('Copied')).toBeTruthy();
    expect(document.querySelector('textarea')).toBeNull();
  });
});
