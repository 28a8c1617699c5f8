CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"order_limit_cents" integer,
	"token_hash" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"resent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_role_check" CHECK ("company_invitations"."role" in ('owner', 'buyer', 'viewer')),
	CONSTRAINT "company_invitations_limit_check" CHECK ("company_invitations"."order_limit_cents" is null or ("company_invitations"."role" = 'buyer' and "company_invitations"."order_limit_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_open_email_unique" ON "company_invitations" USING btree ("company_id",lower("email")) WHERE "company_invitations"."accepted_at" is null and "company_invitations"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "company_invitations_email_idx" ON "company_invitations" USING btree (lower("email"));--> statement-breakpoint
-- Every company keeps an owner (decision 015, step 3): the function's first text (its definition
-- lives in db/functions/company_keeps_an_owner.sql, applied after the migrations) and the deferred
-- constraint trigger that runs it at commit for each member row an update or delete touched.
CREATE OR REPLACE FUNCTION company_keeps_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'owner' AND OLD.removed_at IS NULL
    AND EXISTS (SELECT 1 FROM companies c WHERE c.id = OLD.company_id)
    AND NOT EXISTS (
      SELECT 1 FROM company_members m
      WHERE m.company_id = OLD.company_id AND m.role = 'owner' AND m.removed_at IS NULL
    )
  THEN
    RAISE EXCEPTION 'company % would have no owner', OLD.company_id
      USING ERRCODE = '23514', CONSTRAINT = 'company_keeps_an_owner';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "company_keeps_an_owner" AFTER UPDATE OR DELETE ON "company_members"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION company_keeps_an_owner();
