CREATE TABLE "community"."follows" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"following" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follows_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "community"."follows" ADD CONSTRAINT "follows_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "community"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Posts written before follows existed: their author and their commenters follow them, as they would now.
INSERT INTO "community"."follows" ("post_id", "user_id", "following", "updated_at")
SELECT "post_id", "user_id", true, min("at") FROM (
	SELECT "id" AS "post_id", "author_id" AS "user_id", "created_at" AS "at" FROM "community"."posts"
	UNION ALL
	SELECT "post_id", "author_id", "created_at" FROM "community"."comments"
) AS "writers"
GROUP BY "post_id", "user_id";
