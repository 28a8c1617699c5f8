ALTER TABLE "documents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "issuing_state" text;