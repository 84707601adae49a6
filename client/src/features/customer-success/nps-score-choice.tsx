import { useTranslation } from "react-i18next";
import { NPS_FEEDBACK_MAX, NPS_MAX, NPS_MIN, npsBand } from "@contract/customer-success";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

const scores = Array.from({ length: NPS_MAX - NPS_MIN + 1 }, (_, index) => NPS_MIN + index);
/** The chosen score's colour by band (cut-offs 6 and 8), each pair with AA contrast, kept while the pointer rests on it. */
const bandShade = {
  not_likely: "peer-checked:bg-red-700 peer-checked:text-white peer-checked:hover:bg-red-700",
  somewhat_likely: "peer-checked:bg-amber-400 peer-checked:text-amber-950 peer-checked:hover:bg-amber-400",
  very_likely: "peer-checked:bg-emerald-700 peer-checked:text-white peer-checked:hover:bg-emerald-700",
} as const;

/**
 * The NPS answer's fields, shared by the staff's Test NPS Survey and the public survey page (/survey): a 0–10 choice
 * with its bands (0–6 Not likely, 7–8 Somewhat likely, 9–10 Very likely) and optional feedback.
 */
export function NpsAnswerFields({
  score,
  onScore,
  feedback,
  onFeedback,
}: {
  score: number | null;
  onScore: (score: number) => void;
  feedback: string;
  onFeedback: (feedback: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("customerSuccess.nps.scoreLegend")}</legend>
        <div className="grid grid-cols-11 gap-1">
          {scores.map((value) => (
            <label key={value} className="relative">
              <input
                type="radio"
                name="nps-score"
                value={value}
                checked={score === value}
                onChange={() => onScore(value)}
                className="peer sr-only"
                aria-label={t("customerSuccess.nps.scoreOption", { score: value, band: t(`customerSuccess.nps.bands.${npsBand(value)}`) })}
              />
              <span
                className={cn(
                  "flex h-9 cursor-pointer items-center justify-center rounded-md border text-sm tabular-nums hover:bg-accent",
                  "peer-focus-visible:outline-2 peer-focus-visible:outline-ring peer-checked:border-transparent",
                  bandShade[npsBand(value)],
                )}
                aria-hidden="true"
              >
                {value}
              </span>
            </label>
          ))}
        </div>
        <div className="flex justify-between gap-2 text-xs text-muted-foreground">
          <span>{t("customerSuccess.nps.bandRange.not_likely")}</span>
          <span className="text-center">{t("customerSuccess.nps.bandRange.somewhat_likely")}</span>
          <span className="text-right">{t("customerSuccess.nps.bandRange.very_likely")}</span>
        </div>
        <p className="min-h-5 text-sm" aria-live="polite" data-testid="nps-chosen-band">
          {score === null ? t("customerSuccess.nps.chooseScore") : t("customerSuccess.nps.chosen", { score, band: t(`customerSuccess.nps.bands.${npsBand(score)}`) })}
        </p>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor="nps-feedback">{t("customerSuccess.nps.feedbackLabel")}</Label>
        <Textarea id="nps-feedback" value={feedback} maxLength={NPS_FEEDBACK_MAX} rows={3} onChange={(event) => onFeedback(event.target.value)} />
      </div>
    </>
  );
}
