import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { z } from "zod";
import { ISSUE_DESCRIPTION_MAX, issueBodySchema, issueEndpoints } from "@contract/issues";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ToastAction } from "@/components/ui/toast";
import { toast } from "@/components/ui/use-toast";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { issueReviewPath } from "./issue-labels";
import { useProposalSource, useReportIssue } from "./issues-queries";
import { RoleNote, WhenAllowed } from "@/components/when-allowed";

type IssueFormInput = z.input<typeof issueBodySchema>;
type IssueFormOutput = z.output<typeof issueBodySchema>;

const EMPTY: IssueFormInput = { email: "", description: "", screenshotUrl: "" };
const FIELDS = ["email", "description", "screenshotUrl"] as const;

type IssueReportFormProps = {
  /** Keeps the inputs' ids unique on a page. */
  idPrefix?: string;
  className?: string;
};

/**
 * Report Technical Issue (spec §2, §5, §8): on Referral Tracking and in the Submit Issue tab. The server starts
 * preparing a proposal at once (an AI one when a model is configured, else a list of related fixes, as the card
 * says), so the success toast offers to follow it on the review screen.
 */
export function IssueReportForm({ idPrefix = "issue-report", className }: IssueReportFormProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const [, navigate] = useLocation();
  const reportIssue = useReportIssue();
  // What submitting leads to depends on whether an AI model is configured; until that is known the text promises neither.
  const source = useProposalSource();
  const form = useForm<IssueFormInput, unknown, IssueFormOutput>({ resolver: zodResolver(issueBodySchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const id = (field: (typeof FIELDS)[number]) => `${idPrefix}-${field}`;

  const onSubmit = form.handleSubmit((values) =>
    reportIssue.mutate(values, {
      onSuccess: (issue) => {
        form.reset(EMPTY);
        toast({
          title: t("common.success"),
          description: t("issues.report.success"),
          action: (
            <ToastAction altText={t("issues.report.followAlt", { id: issue.id })} onClick={() => navigate(issueReviewPath(issue.id))}>
              {t("issues.report.follow")}
            </ToastAction>
          ),
        });
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FIELDS);
        toast({ variant: "destructive", title: t("common.error"), description: t("issues.report.failed") });
      },
    }),
  );

  const emailError = message(errors.email?.message);
  const descriptionError = message(errors.description?.message);
  const urlError = message(errors.screenshotUrl?.message);
  const emailHint = t("issues.fields.emailHint");
  const urlHint = t("issues.fields.screenshotUrlHint");

  return (
    <Card className={className} data-testid="issue-report-form">
      <CardHeader>
        <CardTitle>{t("issues.report.title")}</CardTitle>
        <CardDescription data-testid="issue-report-promise">
          {source.data?.kind === "model"
            ? t("issues.report.description")
            : source.data?.kind === "retrieval"
              ? t("issues.report.descriptionNoModel")
              : t("issues.report.descriptionPending")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <WhenAllowed endpoint={issueEndpoints.create} fallback={<RoleNote />}>
          <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("issues.report.title")}>
            <FormField id={id("email")} label={t("issues.fields.email")} error={emailError} hint={emailHint}>
              <Input
                type="email"
                autoComplete="email"
                placeholder={t("issues.fields.emailPlaceholder")}
                {...fieldA11yProps(id("email"), emailError, emailHint)}
                {...form.register("email")}
              />
            </FormField>
            <FormField id={id("description")} label={t("issues.fields.description")} error={descriptionError}>
              <Textarea
                rows={4}
                maxLength={ISSUE_DESCRIPTION_MAX}
                placeholder={t("issues.fields.descriptionPlaceholder")}
                {...fieldA11yProps(id("description"), descriptionError)}
                {...form.register("description")}
              />
            </FormField>
            <FormField id={id("screenshotUrl")} label={t("issues.fields.screenshotUrl")} error={urlError} hint={urlHint}>
              <Input
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://"
                {...fieldA11yProps(id("screenshotUrl"), urlError, urlHint)}
                {...form.register("screenshotUrl")}
              />
            </FormField>
            <Button type="submit" className="mt-1 w-full" disabled={reportIssue.isPending}>
              {reportIssue.isPending ? t("issues.report.submitting") : t("issues.report.submit")}
            </Button>
          </form>
        </WhenAllowed>
      </CardContent>
    </Card>
  );
}
