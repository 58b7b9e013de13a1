CREATE TABLE "charge_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"segment" text NOT NULL,
	"effective_from" date NOT NULL,
	"stt_buy" numeric(12, 6) NOT NULL,
	"stt_sell" numeric(12, 6) NOT NULL,
	"exchange" numeric(12, 6) NOT NULL,
	"sebi" numeric(12, 6) NOT NULL,
	"stamp_buy" numeric(12, 6) NOT NULL,
	"gst" numeric(12, 6) NOT NULL,
	"brokerage_kind" text NOT NULL,
	"brokerage_value" numeric(12, 6) NOT NULL,
	"brokerage_cap" numeric(14, 2),
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_brokerage_plans" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(12, 6) NOT NULL,
	"cap" numeric(14, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_rates" ADD CONSTRAINT "charge_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_brokerage_plans" ADD CONSTRAINT "user_brokerage_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_rates_segment_day_unique" ON "charge_rates" USING btree ("segment","effective_from");