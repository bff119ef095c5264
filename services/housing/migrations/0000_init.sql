CREATE SCHEMA "housing";
--> statement-breakpoint
CREATE TABLE "housing"."flats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"gender_preference" text DEFAULT 'any' NOT NULL,
	"rent" integer NOT NULL,
	"move_in_date" date NOT NULL,
	"contact_info" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flats_gender_preference_check" CHECK ("housing"."flats"."gender_preference" in ('any', 'male', 'female')),
	CONSTRAINT "flats_rent_check" CHECK ("housing"."flats"."rent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "housing"."inbox" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "housing"."members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_teacher" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "housing"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "housing"."outbox_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
CREATE INDEX "flats_newest_idx" ON "housing"."flats" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "flats_owner_idx" ON "housing"."flats" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "flats_rent_idx" ON "housing"."flats" USING btree ("rent","created_at");--> statement-breakpoint
CREATE INDEX "inbox_handled_at_idx" ON "housing"."inbox" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "housing"."outbox" USING btree ("position") WHERE "housing"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_published_at_idx" ON "housing"."outbox" USING btree ("published_at") WHERE "housing"."outbox"."published_at" is not null;