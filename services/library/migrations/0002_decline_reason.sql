ALTER TABLE "library"."books" ADD COLUMN "uploader_name" text;--> statement-breakpoint
ALTER TABLE "library"."books" ADD COLUMN "decline_reason" text;