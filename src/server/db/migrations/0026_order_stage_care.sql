ALTER TABLE "order_events" ADD COLUMN "delivered_item_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mailed_stages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Every stage an order has reached was mailed to its buyer when it was reached.
UPDATE "orders" o SET "mailed_stages" = s.stages
  FROM (SELECT "order_id", array_agg(DISTINCT "stage" ORDER BY "stage") AS stages FROM "order_events"
         WHERE "stage" NOT IN ('placed', 'cancelled') GROUP BY "order_id") s
 WHERE s."order_id" = o."id";--> statement-breakpoint
-- A Delivered stage reached before this column: the order's delivered items are the ones it delivered.
UPDATE "order_events" e SET "delivered_item_ids" = d.ids
  FROM (SELECT "order_id", array_agg("id" ORDER BY "id") AS ids FROM "order_items"
         WHERE "status" = 'delivered' GROUP BY "order_id") d
 WHERE d."order_id" = e."order_id" AND e."stage" = 'delivered';
