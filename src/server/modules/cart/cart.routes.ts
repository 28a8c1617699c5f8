import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddToCartBodySchema,
  CartSchema,
  cartMessages as cm,
  SetQuantityBodySchema,
  VariantParamsSchema,
} from '#shared/cart/cart.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { ERROR_RESPONSES, noStore } from '../../http/responses.ts';
import { defaultAccess } from '../../plugins/request-context.ts';
import { addToCart, clearCart, readCart, removeFromCart, setQuantity } from './cart.service.ts';
import type { ModuleDeps } from '../module.ts';

const tags = ['cart'];
const errors = ERROR_RESPONSES;

/** The signed-in buyer's cart. Every change answers the new cart and tells the buyer's other pages. */
export const cartRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (
  app,
  { db, clock, events, catalogue },
) => {
  // SPEC §5: the cart needs a signed-in buyer: 'Please Login / Register'.
  defaultAccess(app, 'signedIn', cm.pleaseLogin);
  const changed = async (userId: string) => {
    await events.publish(userId, 'cart').catch(() => {});
    return readCart(db, await catalogue.get(), userId);
  };
  noStore(app);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My cart, priced from the current catalogue',
        response: { 200: CartSchema, 401: MessageResponseSchema },
      },
    },
    async (req) => {
      const { user } = req.ctx.actor;
      return readCart(db, await catalogue.get(), user.id);
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
      const { user } = req.ctx.actor;
      await addToCart(db, user.id, req.body.items, clock());
      return changed(user.id);
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
      const { user } = req.ctx.actor;
      await setQuantity(db, user.id, req.params.variantId, req.body.quantity, clock());
      return changed(user.id);
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
      const { user } = req.ctx.actor;
      await removeFromCart(db, user.id, req.params.variantId);
      return changed(user.id);
    },
  );

  app.delete(
    '/',
    { schema: { tags, summary: 'Empty the cart', response: { 200: CartSchema, ...errors } } },
    async (req) => {
      const { user } = req.ctx.actor;
      await clearCart(db, user.id);
      return changed(user.id);
    },
  );
};
