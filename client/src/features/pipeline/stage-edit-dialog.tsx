import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { pipelineStageUpdateSchema, type PipelineStage, type PipelineStageUpdate } from "@contract/pipeline";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useFormatters } from "@/lib/use-formatters";
import { useValidationMessage } from "@/lib/validation-message";
import { useUpdateStage } from "./pipeline-queries";
import { StageOutcomeField } from "./stage-outcome";

const FIELDS = ["name", "outcome"] as const;
/**
 * From about this many leads a rename is slow enough to say so: each lead is rewritten with its indexes (150,103 of
 * 1M leads took 57 s on the bench machine, as long as the bare UPDATE in psql).
 */
const SLOW_RENAME_LEADS = 10_000;

/** A stored stage's Edit dialog: its name and outcome (the order is changed by position, the built-in New not at all). */
export function StageEditDialog({ stage, onOpenChange }: { stage: (PipelineStage & { id: number }) | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={stage !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" data-testid="stage-edit-dialog">
        <DialogHeader>
          <DialogTitle>{t("productivity.editStage.title")}</DialogTitle>
          <DialogDescription>{t("productivity.editStage.description")}</DialogDescription>
        </DialogHeader>
        {stage ? <StageEditForm key={stage.id} stage={stage} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StageEditForm({ stage, onDone }: { stage: PipelineStage & { id: number }; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const updateStage = useUpdateStage();
  const form = useForm<PipelineStageUpdate>({
    resolver: zodResolver(pipelineStageUpdateSchema),
    defaultValues: { name: stage.name, outcome: stage.outcome },
  });
  const nameError = message(form.formState.errors.name?.message);
  const format = useFormatters();

  const onSubmit = form.handleSubmit((body) =>
    updateStage.mutate(
      { id: stage.id, body },
      {
        onSuccess: () => {
          toast({ title: t("common.success"), description: t("productivity.editStage.success") });
          onDone();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, FIELDS);
          toast({ variant: "destructive", title: t("productivity.editStage.failed"), description: message(apiErrorMessage(error, t("common.networkError"))) });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("productivity.editStage.title")}>
      <FormField id="stage-edit-name" label={t("productivity.createStage.name")} error={nameError}>
        <Input autoFocus autoComplete="off" {...fieldA11yProps("stage-edit-name", nameError)} {...form.register("name")} />
      </FormField>
      <StageOutcomeField control={form.control} name="outcome" hint={t("productivity.editStage.outcomeHint")} />
      {stage.leadCount > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="stage-edit-moving">
          {t("productivity.editStage.moving", { count: stage.leadCount, total: format.number(stage.leadCount) })}
          {stage.leadCount >= SLOW_RENAME_LEADS ? ` ${t("productivity.editStage.movingSlow")}` : null}
        </p>
      ) : null}
      <DialogFormFooter
        pending={updateStage.isPending}
        submitLabel={t("productivity.editStage.submit")}
        pendingLabel={t("productivity.editStage.submitting")}
        submitTestId="stage-edit-submit"
      />
    </form>
  );
}
