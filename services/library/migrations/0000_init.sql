CREATE SCHEMA "library";
--> statement-breakpoint
CREATE TABLE "library"."accepted_counts" (
	"subject" text PRIMARY KEY NOT NULL,
	"books" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library"."book_likes" (
	"book_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_likes_book_id_user_id_pk" PRIMARY KEY("book_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "library"."bookmarks" (
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_book_id_pk" PRIMARY KEY("user_id","book_id")
);
--> statement-breakpoint
CREATE TABLE "library"."books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"branch" text NOT NULL,
	"semester" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"drive_link" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_by" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_status_check" CHECK ("library"."books"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "library"."inbox" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "library"."outbox_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
CREATE TABLE "library"."reviewers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"department" text NOT NULL,
	"subjects" text[] NOT NULL,
	"book_subjects" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library"."book_likes" ADD CONSTRAINT "book_likes_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "library"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library"."bookmarks" ADD CONSTRAINT "bookmarks_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "library"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_accepted_newest_idx" ON "library"."books" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "library"."books"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "books_accepted_most_liked_idx" ON "library"."books" USING btree ("likes_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "library"."books"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "books_accepted_least_liked_idx" ON "library"."books" USING btree ("likes_count","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "library"."books"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "books_accepted_subject_newest_idx" ON "library"."books" USING btree ("subject","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "library"."books"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "books_accepted_subject_most_liked_idx" ON "library"."books" USING btree ("subject","likes_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "library"."books"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "books_accepted_subject_least_liked_idx" ON "library"."books" USING btree ("subject","likes_count","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "library"."books"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "books_pending_subject_idx" ON "library"."books" USING btree ("subject","created_at") WHERE "library"."books"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "books_uploaded_by_idx" ON "library"."books" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "inbox_handled_at_idx" ON "library"."inbox" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "library"."outbox" USING btree ("position") WHERE "library"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_published_at_idx" ON "library"."outbox" USING btree ("published_at") WHERE "library"."outbox"."published_at" is not null;