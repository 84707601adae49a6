import { useState } from "react";
import { Plus } from "lucide-react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import {
  pipelineStageCreateSchema,
  STAGE_OUTCOME_DEFAULT,
  STAGE_POSITION_MAX,
  STAGE_POSITION_MIN,
  type PipelineStageCreate,
  type PipelineStageCreateInput,
} from "@contract/pipeline";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { useCreateStage } from "./pipeline-queries";
import { StageOutcomeField } from "./stage-outcome";

const FIELDS = ["name", "position", "outcome"] as const;

/** The New Stage button and its dialog; `nextPosition` (after the last stage) is the position offered first. */
export function StageCreateDialog({ nextPosition }: { nextPosition: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid="stage-new">
          <Plus aria-hidden="true" />
          {t("productivity.stages.newStage")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md" data-testid="stage-create-dialog">
        <DialogHeader>
          <DialogTitle>{t("productivity.createStage.title")}</DialogTitle>
          <DialogDescription>{t("productivity.createStage.description")}</DialogDescription>
        </DialogHeader>
        {open ? <StageCreateForm position={nextPosition} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StageCreateForm({ position, onDone }: { position: number; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const createStage = useCreateStage();
  const form = useForm<PipelineStageCreateInput, unknown, PipelineStageCreate>({
    resolver: zodResolver(pipelineStageCreateSchema),
    defaultValues: { name: "", position, outcome: STAGE_OUTCOME_DEFAULT },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createStage.mutate(values, {
      onSuccess: () => {
        form.reset({ name: "", position, outcome: STAGE_OUTCOME_DEFAULT });
        toast({ title: t("common.success"), description: t("productivity.createStage.success") });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FIELDS);
        toast({ variant: "destructive", title: t("productivity.createStage.failed"), description: message(apiErrorMessage(error, t("common.networkError"))) });
      },
    }),
  );

  const nameError = message(errors.name?.message);
  const positionError = message(errors.position?.message);
  const positionHint = t("productivity.createStage.positionHint");

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("productivity.createStage.title")}>
      <FormField id="stage-name" label={t("productivity.createStage.name")} error={nameError}>
        <Input
          autoFocus
          autoComplete="off"
          placeholder={t("productivity.createStage.namePlaceholder")}
          {...fieldA11yProps("stage-name", nameError)}
          {...form.register("name")}
        />
      </FormField>
      <FormField id="stage-position" label={t("productivity.createStage.position")} error={positionError} hint={positionHint}>
        <Input
          type="number"
          inputMode="numeric"
          step={1}
          min={STAGE_POSITION_MIN}
          max={STAGE_POSITION_MAX}
          {...fieldA11yProps("stage-position", positionError, positionHint)}
          {...form.register("position", { valueAsNumber: true })}
        />
      </FormField>
      <StageOutcomeField control={form.control} name="outcome" hint={t("productivity.createStage.outcomeHint")} />
      <DialogFormFooter
        pending={createStage.isPending}
        submitLabel={t("productivity.createStage.submit")}
        pendingLabel={t("productivity.createStage.submitting")}
        submitTestId="stage-create-submit"
      />
    </form>
  );
}
