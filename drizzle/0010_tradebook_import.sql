CREATE TABLE "imported_broker_trades" (
	"user_id" integer NOT NULL,
	"exchange" text NOT NULL,
	"broker_trade_id" text NOT NULL,
	"import_id" integer NOT NULL,
	"trade_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_broker_trades_user_id_exchange_broker_trade_id_pk" PRIMARY KEY("user_id","exchange","broker_trade_id")
);
--> statement-breakpoint
CREATE TABLE "tradebook_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"state" text DEFAULT 'previewed' NOT NULL,
	"row_count" integer NOT NULL,
	"fills" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "imported_broker_trades" ADD CONSTRAINT "imported_broker_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_broker_trades" ADD CONSTRAINT "imported_broker_trades_import_id_tradebook_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."tradebook_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_broker_trades" ADD CONSTRAINT "imported_broker_trades_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tradebook_imports" ADD CONSTRAINT "tradebook_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imported_broker_trades_import_idx" ON "imported_broker_trades" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "tradebook_imports_user_idx" ON "tradebook_imports" USING btree ("user_id","created_at");