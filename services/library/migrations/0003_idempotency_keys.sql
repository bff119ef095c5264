CREATE TABLE "library"."idempotency_keys" (
	"caller" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"claim_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"status" integer,
	"body" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_caller_route_key_pk" PRIMARY KEY("caller","route","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "library"."idempotency_keys" USING btree ("expires_at");