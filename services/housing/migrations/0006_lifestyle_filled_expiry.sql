ALTER TABLE "housing"."flats" ADD COLUMN "food" text;--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD COLUMN "smoking" text;--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD COLUMN "sleep" text;--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD COLUMN "filled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '60 days' NOT NULL;--> statement-breakpoint
-- Requests from before expiry existed: 60 days after they were posted, but never sooner than 30
-- days from this release, so a long-lived database's requests do not all leave the list at once
-- and their owners have a month to renew (docs/housing.md).
UPDATE "housing"."flats" SET "expires_at" = greatest("created_at" + interval '60 days', now() + interval '30 days');--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD CONSTRAINT "flats_food_check" CHECK ("housing"."flats"."food" in ('veg', 'non-veg', 'any'));--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD CONSTRAINT "flats_smoking_check" CHECK ("housing"."flats"."smoking" in ('no', 'outside', 'yes'));--> statement-breakpoint
ALTER TABLE "housing"."flats" ADD CONSTRAINT "flats_sleep_check" CHECK ("housing"."flats"."sleep" in ('early', 'late', 'flexible'));