CREATE TABLE "housing"."interests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flat_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "interests_flat_user_unique" UNIQUE("flat_id","user_id"),
	CONSTRAINT "interests_status_check" CHECK ("housing"."interests"."status" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD COLUMN "contact_visibility" text DEFAULT 'signed-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "housing"."interests" ADD CONSTRAINT "interests_flat_id_flats_id_fk" FOREIGN KEY ("flat_id") REFERENCES "housing"."flats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interests_user_idx" ON "housing"."interests" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD CONSTRAINT "flats_contact_visibility_check" CHECK ("housing"."flats"."contact_visibility" in ('signed-in', 'on-request'));