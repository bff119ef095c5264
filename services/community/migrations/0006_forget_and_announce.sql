CREATE TABLE "community"."scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "community"."comments" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."pledges" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_never_announced_idx" ON "community"."comments" USING btree ("created_at","id") WHERE "community"."comments"."version" = 0;--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "community"."comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "follows_user_idx" ON "community"."follows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "posts_never_announced_idx" ON "community"."posts" USING btree ("created_at","id") WHERE "community"."posts"."version" = 0;--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "community"."posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "votes_user_idx" ON "community"."votes" USING btree ("user_id");