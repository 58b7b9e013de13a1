ALTER TABLE "api_secrets" ADD COLUMN "pending_api_token_enc" text;--> statement-breakpoint
ALTER TABLE "api_secrets" ADD COLUMN "pending_api_secret_enc" text;