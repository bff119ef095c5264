ALTER TABLE "profile"."contributions" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "profile"."contributions" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "profile"."contributions" ADD COLUMN "contributed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile"."contributions" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "profile"."contributions" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "profile"."contributions" ADD COLUMN "reviewed_at" timestamp with time zone;