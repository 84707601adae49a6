import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { feedbackBodySchema, feedbackTypes } from "@contract/feedback";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { feedbackTypeLabel } from "./feedback-labels";
import { useSubmitFeedback } from "./feedback-queries";

const feedbackFormSchema = feedbackBodySchema.pick({ type: true, description: true, screenshotUrl: true });
type FeedbackFormInput = z.input<typeof feedbackFormSchema>;
type FeedbackFormOutput = z.output<typeof feedbackFormSchema>;

const EMPTY: FeedbackFormInput = { type: "General", description: "", screenshotUrl: "" };
const FIELDS = ["type", "description", "screenshotUrl"] as const;

export const FEEDBACK_FORM_ID = "feedback-form";

/** Submit Feedback (spec §2 Feedback): sent under the signed-in user's email; `onDone` hides the form. */
export function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const submitFeedback = useSubmitFeedback();
  const form = useForm<FeedbackFormInput, unknown, FeedbackFormOutput>({ resolver: zodResolver(feedbackFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    submitFeedback.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast({ title: t("common.success"), description: t("feedback.form.success") });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FIELDS);
        toast({ variant: "destructive", title: t("common.error"), description: t("feedback.form.failed") });
      },
    });
  });

  const descriptionError = message(errors.description?.message);
  const urlError = message(errors.screenshotUrl?.message);
  const urlHint = t("feedback.form.screenshotUrlHint");

  return (
    <Card id={FEEDBACK_FORM_ID} data-testid="feedback-form">
      <CardHeader>
        <CardTitle>{t("feedback.form.title")}</CardTitle>
        <CardDescription>{t("feedback.form.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid max-w-2xl gap-3" aria-label={t("feedback.form.title")}>
          <Controller
            control={form.control}
            name="type"
            render={({ field, fieldState }) => (
              <SelectField
                id="feedback-type"
                label={t("feedback.fields.type")}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder={t("feedback.fields.typePlaceholder")}
                options={feedbackTypes.map((value) => ({ value, label: feedbackTypeLabel(t, value) }))}
                error={message(fieldState.error?.message)}
              />
            )}
          />
          <FormField id="feedback-description" label={t("feedback.fields.description")} error={descriptionError}>
            <Textarea
              rows={4}
              placeholder={t("feedback.fields.descriptionPlaceholder")}
              {...fieldA11yProps("feedback-description", descriptionError)}
              {...form.register("description")}
            />
          </FormField>
          <FormField id="feedback-screenshot" label={t("feedback.fields.screenshotUrl")} error={urlError} hint={urlHint}>
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              {...fieldA11yProps("feedback-screenshot", urlError, urlHint)}
              {...form.register("screenshotUrl")}
            />
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={submitFeedback.isPending}>
            {submitFeedback.isPending ? t("feedback.form.submitting") : t("feedback.form.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
