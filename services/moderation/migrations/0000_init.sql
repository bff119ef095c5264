CREATE SCHEMA "moderation";
--> statement-breakpoint
CREATE TABLE "moderation"."idempotency_keys" (
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
CREATE TABLE "moderation"."inbox" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_teacher" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "moderation"."outbox_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"producer" text NOT NULL,
	"trace_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "moderation"."idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "inbox_handled_at_idx" ON "moderation"."inbox" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "items_newest_idx" ON "moderation"."items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "moderation"."outbox" USING btree ("position") WHERE "moderation"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_published_at_idx" ON "moderation"."outbox" USING btree ("published_at") WHERE "moderation"."outbox"."published_at" is not null;