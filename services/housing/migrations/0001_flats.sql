CREATE TABLE "housing"."flats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"gender_preference" text DEFAULT 'any' NOT NULL,
	"rent" integer NOT NULL,
	"move_in_date" date NOT NULL,
	"contact_info" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flats_gender_preference_check" CHECK ("housing"."flats"."gender_preference" in ('any', 'male', 'female')),
	CONSTRAINT "flats_rent_check" CHECK ("housing"."flats"."rent" >= 0)
);
--> statement-breakpoint
-- contract-step: items was the domain generator's template table; no release of housing ever read or wrote it
DROP TABLE "housing"."items" CASCADE;--> statement-breakpoint
CREATE INDEX "flats_newest_idx" ON "housing"."flats" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "flats_owner_idx" ON "housing"."flats" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "flats_rent_idx" ON "housing"."flats" USING btree ("rent","created_at");