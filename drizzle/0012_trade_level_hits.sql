ALTER TABLE "trades" ADD COLUMN "sl_hit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "sl_hit_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "target_hit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "target_hit_price" numeric(14, 2);