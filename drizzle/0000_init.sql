CREATE TYPE "public"."alert_condition" AS ENUM('Equal to', 'Greater than', 'Less than');--> statement-breakpoint
CREATE TYPE "public"."chavi_type" AS ENUM('plus', 'minus');--> statement-breakpoint
CREATE TYPE "public"."code_purpose" AS ENUM('signup', 'reset');--> statement-breakpoint
CREATE TYPE "public"."trade_type" AS ENUM('BUY', 'SELL');--> statement-breakpoint
CREATE TYPE "public"."trend" AS ENUM('Buy', 'Sell', 'Neutral');--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"symbol_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"condition" "alert_condition" NOT NULL,
	"view_type" text[] NOT NULL,
	"description" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"alert_type" text DEFAULT 'manual' NOT NULL,
	"is_master_alert" boolean DEFAULT false NOT NULL,
	"is_chavi_alert" boolean DEFAULT false NOT NULL,
	"created_by" text DEFAULT 'User' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"api_token_enc" text NOT NULL,
	"api_secret_enc" text NOT NULL,
	"authentication_date" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"segment" text NOT NULL,
	"note" text NOT NULL,
	"date" date NOT NULL,
	"is_week_first_day" boolean DEFAULT false NOT NULL,
	"is_week_last_day" boolean DEFAULT false NOT NULL,
	"is_holiday" boolean DEFAULT false NOT NULL,
	"is_month_first_day" boolean DEFAULT false NOT NULL,
	"is_month_last_day" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chavi_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"chavi_id" integer NOT NULL,
	"symbol_id" integer NOT NULL,
	"label" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"trading_date" date NOT NULL,
	"event_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chavi_users" (
	"chavi_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "chavi_users_chavi_id_user_id_pk" PRIMARY KEY("chavi_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chavis" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"type" "chavi_type" NOT NULL,
	"sr_no" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"isactive" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chavis_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "day_ohlc" (
	"symbol_id" integer NOT NULL,
	"trading_date" date NOT NULL,
	"open" numeric(14, 2) NOT NULL,
	"high" numeric(14, 2) NOT NULL,
	"low" numeric(14, 2) NOT NULL,
	"close" numeric(14, 2) NOT NULL,
	"settle_price" numeric(14, 2),
	"volume" bigint DEFAULT 0 NOT NULL,
	"ma" numeric(14, 2),
	"md" numeric(14, 2),
	"wa" numeric(14, 2),
	"wd" numeric(14, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_ohlc_symbol_id_trading_date_pk" PRIMARY KEY("symbol_id","trading_date")
);
--> statement-breakpoint
CREATE TABLE "intraday_ohlc" (
	"symbol_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"open" numeric(14, 2) NOT NULL,
	"high" numeric(14, 2) NOT NULL,
	"low" numeric(14, 2) NOT NULL,
	"close" numeric(14, 2) NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "intraday_ohlc_symbol_id_ts_pk" PRIMARY KEY("symbol_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- Hand-added: minute candles are partitioned by month (docs/decisions/003-minute-candle-partitions.md).
-- Monthly partitions are created ahead by the candle writer; the default partition catches the rest.
CREATE TABLE "intraday_ohlc_default" PARTITION OF "intraday_ohlc" DEFAULT;
--> statement-breakpoint
CREATE TABLE "marquee" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"date" date,
	"sub_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"message" text NOT NULL,
	"emp" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"symbol_id" integer,
	"kind" text DEFAULT 'alert' NOT NULL,
	"message" text NOT NULL,
	"view" text[] DEFAULT '{}'::text[] NOT NULL,
	"mp3_text" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol_id" integer NOT NULL,
	"point_name" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"sl_price" numeric(14, 2),
	"date" date,
	"description" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"low_range" numeric(14, 2),
	"high_range" numeric(14, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sector_analysis_points" (
	"sector_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"percentage" numeric(6, 2) NOT NULL,
	CONSTRAINT "sector_analysis_points_sector_id_ts_pk" PRIMARY KEY("sector_id","ts")
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"sector_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sectors_sector_name_unique" UNIQUE("sector_name")
);
--> statement-breakpoint
CREATE TABLE "subscription_details" (
	"subscription_id" integer NOT NULL,
	"symbol_id" integer NOT NULL,
	"sector_id" integer,
	CONSTRAINT "subscription_details_subscription_id_symbol_id_pk" PRIMARY KEY("subscription_id","symbol_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date_subscribed" date NOT NULL,
	"date_expired" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "symbol_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol_id" integer NOT NULL,
	"user_id" integer,
	"trends" "trend" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "symbols" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol_code" text NOT NULL,
	"sector_id" integer,
	"segment" text DEFAULT 'NSE' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lot_size" integer DEFAULT 1 NOT NULL,
	"step" numeric(14, 2) DEFAULT 1 NOT NULL,
	"audio_script" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"daglu_per" numeric(8, 3),
	"from_daglu_per" numeric(8, 3),
	"to_daglu_per" numeric(8, 3),
	"reference_price" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"symbol_id" integer NOT NULL,
	"trade_type" "trade_type" NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"buy_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"sell_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"target_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"sl_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reason_to_trade" text DEFAULT '' NOT NULL,
	"trade_date_time" timestamp with time zone DEFAULT now() NOT NULL,
	"exit_date_time" timestamp with time zone,
	"status" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sectors" (
	"user_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	CONSTRAINT "user_sectors_user_id_sector_id_pk" PRIMARY KEY("user_id","sector_id")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_symbols" (
	"user_id" integer NOT NULL,
	"symbol_id" integer NOT NULL,
	"sector_id" integer,
	CONSTRAINT "user_symbols_user_id_symbol_id_pk" PRIMARY KEY("user_id","symbol_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" smallint NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"email_verified_at" timestamp with time zone,
	"login_timestamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" "code_purpose" NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_symbols" (
	"watchlist_id" integer NOT NULL,
	"symbol_id" integer NOT NULL,
	"sector_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_symbols_watchlist_id_symbol_id_pk" PRIMARY KEY("watchlist_id","symbol_id")
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"watchlist_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_secrets" ADD CONSTRAINT "api_secrets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chavi_events" ADD CONSTRAINT "chavi_events_chavi_id_chavis_id_fk" FOREIGN KEY ("chavi_id") REFERENCES "public"."chavis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chavi_events" ADD CONSTRAINT "chavi_events_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chavi_users" ADD CONSTRAINT "chavi_users_chavi_id_chavis_id_fk" FOREIGN KEY ("chavi_id") REFERENCES "public"."chavis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chavi_users" ADD CONSTRAINT "chavi_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_ohlc" ADD CONSTRAINT "day_ohlc_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_points" ADD CONSTRAINT "reference_points_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sector_analysis_points" ADD CONSTRAINT "sector_analysis_points_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_details" ADD CONSTRAINT "subscription_details_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_details" ADD CONSTRAINT "subscription_details_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_details" ADD CONSTRAINT "subscription_details_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symbol_suggestions" ADD CONSTRAINT "symbol_suggestions_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symbol_suggestions" ADD CONSTRAINT "symbol_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symbols" ADD CONSTRAINT "symbols_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sectors" ADD CONSTRAINT "user_sectors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sectors" ADD CONSTRAINT "user_sectors_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_symbols" ADD CONSTRAINT "user_symbols_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_symbols" ADD CONSTRAINT "user_symbols_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_symbols" ADD CONSTRAINT "user_symbols_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_symbols" ADD CONSTRAINT "watchlist_symbols_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_symbols" ADD CONSTRAINT "watchlist_symbols_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_symbols" ADD CONSTRAINT "watchlist_symbols_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_symbol_active_idx" ON "alerts" USING btree ("symbol_id","active");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_created_idx" ON "auth_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "broadcasts_time_idx" ON "broadcasts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "calendar_entries_date_idx" ON "calendar_entries" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "calendar_segment_date_idx" ON "calendar_entries" USING btree ("segment","date");--> statement-breakpoint
CREATE INDEX "chavi_events_symbol_time_idx" ON "chavi_events" USING btree ("symbol_id","event_time");--> statement-breakpoint
CREATE INDEX "chavi_users_user_idx" ON "chavi_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_pair_idx" ON "messages" USING btree ("sender_id","receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_receiver_unread_idx" ON "messages" USING btree ("receiver_id","read_at");--> statement-breakpoint
CREATE INDEX "notifications_user_time_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reference_points_symbol_idx" ON "reference_points" USING btree ("symbol_id","is_active");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "symbol_suggestions_symbol_idx" ON "symbol_suggestions" USING btree ("symbol_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "symbols_code_unique" ON "symbols" USING btree (upper("symbol_code"));--> statement-breakpoint
CREATE INDEX "symbols_sector_idx" ON "symbols" USING btree ("sector_id","id");--> statement-breakpoint
CREATE INDEX "trades_time_idx" ON "trades" USING btree ("trade_date_time","id");--> statement-breakpoint
CREATE INDEX "trades_user_time_idx" ON "trades" USING btree ("user_id","trade_date_time","id");--> statement-breakpoint
CREATE INDEX "trades_symbol_idx" ON "trades" USING btree ("symbol_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_settings_user_name_unique" ON "user_settings" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "user_symbols_symbol_idx" ON "user_symbols" USING btree ("symbol_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id","id");--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "watchlists_user_idx" ON "watchlists" USING btree ("user_id","position");