import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { Profile } from '#shared/accounts/accounts.schemas.ts';
import type { Viewing } from '#shared/accounts/view-as.schemas.ts';
import type { Cart, CartLine } from '#shared/cart/cart.schemas.ts';
import type { QuickOrderLine } from '#shared/cart/quick-order.schemas.ts';
import type { ProductDetail, Variant } from '#shared/catalogue/catalogue.schemas.ts';
import type { Order } from '#shared/orders/orders.schemas.ts';
import type { AdminOrder } from '#shared/orders/orders-staff.schemas.ts';
import type { StoreInfo } from '#shared/store/store.schemas.ts';
import { type Slots, SlotsProvider } from '#web/components/slots.tsx';
import { NotificationsProvider } from '#web/components/ui/notifications.tsx';
import { cartKey } from '#web/lib/cart/get-cart.ts';
import { makeProfile } from '#web/lib/session.fixture.ts';
import { SESSION_KEY } from '#web/lib/session.ts';
import { staffMeQuery } from '#web/lib/console-api.ts';
import type { StaffMe } from '#shared/staff/staff.schemas.ts';
import { ROLE_PERMISSIONS, type StaffRole } from '#shared/staff/staff-roles.ts';

/** The signed-in staff member a console page sees (/admin/me), of a role: admin unless a test says. */
export function makeStaffMe(role: StaffRole = 'admin'): StaffMe {
  return {
    id: 'staff-1',
    name: 'Sam Staff',
    email: 'sam@shop.example',
    totpEnabled: true,
    secondFactor: true,
    passwordChangeRequired: false,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
  };
}

/**
 * Component tests of whole pages: the store's API answered by a table of routes (every answer
 * parsed by the page with the shared schemas, as in development), the requests recorded, and the
 * page rendered with the app's providers. What a test asserts is what a person sees.
 */
export interface ApiCall {
  method: string;
  /** The path under /api/v1, without the query: `cart`, `orders`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Answer = { status: number; body: unknown };
type ApiRoute = Answer | ((call: ApiCall) => Answer | Promise<Answer>);

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const refused = (status: number, message: string, field?: string): Answer => ({
  status,
  body: field ? { message, field } : { message },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers fetch from `routes` (`'GET cart'`, `'POST orders'`); an unlisted request is a 404. */
export function fakeApi(routes: Record<string, ApiRoute>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://store.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: ApiCall = {
      method,
      path: url.pathname.replace(/^\/api\/v1\//, ''),
      query: url.searchParams,
      body,
    };
    calls.push(call);
    const route = routes[`${method} ${call.path}`];
    const answer = route === undefined ? refused(404, `no route ${method} ${call.path}`) : route;
    const { status, body: out } = typeof answer === 'function' ? await answer(call) : answer;
    return new Response(JSON.stringify(out), { status, headers: { 'content-type': 'application/json' } });
  });
  return { calls, sent: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

/** A placed pickup order of two units of one option, at $15.00. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    placedBy: { id: 'u1', name: 'Robin Buyer' },
    takenAtDesk: false,
    quoteNumber: null,
    revisions: [],
    location: null,
    orderNumber: 'SS-1042',
    datePlaced: '2026-11-25T15:30:00.000Z',
    shippingType: 'Pickup',
    shippingDetails: {
      name: 'Robin Buyer',
      businessName: 'Chain Store 12',
      address: '12 Elm St',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
    },
    comments: '',
    subtotalCents: 3000,
    shippingCents: 0,
    exciseCents: 0,
    totalCents: 3000,
    items: [
      {
        variantId: 'SS-1003-10',
        productName: 'Nimbus Bar Ultra',
        variantName: 'Mango Ice',
        imageUrl: '/media/x.webp',
        unitPriceCents: 1500,
        sellingUnit: 'box of 10',
        quantity: 2,
        lineTotalCents: 3000,
        exciseCents: 0,
        status: 'pending',
        categoryId: 'vapes',
        brandId: 'nimbus-bar',
        productId: 'nimbus-bar-ultra',
      },
    ],
    events: [{ stage: 'placed', at: '2026-11-25T15:30:00.000Z' }],
    tracking: null,
    ...overrides,
  };
}

/** The same order as the console reads it (a delivery unless told): buyer, carrier, notes, version 0. */
export function makeAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...makeOrder({ shippingType: 'Shiptoaddress' }),
    buyer: { id: 'u1', name: 'Robin Buyer', businessName: 'Chain Store 12', email: 'robin@shop.example' },
    carrier: 'Lone Star Freight',
    trackingNumber: '',
    mailedStages: [],
    internalNote: '',
    feeNote: '',
    version: 0,
    ...overrides,
  };
}

export function makeStore(overrides: Partial<StoreInfo> = {}): StoreInfo {
  return {
    storeName: 'Smokestack Wholesale',
    shortName: 'Smokestack',
    contact: { phone: '+1 555 010 0000', email: 'sales@store.example', address: '1 Main St', hours: '9–5' },
    social: [],
    pickupAddress: '1 Main St, Austin, TX 78701',
    deliveryFeeCents: 2000,
    unverifiedCapCents: 50000,
    storeState: 'TX',
    carrier: 'Lone Star Freight',
    paymentNote: 'We call you within a business day to arrange payment.',
    ...overrides,
  };
}

const IMAGE = { url: '/media/x.webp', alt: '', width: 480, height: 480 };

