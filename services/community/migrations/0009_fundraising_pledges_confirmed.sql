CREATE TABLE "community"."campaign_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" text NOT NULL,
	"body" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community"."pledge_intents" (
	"tr" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"user_id" text,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community"."campaigns" ADD COLUMN "organiser_id" text;--> statement-breakpoint
ALTER TABLE "community"."campaigns" ADD COLUMN "payee_name" text DEFAULT 'Campus Connect Fund' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."campaigns" ADD COLUMN "deadline" text;--> statement-breakpoint
ALTER TABLE "community"."campaigns" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."campaigns" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."pledges" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."pledges" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "community"."pledges" ADD COLUMN "tr" text;--> statement-breakpoint
ALTER TABLE "community"."pledges" ADD COLUMN "donor_name" text;--> statement-breakpoint
ALTER TABLE "community"."pledges" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."pledges" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community"."campaign_updates" ADD CONSTRAINT "campaign_updates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "community"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community"."pledge_intents" ADD CONSTRAINT "pledge_intents_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "community"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_updates_campaign_idx" ON "community"."campaign_updates" USING btree ("campaign_id","posted_at");--> statement-breakpoint
CREATE INDEX "pledge_intents_user_idx" ON "community"."pledge_intents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledges_campaign_utr_idx" ON "community"."pledges" USING btree ("campaign_id","utr");--> statement-breakpoint
-- Pledges recorded before issue 28 were already counted in their campaign's `raised`: they stand as confirmed.
UPDATE "community"."pledges" SET "status" = 'confirmed', "decided_at" = "pledged_at";
