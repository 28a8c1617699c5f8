import { type PriceFields, unitPriceCents } from '#shared/catalogue/price.ts';
import type { Cents } from '#shared/money.ts';

/** SPEC §9: delivery $20.00, pickup $0.00 (the fee itself is a store setting). */
export const SHIPPING_TYPES = ['Pickup', 'Shiptoaddress'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

export interface CartLineInput extends PriceFields {
  quantity: number;
}

export function lineTotalCents(line: CartLineInput): Cents {
  return unitPriceCents(line) * line.quantity;
}

/** SPEC §9: the sum of (discount price when both discount fields exist, else price) × count. */
export function subtotalCents(lines: readonly CartLineInput[]): Cents {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

export function shippingFeeCents(type: ShippingType, deliveryFeeCents: Cents): Cents {
  return type === 'Shiptoaddress' ? deliveryFeeCents : 0;
}

/** How many items the header counter shows: the sum of the quantities. */
export function itemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}
