import { useMemo, useState } from 'react';
import type { ShippingType } from '#shared/cart/cart.rules.ts';
import type { Cart } from '#shared/cart/cart.schemas.ts';
import { useAddresses } from '#web/lib/addresses.ts';
import { useCartFor } from '#web/lib/cart/get-cart.ts';
import { locationVerified, useLocations } from '#web/lib/locations.ts';

/**
 * Where the order goes, and the cart judged for it: the chosen address (a location of the
 * company), else the default one, else the first (deleting the chosen one falls back); the cart
 * judged for it (Pickup: the store's state) with that location's licenses; and whether the
 * documents standing for it (its own, else the company's) are verified, which lifts the cap.
 */
export function useShipTo(shippingType: ShippingType, cart: Cart) {
  const addresses = useAddresses().data?.addresses;
  const locations = useLocations().data;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const address = useMemo(() => {
    const list = addresses ?? [];
    return list.find((a) => a.id === chosenId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;
  }, [addresses, chosenId]);
  const judgedCart = useCartFor({
    shipping: shippingType === 'Pickup' ? 'Pickup' : 'Shiptoaddress',
    locationId: address?.id,
  });
  return {
    address,
    chosen: { addresses: addresses ?? [], set: setChosenId },
    editing,
    setEditing,
    judged: judgedCart.data ?? cart,
    // Until the cart is judged for the ship-to now chosen, its totals are the last choice's: Check
    // out waits rather than send a total the server would refuse.
    judging: judgedCart.isPlaceholderData || judgedCart.isPending,
    // Undefined until the locations are read (the profile's flags, the company's, stand till then).
    verified: locations ? locationVerified(locations, address?.id) : undefined,
  };
}
