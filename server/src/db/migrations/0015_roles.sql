CREATE TABLE "user_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"role" varchar(20) NOT NULL,
	"brand_id" integer,
	"permissions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" IN ('admin', 'manager', 'agent', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_everywhere_idx" ON "user_roles" USING btree ("user_id") WHERE "user_roles"."brand_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_brand_idx" ON "user_roles" USING btree ("user_id","brand_id") WHERE "user_roles"."brand_id" IS NOT NULL;--> statement-breakpoint
-- Everyone keeps what they could do: administrators stay administrators, and the former "staff" (everything but the
-- administrator's permissions) become managers. The permissions are written by the start-up sync (server/src/runtime.ts),
-- which brings every role's stored set up to its definition in contract/access-policy.ts.
INSERT INTO "user_roles" ("user_id", "role", "permissions")
SELECT "id", CASE WHEN "role" = 'admin' THEN 'admin' ELSE 'manager' END, '[]'::jsonb FROM "users";
