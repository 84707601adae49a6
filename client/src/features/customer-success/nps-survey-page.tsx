import { useState, type FormEvent } from "react";
import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { AuthLayout, LinkProblem, useLinkToken } from "@/features/auth";
import { apiErrorStatus } from "@/lib/api";
import { useRespondToSurvey, useSurveyDetails } from "./customer-success-queries";
import { NpsAnswerFields } from "./nps-score-choice";

/**
 * /survey#<secret>: a lead answers the NPS survey a staff member sent them, once. The secret stays after # (never sent
 * in a URL); an unknown, used or expired link shows the same "no longer valid" state.
 */
export default function NpsSurveyPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const details = useSurveyDetails(token);
  const respond = useRespondToSurvey();
  const [score, setScore] = useState<number | null>(null);
  const [feedback, setFeedback] = useState("");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) return;
    respond.mutate({ token, score, feedback: feedback.trim() || null });
  };
  const linkGone = token === "" || details.isError || (respond.isError && apiErrorStatus(respond.error) === 404);

  return (
    <AuthLayout title={t("customerSuccess.surveyPage.title")} description={t("customerSuccess.nps.question")}>
      {respond.isSuccess ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center" role="status" data-testid="nps-thank-you">
          <CheckCircle2 aria-hidden="true" className="size-8 text-emerald-600" />
          <p className="font-medium">{t("customerSuccess.nps.thankYou")}</p>
          <p className="text-sm text-muted-foreground">{t("customerSuccess.nps.thankYouHint")}</p>
        </div>
      ) : linkGone ? (
        <p className="rounded-md border border-destructive/40 p-3 text-sm" role="alert" data-testid="nps-survey-invalid">
          {t("errors.nps.invitation_invalid")}
        </p>
      ) : details.data ? (
        <form className="grid gap-4" onSubmit={onSubmit} data-testid="nps-survey-form">
          <p className="text-sm text-muted-foreground">{t("customerSuccess.surveyPage.for", { business: details.data.businessName })}</p>
          {respond.isError ? <LinkProblem error={respond.error} fallbackKey="common.networkError" testId="nps-survey-error" /> : null}
          <NpsAnswerFields score={score} onScore={setScore} feedback={feedback} onFeedback={setFeedback} />
          <Button type="submit" disabled={score === null || respond.isPending}>
            {respond.isPending ? t("customerSuccess.nps.submitting") : t("customerSuccess.nps.submit")}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground" aria-busy="true">
          {t("customerSuccess.surveyPage.checking")}
        </p>
      )}
    </AuthLayout>
  );
}
