ALTER TABLE "documents" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "location_id" uuid;--> statement-breakpoint
-- Data (decision 015, step 2): a buyer's addresses and documents are their company's; the documents
-- are the company's own (no location), standing for every location. Staff kept no documents; any a
-- staff login had cannot belong to a company and go. Staff addresses stay, without a company.
UPDATE "addresses" a SET "company_id" = m."company_id" FROM "company_members" m WHERE m."user_id" = a."user_id";--> statement-breakpoint
UPDATE "documents" d SET "company_id" = m."company_id" FROM "company_members" m WHERE m."user_id" = d."user_id";--> statement-breakpoint
DELETE FROM "documents" WHERE "company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_location_id_addresses_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_company_idx" ON "addresses" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_company_default" ON "addresses" USING btree ("company_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "documents_company_kind_unique" ON "documents" USING btree ("company_id","kind") WHERE "documents"."location_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_location_kind_unique" ON "documents" USING btree ("location_id","kind") WHERE "documents"."location_id" is not null;--> statement-breakpoint
-- Transition (dropped in step 6): the release before inserts addresses and documents by user only.
CREATE FUNCTION "transition_row_company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."company_id" IS NULL AND NEW."user_id" IS NOT NULL THEN
    NEW."company_id" := (SELECT m."company_id" FROM "company_members" m WHERE m."user_id" = NEW."user_id" AND m."removed_at" IS NULL);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "addresses_transition_company" BEFORE INSERT ON "addresses"
  FOR EACH ROW EXECUTE FUNCTION "transition_row_company"();--> statement-breakpoint
CREATE TRIGGER "documents_transition_company" BEFORE INSERT ON "documents"
  FOR EACH ROW EXECUTE FUNCTION "transition_row_company"();