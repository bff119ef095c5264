CREATE TABLE "events"."event_reminders" (
	"event_id" uuid NOT NULL,
	"reminder_window" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"going" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_reminders_event_id_reminder_window_starts_at_pk" PRIMARY KEY("event_id","reminder_window","starts_at")
);
