CREATE SCHEMA "profile";
--> statement-breakpoint
CREATE TABLE "profile"."contributions" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"user_id" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contributions_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "profile"."inbox" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "profile"."outbox_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
CREATE TABLE "profile"."profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_teacher" boolean NOT NULL,
	"department" text,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"graduation_year" integer,
	"branch" text,
	"enrollment_number" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "contributions_live_by_user_idx" ON "profile"."contributions" USING btree ("user_id","kind") WHERE "profile"."contributions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inbox_handled_at_idx" ON "profile"."inbox" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "profile"."outbox" USING btree ("position") WHERE "profile"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_published_at_idx" ON "profile"."outbox" USING btree ("published_at") WHERE "profile"."outbox"."published_at" is not null;