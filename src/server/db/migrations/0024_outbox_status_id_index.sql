DROP INDEX "outbox_due_idx";--> statement-breakpoint
CREATE INDEX "outbox_status_id_idx" ON "outbox" USING btree ("status","id");