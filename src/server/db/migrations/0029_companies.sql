CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_name" text NOT NULL,
	"phone" text NOT NULL,
	"tax_id" text,
	"is_completed" boolean DEFAULT false NOT NULL,
	"location_limit" integer DEFAULT 5 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_location_limit_check" CHECK ("companies"."location_limit" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"order_limit_cents" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" in ('owner', 'buyer', 'viewer')),
	CONSTRAINT "company_members_limit_check" CHECK ("company_members"."order_limit_cents" is null or ("company_members"."role" = 'buyer' and "company_members"."order_limit_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "company_groups" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_groups" ADD CONSTRAINT "company_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_groups" ADD CONSTRAINT "company_groups_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (lower("business_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id") WHERE "company_members"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "company_groups_group_idx" ON "company_groups" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at");--> statement-breakpoint
-- Data (decision 015): every buyer becomes a company of their own, with the company's id equal to
-- the buyer's (deterministic, and any row keyed by the buyer finds its company without a map), the
-- buyer its owner, the buyer's customer group the company's, the buyer's orders the company's.
INSERT INTO "companies" ("id", "business_name", "phone", "is_completed", "created_at", "updated_at")
  SELECT "id", "business_name", "phone", "is_completed", "created_at", "updated_at" FROM "users" WHERE "role" = 'buyer';--> statement-breakpoint
INSERT INTO "company_members" ("user_id", "company_id", "role", "joined_at")
  SELECT "id", "id", 'owner', "created_at" FROM "users" WHERE "role" = 'buyer';--> statement-breakpoint
INSERT INTO "company_groups" ("company_id", "group_id", "added_at")
  SELECT m."user_id", m."group_id", m."added_at" FROM "customer_group_members" m JOIN "company_members" c ON c."user_id" = m."user_id";--> statement-breakpoint
UPDATE "orders" o SET "company_id" = c."company_id" FROM "company_members" c WHERE c."user_id" = o."user_id";--> statement-breakpoint
-- Transition (dropped when users' business columns go, decision 015 step 6): the release before
-- runs on this schema during a rolling upgrade and writes only users and customer_group_members.
-- A buyer it signs up gets a company at commit; its changes to a buyer's business columns and group
-- reach the company; what this release writes to a company reaches its members' rows.
CREATE FUNCTION "transition_buyer_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."role" = 'buyer' AND NOT EXISTS (SELECT 1 FROM "company_members" WHERE "user_id" = NEW."id") THEN
    INSERT INTO "companies" ("id", "business_name", "phone", "is_completed", "created_at", "updated_at")
      VALUES (NEW."id", NEW."business_name", NEW."phone", NEW."is_completed", NEW."created_at", NEW."updated_at")
      ON CONFLICT ("id") DO NOTHING;
    INSERT INTO "company_members" ("user_id", "company_id", "role", "joined_at") VALUES (NEW."id", NEW."id", 'owner', NEW."created_at");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_transition_company" AFTER INSERT ON "users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "transition_buyer_company"();--> statement-breakpoint
CREATE FUNCTION "transition_buyer_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the columns this write changed: another member's copy may be older than the company.
  UPDATE "companies" c SET
      "business_name" = CASE WHEN OLD."business_name" IS DISTINCT FROM NEW."business_name" THEN NEW."business_name" ELSE c."business_name" END,
      "phone" = CASE WHEN OLD."phone" IS DISTINCT FROM NEW."phone" THEN NEW."phone" ELSE c."phone" END,
      "is_completed" = CASE WHEN OLD."is_completed" IS DISTINCT FROM NEW."is_completed" THEN NEW."is_completed" ELSE c."is_completed" END
    FROM "company_members" m
    WHERE m."user_id" = NEW."id" AND c."id" = m."company_id" AND m."role" = 'owner' AND m."removed_at" IS NULL
      AND ((OLD."business_name" IS DISTINCT FROM NEW."business_name" AND c."business_name" IS DISTINCT FROM NEW."business_name")
        OR (OLD."phone" IS DISTINCT FROM NEW."phone" AND c."phone" IS DISTINCT FROM NEW."phone")
        OR (OLD."is_completed" IS DISTINCT FROM NEW."is_completed" AND c."is_completed" IS DISTINCT FROM NEW."is_completed"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_transition_business" AFTER UPDATE OF "business_name", "phone", "is_completed" ON "users"
  FOR EACH ROW WHEN ((OLD."business_name", OLD."phone", OLD."is_completed") IS DISTINCT FROM (NEW."business_name", NEW."phone", NEW."is_completed"))
  EXECUTE FUNCTION "transition_buyer_business"();--> statement-breakpoint
-- And back: this release writes the company alone; its members' rows keep the copy the release before reads.
CREATE FUNCTION "transition_company_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "business_name" = NEW."business_name", "phone" = NEW."phone", "is_completed" = NEW."is_completed"
    FROM "company_members" m
    WHERE m."company_id" = NEW."id" AND u."id" = m."user_id"
      AND (u."business_name", u."phone", u."is_completed") IS DISTINCT FROM (NEW."business_name", NEW."phone", NEW."is_completed");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "companies_transition_copies" AFTER UPDATE OF "business_name", "phone", "is_completed" ON "companies"
  FOR EACH ROW WHEN ((OLD."business_name", OLD."phone", OLD."is_completed") IS DISTINCT FROM (NEW."business_name", NEW."phone", NEW."is_completed"))
  EXECUTE FUNCTION "transition_company_copies"();--> statement-breakpoint
CREATE FUNCTION "transition_group_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "company_groups" g USING "company_members" m WHERE m."user_id" = OLD."user_id" AND g."company_id" = m."company_id";
  ELSE
    INSERT INTO "company_groups" ("company_id", "group_id", "added_at")
      SELECT m."company_id", NEW."group_id", NEW."added_at" FROM "company_members" m WHERE m."user_id" = NEW."user_id"
      ON CONFLICT ("company_id") DO UPDATE SET "group_id" = EXCLUDED."group_id"
        WHERE "company_groups"."group_id" IS DISTINCT FROM EXCLUDED."group_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customer_group_members_transition" AFTER INSERT OR UPDATE OR DELETE ON "customer_group_members"
  FOR EACH ROW EXECUTE FUNCTION "transition_group_member"();
