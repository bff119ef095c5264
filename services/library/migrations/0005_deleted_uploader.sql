CREATE TABLE "library"."scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "library"."books" ALTER COLUMN "uploaded_by" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "books_never_announced_idx" ON "library"."books" USING btree ("created_at","id") WHERE "library"."books"."version" = 0;