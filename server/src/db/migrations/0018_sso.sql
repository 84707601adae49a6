CREATE TABLE "sso_login_attempts" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"provider" varchar(20) PRIMARY KEY NOT NULL,
	"display_name" varchar(60),
	"issuer" text,
	"client_id" varchar(255),
	"client_secret_encrypted" text,
	"client_secret_hint" varchar(8),
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_provider_check" CHECK ("sso_providers"."provider" IN ('oidc', 'google', 'microsoft', 'okta'))
);
--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_login_attempts_expires_idx" ON "sso_login_attempts" USING btree ("expires_at");