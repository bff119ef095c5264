CREATE TABLE "identity"."session_revocations" (
	"position" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity"."session_revocations_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL,
	"tokens_expire_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_revocations_expiry_idx" ON "identity"."session_revocations" USING btree ("tokens_expire_at");