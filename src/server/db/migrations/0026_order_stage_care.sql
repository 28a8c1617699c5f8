ALTER TABLE "order_events" ADD COLUMN "delivered_item_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mailed_stages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Every stage an order has reached was mailed to its buyer when it was reached.
UPDATE "orders" o SET "mailed_stages" = s.stages
  FROM (SELECT "order_id", array_agg(DISTINCT "stage" ORDER BY "stage") AS stages FROM "order_events"
         WHERE "stage" NOT IN ('placed', 'cancelled') GROUP BY "order_id") s
 WHERE s."order_id" = o."id";--> statement-breakpoint
-- A Delivered stage reached before this column delivered the order's delivered items, but for those
-- staff had marked delivered one by one (the audit log names them): those stay delivered on a step back.
UPDATE "order_events" e SET "delivered_item_ids" = d.ids
  FROM (SELECT i."order_id", array_agg(i."id" ORDER BY i."id") AS ids
          FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
         WHERE i."status" = 'delivered'
           AND NOT EXISTS (SELECT 1 FROM "audit_log" a
                            WHERE a."action" = 'order.item_delivered' AND a."entity" = 'order'
                              AND a."entity_id" = o."number" AND a."after"->>'sku' = i."sku")
         GROUP BY i."order_id") d
 WHERE d."order_id" = e."order_id" AND e."stage" = 'delivered';
