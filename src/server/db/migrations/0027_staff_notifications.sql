CREATE TABLE "staff_notifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"new_orders" boolean DEFAULT false NOT NULL,
	"new_uploads" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_notifications" ADD CONSTRAINT "staff_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;