-- Posts and comments from before this release were never announced to moderation (no
-- community.content.changed): they get version 0 ("never announced") and the
-- announce-existing-content job announces them; those written from now on start at 1, announced
-- by their create.
DROP INDEX "community"."posts_newest_idx";--> statement-breakpoint
DROP INDEX "community"."posts_trending_idx";--> statement-breakpoint
ALTER TABLE "community"."comments" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."comments" ALTER COLUMN "version" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "community"."comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community"."comments" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."comments" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "community"."comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ALTER COLUMN "version" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "community"."comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "posts_newest_idx" ON "community"."posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community"."posts"."moderation" = 'visible';--> statement-breakpoint
CREATE INDEX "posts_trending_idx" ON "community"."posts" USING btree ("upvotes" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "community"."posts"."moderation" = 'visible';