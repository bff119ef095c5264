ALTER TABLE "events"."events" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events"."events" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events"."events" ADD COLUMN "venue" text;--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events"."events" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "events_ends_idx" ON "events"."events" USING btree ("ends_at","id");