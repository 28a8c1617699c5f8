/**
 * Carriers whose tracking page a buyer can be sent to, by the first word of the carrier's name as
 * staff write it ("UPS Ground" is UPS). Any other carrier (a local courier, the store's own van)
 * is shown by name, without a link. The number is put into the address encoded.
 */
const TRACKING_PAGES = new Map<string, (n: string) => string>([
  ['ups', (n) => `https://www.ups.com/track?tracknum=${n}`],
  ['usps', (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`],
  ['fedex', (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`],
  ['dhl', (n) => `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${n}`],
]);

/** Carriers offered when an order ships, beside the one the order was placed with. */
export const KNOWN_CARRIERS = ['UPS Ground', 'USPS', 'FedEx Ground', 'DHL Express'] as const;

/** A tracking number as stored: letters and digits, upper case, no spaces or dashes. */
export const normaliseTrackingNumber = (n: string) => n.replace(/[\s-]/g, '').toUpperCase();

/** The carrier's page for a tracking number, or null (no number, or a carrier we have no page for). */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  if (!trackingNumber) return null;
  const page = TRACKING_PAGES.get(carrier.trim().split(/\s+/)[0]!.toLowerCase());
  return page ? page(encodeURIComponent(trackingNumber)) : null;
}
