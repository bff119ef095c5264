-- contract-step: the new:domain scaffold made this table in this same round (cf1724e); no release ever had it
DROP TABLE "moderation"."idempotency_keys" CASCADE;--> statement-breakpoint
-- contract-step: the new:domain scaffold made this table in this same round (cf1724e); no release ever had it
DROP TABLE "moderation"."items" CASCADE;--> statement-breakpoint
-- contract-step: the new:domain scaffold made this table in this same round (cf1724e); no release ever had it
DROP TABLE "moderation"."members" CASCADE;