CREATE TABLE "events"."event_rsvps" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"status" text NOT NULL,
	"seq" bigserial NOT NULL,
	"responded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_rsvps_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "events"."events" ADD COLUMN "capacity" integer;--> statement-breakpoint
CREATE INDEX "event_rsvps_order_idx" ON "events"."event_rsvps" USING btree ("event_id","status","seq");--> statement-breakpoint
CREATE INDEX "event_rsvps_user_idx" ON "events"."event_rsvps" USING btree ("user_id");