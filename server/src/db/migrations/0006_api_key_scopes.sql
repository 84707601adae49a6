ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_created_by_users_id_fk";
--> statement-breakpoint
-- Added by hand: keys whose creator was deleted (created_by set to NULL before) acted as nobody; they go, as the
-- new ON DELETE CASCADE would have removed them, so created_by can become NOT NULL.
DELETE FROM "api_keys" WHERE "created_by" IS NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "created_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scope" text DEFAULT 'leads:write' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scope_check" CHECK ("api_keys"."scope" IN ('leads:write', 'read', 'full'));