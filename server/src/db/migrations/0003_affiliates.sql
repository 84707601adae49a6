CREATE TABLE "affiliate_commissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"referral_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp (3) with time zone,
	"paid_at" timestamp (3) with time zone,
	"voided_at" timestamp (3) with time zone,
	"payout_id" integer,
	CONSTRAINT "affiliate_commissions_status_check" CHECK ("affiliate_commissions"."status" IN ('pending', 'approved', 'paid', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"paid_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"notes" text,
	"created_by" varchar(150),
	CONSTRAINT "affiliate_payouts_amount_check" CHECK ("affiliate_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "affiliate_referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliate_referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"referred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"source" varchar(10) DEFAULT 'code' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"affiliate_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "affiliates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"business_name" varchar(150) NOT NULL,
	"email" varchar(150) NOT NULL,
	"password_hash" text NOT NULL,
	"unique_code" varchar(50) NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"commission_amount" numeric(10, 2) DEFAULT '500.00' NOT NULL,
	"total_referrals" integer DEFAULT 0 NOT NULL,
	"commission_earned" numeric(12, 2) DEFAULT '0' NOT NULL,
	"payout_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_status_check" CHECK ("affiliates"."status" IN ('active', 'pending', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"clicked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ip_address" varchar(64),
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_referral_id_affiliate_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."affiliate_referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_tokens" ADD CONSTRAINT "affiliate_tokens_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_referral_idx" ON "affiliate_commissions" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_idx" ON "affiliate_commissions" USING btree ("affiliate_id","status");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_lead_idx" ON "affiliate_commissions" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate_idx" ON "affiliate_payouts" USING btree ("affiliate_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_referrals_lead_idx" ON "affiliate_referrals" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_affiliate_idx" ON "affiliate_referrals" USING btree ("affiliate_id","referred_at");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_referred_idx" ON "affiliate_referrals" USING btree ("referred_at");--> statement-breakpoint
CREATE INDEX "affiliate_tokens_affiliate_idx" ON "affiliate_tokens" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_email_lower_idx" ON "affiliates" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_code_upper_idx" ON "affiliates" USING btree (upper("unique_code"));--> statement-breakpoint
CREATE INDEX "affiliates_earned_idx" ON "affiliates" USING btree ("commission_earned");--> statement-breakpoint
CREATE INDEX "affiliates_search_trgm_idx" ON "affiliates" USING gin (lw_fold("name" || ' ' || "email" || ' ' || "unique_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referral_clicks_affiliate_idx" ON "referral_clicks" USING btree ("affiliate_id","clicked_at");--> statement-breakpoint
-- totalReferrals follows affiliate_referrals, statement by statement.
CREATE OR REPLACE FUNCTION lw_affiliate_referral_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE affiliates a SET total_referrals = a.total_referrals + r.n
      FROM (SELECT affiliate_id, count(*) AS n FROM new_rows GROUP BY affiliate_id) r WHERE a.id = r.affiliate_id;
    -- A referral whose lead is already converted earns its commission at once.
    INSERT INTO affiliate_commissions (affiliate_id, referral_id, lead_id, amount)
      SELECT r.affiliate_id, r.id, r.lead_id, a.commission_amount
      FROM new_rows r JOIN leads l ON l.id = r.lead_id JOIN affiliates a ON a.id = r.affiliate_id
      WHERE l.status = 'converted';
  ELSE
    UPDATE affiliates a SET total_referrals = a.total_referrals - r.n
      FROM (SELECT affiliate_id, count(*) AS n FROM old_rows GROUP BY affiliate_id) r WHERE a.id = r.affiliate_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER affiliate_referrals_insert AFTER INSERT ON affiliate_referrals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_affiliate_referral_totals();
--> statement-breakpoint
CREATE TRIGGER affiliate_referrals_delete AFTER DELETE ON affiliate_referrals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_affiliate_referral_totals();
--> statement-breakpoint
-- commissionEarned is recomputed for the affiliates a statement touched: every commission not voided.
CREATE OR REPLACE FUNCTION lw_affiliate_earned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE affiliates a SET commission_earned = (
        SELECT coalesce(sum(c.amount), 0) FROM affiliate_commissions c WHERE c.affiliate_id = a.id AND c.status <> 'voided')
      WHERE a.id IN (SELECT affiliate_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE affiliates a SET commission_earned = (
        SELECT coalesce(sum(c.amount), 0) FROM affiliate_commissions c WHERE c.affiliate_id = a.id AND c.status <> 'voided')
      WHERE a.id IN (SELECT affiliate_id FROM old_rows);
  ELSE
    UPDATE affiliates a SET commission_earned = (
        SELECT coalesce(sum(c.amount), 0) FROM affiliate_commissions c WHERE c.affiliate_id = a.id AND c.status <> 'voided')
      WHERE a.id IN (SELECT affiliate_id FROM new_rows UNION SELECT affiliate_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER affiliate_commissions_insert AFTER INSERT ON affiliate_commissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_affiliate_earned();
--> statement-breakpoint
CREATE TRIGGER affiliate_commissions_update AFTER UPDATE ON affiliate_commissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_affiliate_earned();
--> statement-breakpoint
CREATE TRIGGER affiliate_commissions_delete AFTER DELETE ON affiliate_commissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_affiliate_earned();
--> statement-breakpoint
-- A referred lead becoming converted earns one commission; leaving converted before payment voids it.
-- Converting again revives the voided commission rather than adding a second one.
CREATE OR REPLACE FUNCTION lw_lead_conversion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'converted' THEN
    INSERT INTO affiliate_commissions AS c (affiliate_id, referral_id, lead_id, amount)
      SELECT r.affiliate_id, r.id, r.lead_id, a.commission_amount
      FROM affiliate_referrals r JOIN affiliates a ON a.id = r.affiliate_id
      WHERE r.lead_id = NEW.id
      ON CONFLICT (referral_id) DO UPDATE
        SET status = 'pending', amount = excluded.amount, created_at = now(), approved_at = NULL, voided_at = NULL
        WHERE c.status = 'voided';
  ELSIF OLD.status = 'converted' THEN
    UPDATE affiliate_commissions SET status = 'voided', voided_at = now()
      WHERE lead_id = NEW.id AND status IN ('pending', 'approved');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_conversion AFTER UPDATE OF status ON leads
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION lw_lead_conversion();
