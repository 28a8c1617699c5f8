import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_RESPONSES, noStore } from '#server/http/responses.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import { defaultAccess, ORDERING, writesFor } from '#server/plugins/request-context.ts';
import { cartMessages } from '#shared/cart/cart.schemas.ts';
import { QuickOrderAddedSchema } from '#shared/cart/quick-order.schemas.ts';
import {
  ListDetailSchema,
  ListItemParamsSchema,
  ListItemsBodySchema,
  ListListSchema,
  ListNameSchema,
  ListParamsSchema,
  ListQuantitySchema,
  ListSummarySchema,
  listMessages,
} from '#shared/lists/lists.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import {
  addItems,
  createList,
  deleteList,
  listDetail,
  listLists,
  listToCart,
  removeItem,
  renameList,
  setItemQuantity,
} from './lists.service.ts';

const tags = ['lists'];
const errors = ERROR_RESPONSES;

/** The signed-in buyer's saved lists; another buyer's list is 404. */
export const listsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  defaultAccess(app, 'signedIn', cartMessages.pleaseLogin);
  // A viewer of a company reads lists but changes none (decision 015, step 3).
  writesFor(app, ORDERING);
  noStore(app);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'My saved lists, latest changed first',
        response: { 200: ListListSchema, ...errors },
      },
    },
    async (req) => ({ lists: await listLists(req.ctx) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Start a list (names are mine alone, whatever their case; at most 50 lists)',
        body: ListNameSchema,
        response: { 201: ListSummarySchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createList(req.ctx, req.body.name)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One of my lists, each item with my price and why it would not go to the cart as it is',
        params: ListParamsSchema,
        response: { 200: ListDetailSchema, ...errors },
      },
    },
    async (req) => listDetail(req.ctx, await catalogue.get(), req.params.id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Rename one of my lists',
        params: ListParamsSchema,
        body: ListNameSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await renameList(req.ctx, req.params.id, req.body.name);
      return { message: listMessages.renamed };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my lists',
        params: ListParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => ({ message: listMessages.deleted(await deleteList(req.ctx, req.params.id)) }),
  );
  itemRoutes(app, catalogue);
};

/** A list's items: save, change, take off, and the whole list into the cart. */
function itemRoutes(
  app: Parameters<FastifyPluginAsyncZod<ModuleDeps>>[0],
  catalogue: ModuleDeps['catalogue'],
) {
  app.post(
    '/:id/items',
    {
      schema: {
        tags,
        summary:
          'Save options to one of my lists (from a product page, my cart or an order); quantities add up',
        params: ListParamsSchema,
        body: ListItemsBodySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const name = await addItems(req.ctx, await catalogue.get(), req.params.id, req.body.items);
      return { message: listMessages.saved(req.body.items.length, name) };
    },
  );

  app.put(
    '/:id/items/:variantId',
    {
      schema: {
        tags,
        summary: 'Change the quantity of an item on one of my lists',
        params: ListItemParamsSchema,
        body: ListQuantitySchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await setItemQuantity(req.ctx, req.params.id, req.params.variantId, req.body.quantity);
      return { message: listMessages.quantityChanged };
    },
  );

  app.delete(
    '/:id/items/:variantId',
    {
      schema: {
        tags,
        summary: 'Take an item off one of my lists',
        params: ListItemParamsSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await removeItem(req.ctx, req.params.id, req.params.variantId);
      return { message: listMessages.removed };
    },
  );

  app.post(
    '/:id/to-cart',
    {
      schema: {
        tags,
        summary: 'Add a whole list to my cart: what stock and case packs allow of each item, with a report',
        params: ListParamsSchema,
        response: { 200: QuickOrderAddedSchema, ...errors },
      },
    },
    async (req) => {
      const added = await listToCart(req.ctx, await catalogue.get(), req.params.id);
      return added;
    },
  );
}
