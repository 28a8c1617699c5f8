import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from './price.tsx';

const list = { priceCents: 4500, discountPriceCents: null, discountPercentage: null };

describe('a price says what it buys (decision 014, item 9)', () => {
  it('"per box of 10" after the price, read with it', () => {
    const { container } = render(<Price price={list} sellingUnit="box of 10" />);
    expect(container.textContent).toBe('$45.00 per box of 10');
  });

  it('a sale and a group price carry it too; "each" reads as itself; none says nothing', () => {
    const sale = { priceCents: 4500, discountPriceCents: 4000, discountPercentage: 11 };
    const { container, rerender } = render(<Price price={sale} sellingUnit="each" />);
    expect(container.textContent).toBe('$40.00 each, was $45.00, 11% off');
    rerender(
      <Price price={list} yourPrice={{ unitPriceCents: 3900, from: false }} sellingUnit="display of 24" />,
    );
    expect(container.textContent).toBe('Your price $39.00 per display of 24, instead of $45.00');
    rerender(<Price price={list} />);
    expect(screen.queryByTestId('price-unit')).toBeNull();
  });
});
