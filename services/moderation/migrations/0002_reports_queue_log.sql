CREATE TABLE "moderation"."item_versions" (
	"item_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"change" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_versions_item_id_version_pk" PRIMARY KEY("item_id","version")
);
--> statement-breakpoint
CREATE TABLE "moderation"."items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"link" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"anonymous" boolean NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"version" integer NOT NULL,
	"state" text DEFAULT 'visible' NOT NULL,
	"hidden_by" text,
	"hidden_reason" text,
	"open_reports" integer DEFAULT 0 NOT NULL,
	"open_weight" double precision DEFAULT 0 NOT NULL,
	"last_reported_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"by" text NOT NULL,
	"moderator_id" text,
	"moderator_name" text,
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"weight" double precision NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "moderation"."item_versions" ADD CONSTRAINT "item_versions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "moderation"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation"."log" ADD CONSTRAINT "log_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "moderation"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation"."reports" ADD CONSTRAINT "reports_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "moderation"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "items_target_idx" ON "moderation"."items" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "items_queue_idx" ON "moderation"."items" USING btree ("open_reports" DESC NULLS LAST,"open_weight" DESC NULLS LAST,"last_reported_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "moderation"."items"."open_reports" > 0 or "moderation"."items"."hidden_by" = 'reports';--> statement-breakpoint
CREATE INDEX "log_newest_idx" ON "moderation"."log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_once_idx" ON "moderation"."reports" USING btree ("item_id","reporter_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "moderation"."reports" USING btree ("reporter_id","status");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "moderation"."reports" USING btree ("item_id","created_at" DESC NULLS LAST) WHERE "moderation"."reports"."status" = 'open';