import { describe, expect, it } from 'vitest';
import { itemActions, trackingState } from './order-tracking.ts';

const at = (...stages: string[]) => stages.map((stage) => ({ stage }));

describe('trackingState', () => {
  it('a placed order reads "Order placed" at 0 %', () => {
    expect(trackingState(at('placed'))).toEqual({ percent: 0, label: 'Order placed', cancelled: false });
    expect(trackingState([])).toEqual({ percent: 0, label: 'Order placed', cancelled: false });
  });

  it('follows the SPEC §4 stages: 25 Shipped, 50 Out for Delivery, 75 Delivered, 100 Completed', () => {
    expect(trackingState(at('placed', 'shipped'))).toMatchObject({ percent: 25, label: 'Shipped' });
    expect(trackingState(at('placed', 'shipped', 'out_for_delivery'))).toMatchObject({
      percent: 50,
      label: 'Out for Delivery',
    });
    expect(trackingState(at('placed', 'shipped', 'out_for_delivery', 'delivered'))).toMatchObject({
      percent: 75,
      label: 'Delivered',
    });
    expect(
      trackingState(at('placed', 'shipped', 'out_for_delivery', 'delivered', 'completed')),
    ).toMatchObject({
      percent: 100,
      label: 'Completed',
    });
  });

  it('a cancelled order says so and keeps the bar where it stopped', () => {
    expect(trackingState(at('placed', 'shipped', 'cancelled'))).toEqual({
      percent: 25,
      label: 'Cancelled',
      cancelled: true,
    });
  });
});

describe('what staff may do to a pending item at each stage (decision 014, item 14)', () => {
  it('cancel before the order ships, mark delivered once it has', () => {
    expect(itemActions('placed')).toEqual({ cancel: true, deliver: false });
    for (const stage of ['shipped', 'out_for_delivery', 'delivered', 'completed'])
      expect(itemActions(stage), stage).toEqual({ cancel: false, deliver: true });
    expect(itemActions('cancelled')).toEqual({ cancel: false, deliver: false });
  });
});
