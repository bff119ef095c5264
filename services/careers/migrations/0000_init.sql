CREATE SCHEMA "careers";
--> statement-breakpoint
CREATE TABLE "careers"."inbox" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "careers"."interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"role" text NOT NULL,
	"interview_rounds" integer,
	"interview_rounds_description" text DEFAULT '' NOT NULL,
	"interview_date" date,
	"salary" text NOT NULL,
	"interview_difficulty" text,
	"city" text DEFAULT '' NOT NULL,
	"job_type" text,
	"linkedin_url" text DEFAULT '' NOT NULL,
	"posted_by" text NOT NULL,
	"uploader_name" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "interviews_rounds_check" CHECK ("careers"."interviews"."interview_rounds" between 1 and 20),
	CONSTRAINT "interviews_difficulty_check" CHECK ("careers"."interviews"."interview_difficulty" in ('Easy', 'Medium', 'Hard', 'Difficult')),
	CONSTRAINT "interviews_job_type_check" CHECK ("careers"."interviews"."job_type" in ('Full-Time', 'Intern', 'Part-Time', 'Intern + FT'))
);
--> statement-breakpoint
CREATE TABLE "careers"."job_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posted_by" text NOT NULL,
	"company_name" text NOT NULL,
	"role" text NOT NULL,
	"job_description" text NOT NULL,
	"job_type" text NOT NULL,
	"salary" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"job_link" text DEFAULT '' NOT NULL,
	"linkedin_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_posts_job_type_check" CHECK ("careers"."job_posts"."job_type" in ('Full-Time', 'Intern', 'Part-Time'))
);
--> statement-breakpoint
CREATE TABLE "careers"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "careers"."outbox_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
CREATE INDEX "inbox_handled_at_idx" ON "careers"."inbox" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "interviews_newest_idx" ON "careers"."interviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "interviews_date_desc_idx" ON "careers"."interviews" USING btree ("interview_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "interviews_date_asc_idx" ON "careers"."interviews" USING btree ("interview_date","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_posts_newest_idx" ON "careers"."job_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_posts_posted_by_newest_idx" ON "careers"."job_posts" USING btree ("posted_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "careers"."outbox" USING btree ("position") WHERE "careers"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_published_at_idx" ON "careers"."outbox" USING btree ("published_at") WHERE "careers"."outbox"."published_at" is not null;