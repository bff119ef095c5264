CREATE TABLE "events"."event_views" (
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	"address" text,
	CONSTRAINT "event_views_event_id_day_viewer_pk" PRIMARY KEY("event_id","day","viewer")
);
--> statement-breakpoint
CREATE INDEX "event_views_day_idx" ON "events"."event_views" USING btree ("day");