CREATE TABLE "event_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp (3) with time zone,
	"delivered_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"available_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_outbox_pending_idx" ON "event_outbox" USING btree ("available_at","id") WHERE "event_outbox"."dispatched_at" IS NULL;--> statement-breakpoint
-- The conversion stays in the database (one statement, whatever changed the status) and now also writes its events to
-- the outbox, in the status change's own transaction: lead.converted on every conversion, commission.created for each
-- commission earned or revived. Otherwise as in 0003_affiliates.
CREATE OR REPLACE FUNCTION lw_lead_conversion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'converted' THEN
    INSERT INTO event_outbox (name, payload) VALUES ('lead.converted', jsonb_build_object(
      'leadId', NEW.id, 'businessName', NEW.business_name,
      'affiliateId', (SELECT r.affiliate_id FROM affiliate_referrals r WHERE r.lead_id = NEW.id)));
    WITH earned AS (
      INSERT INTO affiliate_commissions AS c (affiliate_id, referral_id, lead_id, amount)
        SELECT r.affiliate_id, r.id, r.lead_id, a.commission_amount
        FROM affiliate_referrals r JOIN affiliates a ON a.id = r.affiliate_id
        WHERE r.lead_id = NEW.id
        ON CONFLICT (referral_id) DO UPDATE
          SET status = 'pending', amount = excluded.amount, created_at = now(), approved_at = NULL, voided_at = NULL
          WHERE c.status = 'voided'
        RETURNING c.id, c.affiliate_id, c.lead_id, c.amount
    )
    INSERT INTO event_outbox (name, payload)
      SELECT 'commission.created', jsonb_build_object('commissionId', e.id, 'affiliateId', e.affiliate_id, 'leadId', e.lead_id, 'amount', e.amount::text)
      FROM earned e;
  ELSIF OLD.status = 'converted' THEN
    UPDATE affiliate_commissions SET status = 'voided', voided_at = now()
      WHERE lead_id = NEW.id AND status IN ('pending', 'approved');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A referral recorded for a lead already converted earns its commission at once: that is a commission.created too.
CREATE OR REPLACE FUNCTION lw_affiliate_referral_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE affiliates a SET total_referrals = a.total_referrals + r.n
      FROM (SELECT affiliate_id, count(*) AS n FROM new_rows GROUP BY affiliate_id) r WHERE a.id = r.affiliate_id;
    WITH earned AS (
      INSERT INTO affiliate_commissions (affiliate_id, referral_id, lead_id, amount)
        SELECT r.affiliate_id, r.id, r.lead_id, a.commission_amount
        FROM new_rows r JOIN leads l ON l.id = r.lead_id JOIN affiliates a ON a.id = r.affiliate_id
        WHERE l.status = 'converted'
        RETURNING id, affiliate_id, lead_id, amount
    )
    INSERT INTO event_outbox (name, payload)
      SELECT 'commission.created', jsonb_build_object('commissionId', e.id, 'affiliateId', e.affiliate_id, 'leadId', e.lead_id, 'amount', e.amount::text)
      FROM earned e;
  ELSE
    UPDATE affiliates a SET total_referrals = a.total_referrals - r.n
      FROM (SELECT affiliate_id, count(*) AS n FROM old_rows GROUP BY affiliate_id) r WHERE a.id = r.affiliate_id;
  END IF;
  RETURN NULL;
END $$;
