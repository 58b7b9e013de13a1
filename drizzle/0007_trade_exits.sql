CREATE TABLE "trade_exits" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"exited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_exits" ADD CONSTRAINT "trade_exits_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_exits_trade_idx" ON "trade_exits" USING btree ("trade_id","exited_at","id");