CREATE SCHEMA "notifications";
--> statement-breakpoint
CREATE SEQUENCE "notifications"."change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "notifications"."addresses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."idempotency_keys" (
	"caller" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"claim_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"status" integer,
	"body" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_caller_route_key_pk" PRIMARY KEY("caller","route","key")
);
--> statement-breakpoint
CREATE TABLE "notifications"."inbox" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_teacher" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"group_key" text,
	"text" text NOT NULL,
	"link" text NOT NULL,
	"actor_name" text,
	"count" integer DEFAULT 1 NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"seq" bigint DEFAULT nextval('notifications.change_seq') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notifications"."outbox_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
CREATE TABLE "notifications"."outgoing_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"notification_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delivery" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "notifications"."preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications"."reviewers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "notifications"."teacher_subjects" (
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	CONSTRAINT "teacher_subjects_user_id_subject_pk" PRIMARY KEY("user_id","subject")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "notifications"."idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "inbox_handled_at_idx" ON "notifications"."inbox" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications"."notifications" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."notifications"."in_app";--> statement-breakpoint
CREATE INDEX "notifications_changes_idx" ON "notifications"."notifications" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications"."notifications" USING btree ("user_id") WHERE not "notifications"."notifications"."read";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_group_idx" ON "notifications"."notifications" USING btree ("user_id","group_key") WHERE not "notifications"."notifications"."read" and "notifications"."notifications"."group_key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_prune_idx" ON "notifications"."notifications" USING btree ("updated_at") WHERE "notifications"."notifications"."read";--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "notifications"."outbox" USING btree ("position") WHERE "notifications"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_published_at_idx" ON "notifications"."outbox" USING btree ("published_at") WHERE "notifications"."outbox"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "outgoing_mail_due_idx" ON "notifications"."outgoing_mail" USING btree ("delivery","next_attempt_at") WHERE "notifications"."outgoing_mail"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "outgoing_mail_user_idx" ON "notifications"."outgoing_mail" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_mail_pending_idx" ON "notifications"."outgoing_mail" USING btree ("notification_id") WHERE "notifications"."outgoing_mail"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "outgoing_mail_notification_idx" ON "notifications"."outgoing_mail" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "teacher_subjects_subject_idx" ON "notifications"."teacher_subjects" USING btree ("subject");