/** An option of a product page: in stock, sold one by one, unless told. */
export function makeVariant(sku: string, overrides: Partial<Variant> = {}): Variant {
  return {
    id: sku,
    name: `Option ${sku}`,
    sku,
    image: IMAGE,
    stock: 24,
    inStock: true,
    quantityRule: { minQuantity: 1, increment: 1, maxQuantity: null },
    ...overrides,
  };
}

/** A product page's answer: Cloudtide Max in Vapes, with `variants`. */
export function makeProduct(variants: Variant[], overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 'cloudtide-max',
    categoryId: 'vapes',
    brandId: 'cloudtide',
    name: 'Cloudtide Max',
    brandName: 'Cloudtide',
    categoryName: 'Vapes',
    image: IMAGE,
    priceCents: 1524,
    discountPriceCents: null,
    discountPercentage: null,
    sellingUnit: 'box of 10',
    isNew: false,
    isHot: false,
    inStock: variants.some((v) => v.inStock),
    categoryGroup: null,
    description: 'A disposable vape.',
    productCode: 'P1001',
    sku: 'SS-1001',
    rating: 5,
    delivery: 'Ships in 1–2 business days.',
    highlights: [],
    importantNotice: '',
    seller: 'Test Wholesale',
    specifications: [],
    specImages: [],
    images: [IMAGE],
    variants,
    ...overrides,
  };
}

export function makeLine(variantId: string, overrides: Partial<CartLine> = {}): CartLine {
  return {
    variantId,
    variantName: 'Mint Ice',
    productName: `Cloudtide ${variantId}`,
    sellingUnit: 'box of 10',
    productId: 'cloudtide-max',
    categoryId: 'disposable-vapes',
    brandId: 'cloudtide',
    imageUrl: '/media/x.webp',
    priceCents: 1524,
    discountPriceCents: null,
    discountPercentage: null,
    unitPriceCents: 1524,
    quantity: 1,
    stock: 50,
    lineTotalCents: 1524,
    blocks: [],
    exciseCents: 0,
    priceSource: 'list',
    nextTier: null,
    quantityRule: { minQuantity: 1, increment: 1, maxQuantity: null },
    quantityProblem: null,
    ...overrides,
  };
}

/** A quick-order line as the server judges it: ready unless told otherwise. */
export function makeQuickOrderLine(n: number, overrides: Partial<QuickOrderLine> = {}): QuickOrderLine {
  const quantity = overrides.quantity ?? 2;
  return {
    lines: [n],
    sku: `SKU-${n}`,
    quantity,
    status: 'ok',
    problem: null,
    productName: `Product ${n}`,
    variantName: 'Mint',
    sellingUnit: 'box of 10',
    product: { categoryId: 'vapes', brandId: 'brand', id: `product-${n}` },
    inCart: 0,
    unitPriceCents: 1025,
    lineTotalCents: 1025 * quantity,
    priceSource: 'list',
    addedQuantity: quantity,
    ...overrides,
  };
}

/** A quick-order line whose SKU no option has. */
export const unknownQuickOrderLine = (n: number, overrides: Partial<QuickOrderLine> = {}) =>
  makeQuickOrderLine(n, {
    status: 'unknown',
    problem: 'No option has this SKU.',
    productName: null,
    variantName: null,
    sellingUnit: null,
    product: null,
    unitPriceCents: null,
    lineTotalCents: null,
    priceSource: null,
    addedQuantity: 0,
    ...overrides,
  });

/** A cart of these lines, its totals added up as the server does. */
export function makeCart(items: CartLine[], overrides: Partial<Cart> = {}): Cart {
  return {
    items,
    itemCount: items.reduce((n, l) => n + l.quantity, 0),
    subtotalCents: items.reduce((n, l) => n + l.lineTotalCents, 0),
    shipTo: null,
    exciseCents: items.reduce((n, l) => n + l.exciseCents, 0),
    blockedCount: items.filter((l) => l.blocks.length).length,
    ...overrides,
  };
}

/**
 * Renders `page` at `path` (matched by `route`) for a signed-in buyer (`user`, or none), with the
 * cart already read when one is given, and the slots the test fills.
 */
/** Any other page a page sent the buyer to: "Landed on /path?query". */
function Landed() {
  const { pathname, search } = useLocation();
  return <p>Landed on {`${pathname}${search}`}</p>;
}

/** Where a page sent the buyer on /orders: "Orders page" and the address's query. */
function OrdersStub() {
  return <p>Orders page{useLocation().search}</p>;
}

export function renderPage(
  page: ReactElement,
  {
    user = makeProfile(),
    cart,
    path = '/',
    route = '*',
    slots = {},
    staff = makeStaffMe(),
    viewing = null,
  }: {
    user?: Profile | null;
    cart?: Cart;
    path?: string;
    route?: string;
    slots?: Partial<Slots>;
    /** Who a console page's staff member is (their role's permissions show its actions). */
    staff?: StaffMe;
    /** Staff viewing the store as `user` (decision 016, part 5): the session's `viewing`. */
    viewing?: Viewing | null;
  } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, { user, viewing });
  client.setQueryData(staffMeQuery().queryKey, staff);
  client.setQueryDefaults(staffMeQuery().queryKey, { staleTime: Number.POSITIVE_INFINITY });
  if (user && cart) client.setQueryData(cartKey(user.id), cart);
  const view = render(
    <QueryClientProvider client={client}>
      <NotificationsProvider>
        <SlotsProvider slots={slots}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={page} />
              {route !== '/orders' && <Route path="/orders" element={<OrdersStub />} />}
              {route !== '*' && <Route path="*" element={<Landed />} />}
            </Routes>
          </MemoryRouter>
        </SlotsProvider>
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
