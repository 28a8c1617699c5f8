import { describe, expect, it } from 'vitest';
import { normaliseTrackingNumber, trackingUrl } from './carriers.ts';

describe('carrier tracking pages', () => {
  it('links the known carriers by the first word of the name, in any case', () => {
    expect(trackingUrl('UPS Ground', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('usps', '9400100000000000000000')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect(trackingUrl(' FedEx Express ', '123')).toBe('https://www.fedex.com/fedextrack/?trknbr=123');
    expect(trackingUrl('DHL Express', 'JD01')).toBe(
      'https://www.dhl.com/us-en/home/tracking.html?tracking-id=JD01',
    );
  });

  it('has no link without a number, for another carrier, or for a name that merely contains one', () => {
    expect(trackingUrl('UPS Ground', '')).toBeNull();
    expect(trackingUrl('Store van', 'VAN1')).toBeNull();
    expect(trackingUrl('UPSTATE Couriers', 'X1')).toBeNull();
    expect(trackingUrl('', 'X1')).toBeNull();
    // Names of an object's own machinery are carriers like any other, never a crash.
    expect(trackingUrl('constructor Freight', 'X1')).toBeNull();
    expect(trackingUrl('__proto__', 'X1')).toBeNull();
    expect(trackingUrl('toString', 'X1')).toBeNull();
  });

  it('encodes the number and stores it plain', () => {
    expect(trackingUrl('UPS', 'a&b')).toBe('https://www.ups.com/track?tracknum=a%26b');
    expect(normaliseTrackingNumber(' 1z 999-aa1 ')).toBe('1Z999AA1');
  });
});
