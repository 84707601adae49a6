ALTER TABLE "pipeline_stages" ADD COLUMN "outcome" varchar(10) DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_outcome_check" CHECK ("pipeline_stages"."outcome" IN ('open', 'won', 'lost'));--> statement-breakpoint
-- Existing stages get their outcome from their name: the usual names of a won or a lost stage (English and Spanish,
-- in any letter case) are won or lost; every other stage, the built-in 'New' among them, stays open.
UPDATE "pipeline_stages" SET "outcome" = 'won'
  WHERE lower("name") IN ('won', 'closed won', 'closed-won', 'closed/won', 'converted', 'ganado', 'ganada', 'cerrado ganado');
--> statement-breakpoint
UPDATE "pipeline_stages" SET "outcome" = 'lost'
  WHERE lower("name") IN ('lost', 'closed lost', 'closed-lost', 'closed/lost', 'perdido', 'perdida', 'cerrado perdido');
--> statement-breakpoint
-- The conversion (0010) follows every status change, whoever made it: without a column list, so that a status set by
-- lw_lead_outcome below (a BEFORE trigger) converts too; a column-specific trigger ignores what a BEFORE trigger sets.
DROP TRIGGER IF EXISTS leads_conversion ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_conversion AFTER UPDATE ON leads
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION lw_lead_conversion();
--> statement-breakpoint
-- A lead's status and its stage follow each other, whoever writes the lead (the pipeline, the leads API, automations,
-- CSV imports), one row at a time before it is stored:
--  * put in a won stage a lead becomes converted, in a lost stage lost, whatever status came with it;
--  * a status changed to converted or lost (or a new lead with one) moves a lead in an open stage to the first stage,
--    by position, with that outcome, and a status changed back to an open one moves a lead in a won or lost stage to
--    the first open stage (the built-in 'New' unless a stored stage has its name); when no such stage exists it stays;
--  * a converted or lost lead put in an open stage, without a new status, is open again: qualified.
-- The built-in 'New' (no stage, or the name 'New' while no stored stage has it) is open. A lead whose stage is a name
-- no stored stage has is outside any stage and keeps its status. The conversion that follows (lw_lead_conversion)
-- records or voids the referral's commission as for any status change.
-- Written for bulk loads too: one index lookup and a few simple expressions for a lead already in step.
CREATE OR REPLACE FUNCTION lw_lead_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stage_outcome text;
  status_outcome text;
  moved boolean;
  status_set boolean;
  target text;
BEGIN
  SELECT outcome INTO stage_outcome FROM pipeline_stages WHERE lower(name) = lw_stage_key(NEW.pipeline_stage);
  IF NOT FOUND THEN
    IF lw_stage_key(NEW.pipeline_stage) <> 'new' THEN
      RETURN NEW;
    END IF;
    stage_outcome := 'open';
  END IF;
  status_outcome := CASE NEW.status WHEN 'converted' THEN 'won' WHEN 'lost' THEN 'lost' ELSE 'open' END;
  IF stage_outcome = status_outcome THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    moved := NEW.pipeline_stage IS NOT NULL;
    status_set := status_outcome <> 'open';
  ELSE
    moved := lw_stage_key(OLD.pipeline_stage) <> lw_stage_key(NEW.pipeline_stage);
    status_set := OLD.status IS DISTINCT FROM NEW.status;
  END IF;
  IF moved AND stage_outcome <> 'open' THEN
    NEW.status := CASE stage_outcome WHEN 'won' THEN 'converted' ELSE 'lost' END;
  ELSIF status_set THEN
    IF status_outcome = 'open' AND NOT EXISTS (SELECT 1 FROM pipeline_stages WHERE lower(name) = 'new') THEN
      NEW.pipeline_stage := NULL;
    ELSE
      -- Locked like a move's stage (findStageForUse): a delete of that stage waits for this lead to be stored.
      SELECT name INTO target FROM pipeline_stages WHERE outcome = status_outcome ORDER BY position, id LIMIT 1 FOR KEY SHARE;
      IF FOUND THEN
        NEW.pipeline_stage := target;
      END IF;
    END IF;
  ELSIF moved THEN
    NEW.status := 'qualified';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_outcome_insert BEFORE INSERT ON leads
  FOR EACH ROW WHEN (NEW.pipeline_stage IS NOT NULL OR NEW.status IN ('converted', 'lost')) EXECUTE FUNCTION lw_lead_outcome();
--> statement-breakpoint
CREATE TRIGGER leads_outcome_update BEFORE UPDATE OF status, pipeline_stage ON leads
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.pipeline_stage IS DISTINCT FROM NEW.pipeline_stage)
  EXECUTE FUNCTION lw_lead_outcome();
--> statement-breakpoint
-- Leads already in a stage now won or lost take its status, as a move into it would have given them: every lead in a
-- won stage becomes converted (its referral's commission recorded, and lead.converted written to the outbox, by
-- lw_lead_conversion), open leads in a lost stage become lost. A converted lead in a lost stage keeps its status (a
-- migration voids no commission), and converted or lost leads in open stages stay where they are.
UPDATE leads l SET status = 'converted', updated_at = now()
  FROM pipeline_stages s
  WHERE s.outcome = 'won' AND lw_stage_key(l.pipeline_stage) = lower(s.name) AND l.status <> 'converted';
--> statement-breakpoint
UPDATE leads l SET status = 'lost', updated_at = now()
  FROM pipeline_stages s
  WHERE s.outcome = 'lost' AND lw_stage_key(l.pipeline_stage) = lower(s.name) AND l.status IN ('new', 'contacted', 'qualified');
