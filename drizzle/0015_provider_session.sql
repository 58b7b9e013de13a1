ALTER TABLE "api_secrets" ADD COLUMN "session_token_enc" text;--> statement-breakpoint
ALTER TABLE "api_secrets" ADD COLUMN "session_expires_at" timestamp with time zone;