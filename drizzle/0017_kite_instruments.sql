CREATE TABLE "kite_instruments" (
	"instrument_token" bigint PRIMARY KEY NOT NULL,
	"exchange_token" bigint NOT NULL,
	"tradingsymbol" text NOT NULL,
	"name" text NOT NULL,
	"last_price" double precision NOT NULL,
	"expiry" date,
	"strike" double precision NOT NULL,
	"tick_size" double precision NOT NULL,
	"lot_size" integer NOT NULL,
	"instrument_type" text NOT NULL,
	"segment" text NOT NULL,
	"exchange" text NOT NULL,
	"listed_on" date NOT NULL
);
