import { useState, type FormEvent } from "react";
import { CheckCircle2, MessageSquareHeart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NPS_DEFAULT_SURVEY_TYPE, NPS_TEST_SURVEY_CAMPAIGN } from "@contract/customer-success";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { useSubmitNps } from "./customer-success-queries";
import { NpsAnswerFields } from "./nps-score-choice";
import { useCan } from "@/lib/authorization";

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
      // Spec §7: POST /api/nps with the score, the feedback or null, the campaign and the survey type.
      { score, feedback: feedback.trim() || null, campaignId: NPS_TEST_SURVEY_CAMPAIGN, surveyType: NPS_DEFAULT_SURVEY_TYPE },
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
            <NpsAnswerFields score={score} onScore={setScore} feedback={feedback} onFeedback={setFeedback} />
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
