import { FormProvider, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { leadEndpoints } from "@contract/leads";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { brandTags } from "@/lib/brand-storage";
import { EMPTY_LEAD_FORM, LEAD_FORM_FIELDS, leadFormSchema, type LeadFormInput, type LeadFormOutput } from "./lead-form";
import { LeadDuplicateHints } from "./lead-duplicate-hints";
import { LEAD_DUPLICATES_PATH } from "./lead-merge-path";
import { LeadInputs } from "./lead-inputs";
import { useCreateLead } from "./lead-queries";
import { RoleNote, WhenAllowed } from "@/components/when-allowed";

/** The Add New Lead card (spec §2 Leads, §5, §8). */
export function LeadCreate() {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const createLead = useCreateLead();
  const form = useForm<LeadFormInput, unknown, LeadFormOutput>({
    resolver: zodResolver(leadFormSchema),
    defaultValues: EMPTY_LEAD_FORM,
  });

  const onSubmit = form.handleSubmit((values) =>
    // Tagged with the brand chosen on Settings in this browser (read now: it may have changed since the page opened).
    createLead.mutate({ ...values, tags: brandTags() }, {
      onSuccess: () => {
        form.reset(EMPTY_LEAD_FORM);
        toast({ title: t("leads.create.successTitle"), description: t("leads.create.success") });
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, LEAD_FORM_FIELDS);
        toast({
          variant: "destructive",
          title: t("common.error"),
          description: message(apiErrorMessage(error, t("leads.create.failed"))),
        });
      },
    }),
  );

  return (
    <Card data-testid="lead-create">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-3 gap-y-1 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>{t("leads.create.title")}</CardTitle>
          <CardDescription>{t("leads.create.description")}</CardDescription>
        </div>
        {/* Lead Management's way to the likely duplicate pairs across every lead. */}
        <Link href={LEAD_DUPLICATES_PATH} className="text-sm underline-offset-4 hover:underline" data-testid="lead-duplicates-link">
          {t("leads.duplicates.pageLink")}
        </Link>
      </CardHeader>
      {/* A size container: in the narrow column beside the table the fields stack; across the page (below 1680 px,
          see leads-page.tsx) they sit two or three abreast, so the table below starts near the top of the screen. */}
      <CardContent className="@container">
        <WhenAllowed endpoint={leadEndpoints.create} fallback={<RoleNote />}>
          <FormProvider {...form}>
            <form noValidate onSubmit={onSubmit} className="grid items-start gap-3 @xl:grid-cols-2 @4xl:grid-cols-3" aria-label={t("leads.create.title")}>
              <LeadInputs idPrefix="lead-create" fields={LEAD_FORM_FIELDS} />
              <Button type="submit" className="mt-1 w-full @xl:mt-0 @xl:self-end" disabled={createLead.isPending}>
                {createLead.isPending ? t("leads.create.submitting") : t("leads.create.submit")}
              </Button>
            </form>
            <LeadDuplicateHints idPrefix="lead-create" className="not-empty:mt-3" />
          </FormProvider>
        </WhenAllowed>
      </CardContent>
    </Card>
  );
}
