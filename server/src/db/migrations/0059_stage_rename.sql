-- Renaming a stage (PUT /api/pipeline-stages/{id}) gives its leads the new name in one UPDATE. To lw_lead_outcome that
-- looks like a move into another stage, which would set the status of a converted or lost lead in an open stage back
-- to qualified. The rename's transaction sets leadwell.stage_rename (transaction-local), and the function leaves those
-- rows as they are: the leads stay in the same stage under its new name, and the service applies the stage's outcome
-- itself, as creating a stage does. Otherwise the function is 0034's.
CREATE OR REPLACE FUNCTION lw_lead_outcome() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stage_outcome text;
  status_outcome text;
  moved boolean;
  status_set boolean;
  target text;
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('leadwell.stage_rename', true) = 'on' THEN
    RETURN NEW;
  END IF;
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
