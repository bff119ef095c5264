CREATE TABLE "careers"."job_tracks" (
	"user_id" text NOT NULL,
	"job_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"history" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_tracks_user_id_job_id_pk" PRIMARY KEY("user_id","job_id"),
	CONSTRAINT "job_tracks_status_check" CHECK ("careers"."job_tracks"."status" in ('saved', 'applied', 'interviewing', 'offer', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "careers"."job_tracks" ADD CONSTRAINT "job_tracks_job_id_job_posts_id_fk" FOREIGN KEY ("job_id") REFERENCES "careers"."job_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_tracks_job_idx" ON "careers"."job_tracks" USING btree ("job_id");