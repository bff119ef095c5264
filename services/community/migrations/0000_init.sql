CREATE SCHEMA "community";
--> statement-breakpoint
CREATE TABLE "community"."campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"tag" text NOT NULL,
	"description" text NOT NULL,
	"upi_id" text NOT NULL,
	"raised" bigint DEFAULT 0 NOT NULL,
	"goal" integer NOT NULL,
	"emoji" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community"."comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"parent_id" uuid,
	"content" text NOT NULL,
	"author_id" text NOT NULL,
	"is_anonymous" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community"."inbox" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community"."members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_teacher" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "community"."outbox_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
CREATE TABLE "community"."pledges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"pledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pledges_amount_check" CHECK ("community"."pledges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "community"."posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"tag" text NOT NULL,
	"author_id" text NOT NULL,
	"is_anonymous" boolean NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community"."votes" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"direction" smallint NOT NULL,
	"voted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "votes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id"),
	CONSTRAINT "votes_direction_check" CHECK ("community"."votes"."direction" in (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "community"."comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "community"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community"."pledges" ADD CONSTRAINT "pledges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "community"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community"."votes" ADD CONSTRAINT "votes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "community"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_thread_idx" ON "community"."comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inbox_handled_at_idx" ON "community"."inbox" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "community"."outbox" USING btree ("position") WHERE "community"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_published_at_idx" ON "community"."outbox" USING btree ("published_at") WHERE "community"."outbox"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "pledges_campaign_idx" ON "community"."pledges" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "posts_newest_idx" ON "community"."posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_trending_idx" ON "community"."posts" USING btree ("upvotes" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);