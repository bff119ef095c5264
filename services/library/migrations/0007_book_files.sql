CREATE TABLE "library"."blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library"."book_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploaded_by" uuid,
	"file_key" text NOT NULL,
	"preview_key" text NOT NULL,
	"file" jsonb NOT NULL,
	"book_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library"."books" ALTER COLUMN "drive_link" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "library"."books" ADD COLUMN "file" jsonb;--> statement-breakpoint
ALTER TABLE "library"."book_uploads" ADD CONSTRAINT "book_uploads_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "library"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_uploads_file_key_idx" ON "library"."book_uploads" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "book_uploads_preview_key_idx" ON "library"."book_uploads" USING btree ("preview_key");--> statement-breakpoint
CREATE INDEX "book_uploads_uploaded_by_idx" ON "library"."book_uploads" USING btree ("uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "book_uploads_book_idx" ON "library"."book_uploads" USING btree ("book_id");