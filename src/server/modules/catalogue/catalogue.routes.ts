import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText, sendVersioned } from '#server/http/send-json.ts';
import type { ModuleDeps } from '#server/modules/module.ts';
import {
  BannersResponseSchema,
  ListingQuerySchema,
  ListingResponseSchema,
  MenuResponseSchema,
  NewArrivalsQuerySchema,
  NewArrivalsResponseSchema,
  ProductDetailSchema,
  ProductListResponseSchema,
  ProductQuerySchema,
  SkuExampleSchema,
} from '#shared/catalogue/catalogue.schemas.ts';
import { MessageResponseSchema } from '#shared/store/store.schemas.ts';
import { buyerCards, pricedDetailJson, pricesOf, sendPriced } from '#server/modules/pricing/buyer-prices.ts';
import {
  listingJson,
  newArrivalsJson,
  productDetailJson,
  relatedJson,
  skuExample,
} from './catalogue.service.ts';

const tags = ['catalogue'];
const notFound = { 404: MessageResponseSchema, 400: MessageResponseSchema };

export const catalogueRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { catalogue }) => {
  app.get(
    '/menu',
    {
      schema: {
        tags,
        summary: 'Categories with their brands, for the header menu',
        response: { 200: MenuResponseSchema },
      },
    },
    async (req, reply) => {
      const model = await catalogue.get();
      return sendVersioned(req, reply, model.version, () => model.menuJson);
    },
  );

  app.get(
    '/listing',
    {
      schema: {
        tags,
        summary:
          'Products of a category (slug, ALL, Vape Hardware or Smoke Shop), optionally one brand, 20 a page; sorted (featured, price, name, newest) and narrowed (stock, price in dollars, flavours, nicotine), with flavour and nicotine facets',
        querystring: ListingQuerySchema,
        response: { 200: ListingResponseSchema, ...notFound },
      },
    },
    async (req, reply) => {
      const model = await catalogue.get();
      return sendPriced(req, reply, model, (card, group) =>
        listingJson(model, req.query, { card, prices: group ? pricesOf(group) : undefined }),
      );
    },
  );

  app.get(
    '/product',
    {
      schema: {
        tags,
        summary: 'A product (sub-brand) with its variants and stock',
        querystring: ProductQuerySchema,
        response: { 200: ProductDetailSchema, ...notFound },
      },
    },
    async (req, reply) => {
      const model = await catalogue.get();
      return sendPriced(req, reply, model, (_, group) =>
        productDetailJson(model, req.query, group ? (p) => pricedDetailJson(group, model, p) : undefined),
      );
    },
  );

  app.get(
    '/product/related',
    {
      schema: {
        tags,
        summary: 'Up to 20 random products of the same category ("You may also like")',
        querystring: ProductQuerySchema,
        response: { 200: ProductListResponseSchema, ...notFound },
      },
    },
    async (req, reply) => {
      const model = await catalogue.get();
      // A new random pick on every load.
      reply.header('cache-control', 'no-store').header('vary', 'Cookie');
      return sendJsonText(reply, relatedJson(model, req.query, await buyerCards(req.ctx)));
    },
  );

  app.get(
    '/new-arrivals',
    {
      schema: {
        tags,
        summary: 'Random picks among new products: ALL and KRATOM up to 50, ROLLING PAPERS up to 20',
        querystring: NewArrivalsQuerySchema,
        response: { 200: NewArrivalsResponseSchema, 400: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const model = await catalogue.get();
      return sendPriced(req, reply, model, (card) => newArrivalsJson(model, req.query.tab, card));
    },
  );

  app.get(
    '/banners',
    { schema: { tags, summary: 'Home page banners by slot', response: { 200: BannersResponseSchema } } },
    async (req, reply) => {
      const model = await catalogue.get();
      return sendVersioned(req, reply, model.version, () => model.bannersJson);
    },
  );

  app.get(
    '/sku-example',
    {
      schema: {
        tags,
        summary: "Quick order's example line: an in-stock option's SKU and a quantity it is sold in",
        response: { 200: SkuExampleSchema },
      },
    },
    async (req, reply) => {
      const model = await catalogue.get();
      return sendVersioned(req, reply, model.version, () => JSON.stringify(skuExample(model)));
    },
  );
};
