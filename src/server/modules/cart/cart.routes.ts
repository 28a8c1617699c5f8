import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, ORDERING, writesFor } from '#server/plugins/request-context.ts';
import {
  AddToCartBodySchema,
  CartQuerySchema,
  CartSchema,
  cartMessages,
  SetQuantityBodySchema,
  VariantParamsSchema,
} from '#shared/cart/cart.schemas.ts';
import {
  QuickOrderAddedSchema,
  QuickOrderBodySchema,
  QuickOrderCheckSchema,
} from '#shared/cart/quick-order.schemas.ts';
import {
  addToCart,
  type CartReadContext,
  clearCart,
  readCart,
  removeFromCart,
  setQuantity,
} from './cart.service.ts';
import { addQuickOrder, checkQuickOrder } from './quick-order.service.ts';

const tags = ['cart'];
const errors = ERROR_RESPONSES;

/** The signed-in buyer's cart. Every change answers the new cart and tells the buyer's other pages. */
export const cartRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  // SPEC §5: the cart needs a signed-in buyer: 'Please Login / Register'.
  defaultAccess(app, 'signedIn', cartMessages.pleaseLogin);
  // A viewer of a company has no cart to change, nor a quick order (decision 015, step 3).
  writesFor(app, ORDERING);
  /** After a change (its service told the buyer's other pages), the new cart is the answer. */
  const changed = async (ctx: CartReadContext) => readCart(ctx, await catalogue.get());
  noStore(app);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'My cart, priced from the current catalogue, each line judged and taxed for a ship-to (state and shipping, else my default address)',
        querystring: CartQuerySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (req) => {
      return readCart(req.ctx, await catalogue.get(), req.query);
    },
  );

  app.post(
    '/items',
    {
      schema: {
        tags,
        summary: 'Add options with a count above 0',
        body: AddToCartBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (req) => {
      await addToCart(req.ctx, req.body.items);
      return changed(req.ctx);
    },
  );

  app.put(
    '/items/:variantId',
    {
      schema: {
        tags,
        summary: 'Set the quantity of one option (1 or more, within stock)',
        params: VariantParamsSchema,
        body: SetQuantityBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (req) => {
      await setQuantity(req.ctx, { sku: req.params.variantId, quantity: req.body.quantity });
      return changed(req.ctx);
    },
  );

  app.delete(
    '/items/:variantId',
    {
      schema: {
        tags,
        summary: 'Remove one option',
        params: VariantParamsSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (req) => {
      await removeFromCart(req.ctx, req.params.variantId);
      return changed(req.ctx);
    },
  );

  app.delete(
    '/',
    { schema: { tags, summary: 'Empty the cart', response: { 200: CartSchema, ...errors } } },
    async (req) => {
      await clearCart(req.ctx);
      return changed(req.ctx);
    },
  );

  app.post(
    '/quick-order/check',
    {
      // A read with a body (the pasted lines): staff viewing the store as a buyer may make it.
      config: { readsOnly: true },
      schema: {
        tags,
        summary:
          'Quick order: read lines of "SKU quantity" and judge each (sold, stock, case pack, ship-to) with my price; changes nothing',
        body: QuickOrderBodySchema,
        response: { 200: QuickOrderCheckSchema, ...errors },
      },
    },
    async (req) => {
      const { ready: _, ...check } = await checkQuickOrder(req.ctx, await catalogue.get(), req.body.text);
      return check;
    },
  );

  app.post(
    '/quick-order',
    {
      schema: {
        tags,
        summary: 'Quick order: add every line that passes its checks in one go; says which did not',
        body: QuickOrderBodySchema,
        response: { 200: QuickOrderAddedSchema, ...errors },
      },
    },
    async (req) => {
      const added = await addQuickOrder(req.ctx, await catalogue.get(), req.body.text);
      return added;
    },
  );
};
