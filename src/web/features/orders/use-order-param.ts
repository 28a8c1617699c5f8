import { useSearchParams } from 'react-router';
import { useOrder } from './api/get-orders.ts';

/** The order named by `?order=` (invoice and tracking pages); only the buyer's own is found. */
export function useOrderParam() {
  const [params] = useSearchParams();
  const number = params.get('order');
  return { number, ...useOrder(number) };
}
