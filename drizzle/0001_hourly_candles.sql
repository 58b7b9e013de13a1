CREATE TABLE "hourly_ohlc" (
	"symbol_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"open" numeric(14, 2) NOT NULL,
	"high" numeric(14, 2) NOT NULL,
	"low" numeric(14, 2) NOT NULL,
	"close" numeric(14, 2) NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "hourly_ohlc_symbol_id_bucket_pk" PRIMARY KEY("symbol_id","bucket")
);
--> statement-breakpoint
-- Hand-added: fill the rollup from the minutes already stored (docs/decisions/081-hourly-candles.md).
INSERT INTO "hourly_ohlc" ("symbol_id", "bucket", "open", "high", "low", "close", "volume")
SELECT "symbol_id",
       to_timestamp(floor((extract(epoch from "ts") + 19800) / 3600) * 3600 - 19800) AS "bucket",
       (array_agg("open" ORDER BY "ts"))[1], max("high"), min("low"),
       (array_agg("close" ORDER BY "ts" DESC))[1], coalesce(sum("volume"), 0)
FROM "intraday_ohlc"
GROUP BY 1, 2;
