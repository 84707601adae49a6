import { useState } from "react";
import { MessageSquarePlus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { feedbackEndpoints } from "@contract/feedback";
import { Button } from "@/components/ui/button";
import { FEEDBACK_FORM_ID, FeedbackForm } from "./feedback-form";
import { FeedbackList } from "./feedback-list";
import { WhenAllowed } from "@/components/when-allowed";

/** Feedback: a submit form shown on demand above the Recent Feedback list (spec §2), as wide as the other list pages. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const [formOpen, setFormOpen] = useState(false);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <WhenAllowed endpoint={feedbackEndpoints.create}>
          <Button
            variant={formOpen ? "outline" : "default"}
            onClick={() => setFormOpen((open) => !open)}
            aria-expanded={formOpen}
            aria-controls={formOpen ? FEEDBACK_FORM_ID : undefined}
            data-testid="feedback-toggle"
          >
            {formOpen ? <X aria-hidden="true" /> : <MessageSquarePlus aria-hidden="true" />}
            {formOpen ? t("feedback.toggle.hide") : t("feedback.toggle.show")}
          </Button>
        </WhenAllowed>
      </div>
      {formOpen ? <FeedbackForm onDone={() => setFormOpen(false)} /> : null}
      <FeedbackList />
    </div>
  );
}
