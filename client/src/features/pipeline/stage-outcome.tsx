import type { TFunction } from "i18next";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { STAGE_OUTCOME_DEFAULT, stageOutcomes, type StageOutcome } from "@contract/pipeline";
import { SelectField } from "@/components/select-field";
import { Badge } from "@/components/ui/badge";
import { useValidationMessage } from "@/lib/validation-message";

export function stageOutcomeLabel(t: TFunction, outcome: StageOutcome): string {
  return t(`productivity.outcome.${outcome}`);
}

/**
 * A won or lost stage's outcome as a small badge (an open stage shows none): leads moved into it become converted or
 * lost. The badge shows the outcome; screen readers and the pointer's tooltip get the sentence that explains it.
 */
export function StageOutcomeBadge({ outcome, className }: { outcome: StageOutcome; className?: string }) {
  const { t } = useTranslation();
  if (outcome === "open") return null;
  const hint = t(outcome === "won" ? "productivity.outcome.wonHint" : "productivity.outcome.lostHint");
  return (
    <Badge variant={outcome === "won" ? "success" : "destructive"} className={className} title={hint} data-testid="stage-outcome" data-outcome={outcome}>
      <span aria-hidden="true">{stageOutcomeLabel(t, outcome)}</span>
      <span className="sr-only">{hint}</span>
    </Badge>
  );
}

/** The Outcome picker of the stage forms (new stage, edit stage), with the hint that says what the form will do. */
export function StageOutcomeField<T extends FieldValues>({ control, name, hint }: { control: Control<T>; name: Path<T>; hint: string }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          id="stage-outcome"
          label={t("productivity.createStage.outcome")}
          value={(field.value as StageOutcome | undefined) ?? STAGE_OUTCOME_DEFAULT}
          onChange={(value) => field.onChange(stageOutcomes.find((outcome) => outcome === value) ?? STAGE_OUTCOME_DEFAULT)}
          onBlur={field.onBlur}
          placeholder={stageOutcomeLabel(t, STAGE_OUTCOME_DEFAULT)}
          options={stageOutcomes.map((value) => ({ value, label: stageOutcomeLabel(t, value) }))}
          error={message(fieldState.error?.message)}
          hint={hint}
        />
      )}
    />
  );
}
