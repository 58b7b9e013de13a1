ALTER TABLE "trades" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "trades_tags_idx" ON "trades" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "trades_exit_time_idx" ON "trades" USING btree ("exit_date_time","id");