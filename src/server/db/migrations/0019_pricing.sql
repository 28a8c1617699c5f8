CREATE TABLE "customer_group_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"scope" text NOT NULL,
	"target_id" integer NOT NULL,
	"price_cents" integer,
	"basis_points" integer,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_entries_scope_check" CHECK ("price_list_entries"."scope" in ('variant', 'product', 'brand', 'category')),
	CONSTRAINT "price_list_entries_kind_check" CHECK (("price_list_entries"."scope" in ('variant', 'product') and "price_list_entries"."price_cents" >= 0 and "price_list_entries"."basis_points" is null)
        or ("price_list_entries"."scope" in ('brand', 'category') and "price_list_entries"."basis_points" between 0 and 10000
            and "price_list_entries"."price_cents" is null and "price_list_entries"."tiers" = '[]'::jsonb))
);
--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "min_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "order_increment" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "max_quantity" integer;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_group_members_group_idx" ON "customer_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name_unique" ON "customer_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_entries_target_unique" ON "price_list_entries" USING btree ("group_id","scope","target_id");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_quantity_rule_check" CHECK ("variants"."order_increment" >= 1 and "variants"."min_quantity" >= 1 and "variants"."min_quantity" % "variants"."order_increment" = 0
        and ("variants"."max_quantity" is null or ("variants"."max_quantity" >= "variants"."min_quantity" and "variants"."max_quantity" % "variants"."order_increment" = 0)));