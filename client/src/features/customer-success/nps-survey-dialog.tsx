import { useState, type FormEvent } from "react";
import { CheckCircle2, MessageSquareHeart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NPS_FEEDBACK_MAX, NPS_MAX, NPS_MIN, npsBand } from "@contract/customer-success";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useCan } from "@/features/auth/use-can";
import { cn } from "@/lib/utils";
import { useSubmitNps } from "./customer-success-queries";

const scores = Array.from({ length: NPS_MAX - NPS_MIN + 1 }, (_, index) => NPS_MIN + index);
/** The chosen score's colour by band (cut-offs 6 and 8), each pair with AA contrast, kept while the pointer rests on it. */
const bandShade = {
  not_likely: "peer-checked:bg-red-700 peer-checked:text-white peer-checked:hover:bg-red-700",
  somewhat_likely: "peer-checked:bg-amber-400 peer-checked:text-amber-950 peer-checked:hover:bg-amber-400",
  very_likely: "peer-checked:bg-emerald-700 peer-checked:text-white peer-checked:hover:bg-emerald-700",
} as const;

/**
 * The Test NPS Survey (spec §2, §4, §5, §8): a 0–10 choice and optional feedback; a score must be chosen; a failed
 * submit is only logged and the form stays as it was; the thank-you shows only after the answer is stored.
 */
export function NpsSurveyDialog() {
  const { t } = useTranslation();
  const allowed = useCan("feedback.write");
  const submit = useSubmitNps();
  const [open, setOpen] = useState(false);
  const [score, setScore] = useState<number | null>(null);
  const [feedback, setFeedback] = useState("");
  const [thanked, setThanked] = useState(false);

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setScore(null);
      setFeedback("");
      setThanked(false);
      submit.reset();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) return;
    submit.mutate(
      { score, feedback: feedback.trim() || null, surveyType: "milestone" },
      {
        onSuccess: () => setThanked(true),
        // The spec: a submit failure is only logged; the form keeps the answer so it can be sent again.
        onError: (error) => console.error("NPS survey submit failed", error),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button size="sm" disabled={allowed === false} title={allowed === false ? t("customerSuccess.nps.noPermission") : undefined}>
          <MessageSquareHeart aria-hidden="true" />
          {t("customerSuccess.nps.testSurvey")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("customerSuccess.nps.surveyTitle")}</DialogTitle>
          <DialogDescription>{t("customerSuccess.nps.question")}</DialogDescription>
        </DialogHeader>
        {thanked ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center" role="status" data-testid="nps-thank-you">
            <CheckCircle2 aria-hidden="true" className="size-8 text-emerald-600" />
            <p className="font-medium">{t("customerSuccess.nps.thankYou")}</p>
            <p className="text-sm text-muted-foreground">{t("customerSuccess.nps.thankYouHint")}</p>
            <Button variant="outline" size="sm" onClick={() => reset(false)}>
              {t("customerSuccess.nps.close")}
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={onSubmit}>
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
                      onChange={() => setScore(value)}
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
              <div className="flex justify-between text-xs text-muted-foreground">
                <span>{t("customerSuccess.nps.bandRange.not_likely")}</span>
                <span>{t("customerSuccess.nps.bandRange.somewhat_likely")}</span>
                <span>{t("customerSuccess.nps.bandRange.very_likely")}</span>
              </div>
              <p className="min-h-5 text-sm" aria-live="polite" data-testid="nps-chosen-band">
                {score === null ? t("customerSuccess.nps.chooseScore") : t("customerSuccess.nps.chosen", { score, band: t(`customerSuccess.nps.bands.${npsBand(score)}`) })}
              </p>
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor="nps-feedback">{t("customerSuccess.nps.feedbackLabel")}</Label>
              <Textarea id="nps-feedback" value={feedback} maxLength={NPS_FEEDBACK_MAX} rows={3} onChange={(event) => setFeedback(event.target.value)} />
            </div>
            <DialogFooter>
              <Button type="submit" disabled={score === null || submit.isPending}>
                {submit.isPending ? t("customerSuccess.nps.submitting") : t("customerSuccess.nps.submit")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
