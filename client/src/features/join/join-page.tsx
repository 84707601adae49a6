import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { joinBodySchema, leadEndpoints } from "@contract/leads";
import { PublicLayout } from "@/components/public-layout";
import { NOT_STAFF_SESSION } from "@/lib/query-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { EMPTY_JOIN_FORM, JOIN_FORM_FIELDS } from "@/features/leads";
import { LeadInputs } from "@/features/leads";
import { apiErrorMessage, apiErrorStatus, apiFieldErrors } from "@/lib/api";
import { callApi } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";

type JoinFormInput = z.input<typeof joinBodySchema>;
type JoinFormOutput = z.output<typeof joinBodySchema>;

function useJoin() {
  return useMutation({
    mutationFn: (body: JoinFormOutput) => callApi(leadEndpoints.join, { body }),
    meta: { [NOT_STAFF_SESSION]: true },
  });
}

/**
 * The public lead form (/join), where referral links land: the Add Lead fields and rules, no sign-in. The server
 * reads the referral link's cookie itself, so nothing about the affiliate is sent from here.
 */
export default function JoinPage() {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const join = useJoin();
  const form = useForm<JoinFormInput, unknown, JoinFormOutput>({ resolver: zodResolver(joinBodySchema), defaultValues: EMPTY_JOIN_FORM });

  const onSubmit = form.handleSubmit((values) =>
    join.mutate(values, {
      onSuccess: () => form.reset(EMPTY_JOIN_FORM),
      onError: (error) => applyServerFieldErrors(error, form.setError, JOIN_FORM_FIELDS),
    }),
  );

  // Field messages sit on their fields; the banner is for the rest (too many submissions, a server fault, no network).
  const error = join.error;
  const fieldErrors = error ? Object.keys(apiFieldErrors(error)).length : 0;
  const banner =
    !error || fieldErrors > 0
      ? null
      : apiErrorStatus(error) === 429
        ? message(apiErrorMessage(error)) || t("join.tooMany")
        : apiErrorStatus(error) === undefined
          ? t("common.networkError")
          : message(apiErrorMessage(error, t("join.failed")));

  return (
    <PublicLayout title={t("join.title")} area={t("join.area")}>
      <Card className="w-full max-w-xl">
        {join.isSuccess ? (
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center" role="status" data-testid="join-success">
            <CircleCheck aria-hidden="true" className="size-10 text-success" />
            <p className="text-lg font-semibold">{t("join.success")}</p>
            <p className="text-sm text-muted-foreground">{t("join.successHint")}</p>
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <CardDescription>{t("join.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <FormProvider {...form}>
                <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("join.title")} data-testid="join-form">
                  {banner ? (
                    <Alert variant="destructive" data-testid="join-error">
                      <CircleAlert aria-hidden="true" />
                      <span>{banner}</span>
                    </Alert>
                  ) : null}
                  <LeadInputs idPrefix="join" fields={JOIN_FORM_FIELDS} />
                  <Button type="submit" className="mt-1 w-full" disabled={join.isPending}>
                    {join.isPending ? t("join.submitting") : t("join.submit")}
                  </Button>
                </form>
              </FormProvider>
            </CardContent>
          </>
        )}
      </Card>
    </PublicLayout>
  );
}
