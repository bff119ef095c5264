CREATE SCHEMA "events";
--> statement-breakpoint
CREATE TABLE "events"."blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events"."events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text,
	"description" text,
	"poster_id" uuid NOT NULL,
	"register_link" text NOT NULL,
	"instagram_link" text,
	"views" integer DEFAULT 0 NOT NULL,
	"posted_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "events_poster_id_unique" UNIQUE("poster_id")
);
--> statement-breakpoint
CREATE TABLE "events"."inbox" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events"."outbox_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
CREATE TABLE "events"."posters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events"."scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "events"."events" ADD CONSTRAINT "events_poster_id_posters_id_fk" FOREIGN KEY ("poster_id") REFERENCES "events"."posters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_newest_idx" ON "events"."events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inbox_handled_at_idx" ON "events"."inbox" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "events"."outbox" USING btree ("position") WHERE "events"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_published_at_idx" ON "events"."outbox" USING btree ("published_at") WHERE "events"."outbox"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "posters_key_idx" ON "events"."posters" USING btree ("key","uploaded_by");--> statement-breakpoint
CREATE INDEX "posters_created_idx" ON "events"."posters" USING btree ("created_at");