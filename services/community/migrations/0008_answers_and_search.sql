ALTER TABLE "community"."posts" ADD COLUMN "accepted_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD CONSTRAINT "posts_accepted_comment_id_comments_id_fk" FOREIGN KEY ("accepted_comment_id") REFERENCES "community"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "community"."posts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "posts_open_questions_idx" ON "community"."posts" USING btree ("last_activity_at") WHERE "community"."posts"."moderation" = 'visible' and "community"."posts"."tag" = 'Q&A' and "community"."posts"."accepted_comment_id" is null;--> statement-breakpoint
-- Posts from before last_activity_at: their creation or their newest comment, not the migration's now().
UPDATE "community"."posts" SET "last_activity_at" = greatest("created_at", coalesce((select max(c."created_at") from "community"."comments" c where c."post_id" = "community"."posts"."id"), "created_at"));
