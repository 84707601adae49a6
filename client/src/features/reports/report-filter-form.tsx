import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { industryOptions } from "@contract/leads";
import { reportFilterSchema } from "@contract/reports";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { industryLabel } from "@/features/leads";
import { apiErrorMessage, apiErrorStatus, apiFieldErrors } from "@/lib/api";
import { useValidationMessage } from "@/lib/validation-message";
import type { ReportFilter } from "./report-queries";

/** Blank inputs mean "no filter"; the rest is checked by the same schema as the server's. */
const reportFormSchema = z
  .object({ source: z.string(), startDate: z.string(), endDate: z.string() })
  .transform(({ source, startDate, endDate }): ReportFilter => ({
    source: source || undefined,
    startDate: startDate || undefined,
    endDate: endDate || undefined,
  }))
  .pipe(reportFilterSchema);
type ReportFormInput = z.input<typeof reportFormSchema>;

const EMPTY: ReportFormInput = { source: "", startDate: "", endDate: "" };

type ReportFilterFormProps = {
  onApply: (filter: ReportFilter) => void;
  pending: boolean;
  /** The report query's error: a 400 is about the filters, so it is shown here. */
  error: unknown;
};

/** Lead report filters: Business Type (industry), Start Date, End Date; all optional (spec §2 Advanced Analytics). */
export function ReportFilterForm({ onApply, pending, error }: ReportFilterFormProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const form = useForm<ReportFormInput, unknown, z.output<typeof reportFormSchema>>({ resolver: zodResolver(reportFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const badRequest = apiErrorStatus(error) === 400;
  const server = badRequest ? apiFieldErrors(error) : {};

  const fieldError = (name: keyof ReportFormInput) => message(errors[name]?.message ?? server[name]);
  const startError = fieldError("startDate");
  const endError = fieldError("endDate");
  const unplaced = badRequest && !["source", "startDate", "endDate"].some((f) => server[f]);

  return (
    <Card data-testid="report-filters">
      <CardHeader>
        <CardTitle>{t("analytics.filters.title")}</CardTitle>
        <CardDescription>{t("analytics.filters.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label={t("analytics.filters.title")}
          onSubmit={form.handleSubmit(onApply)}
          className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
        >
          {unplaced ? (
            <Alert variant="destructive" className="sm:col-span-2 lg:col-span-4">
              <CircleAlert aria-hidden="true" />
              <span>{message(apiErrorMessage(error))}</span>
            </Alert>
          ) : null}
          <Controller
            control={form.control}
            name="source"
            render={({ field }) => (
              <SelectField
                id="report-source"
                label={t("analytics.filters.businessType")}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder={t("analytics.filters.allTypes")}
                noneLabel={t("analytics.filters.allTypes")}
                options={industryOptions.map((value) => ({ value, label: industryLabel(t, value) }))}
                error={fieldError("source")}
              />
            )}
          />
          <FormField id="report-start" label={t("analytics.filters.startDate")} error={startError}>
            <Input type="date" {...fieldA11yProps("report-start", startError)} {...form.register("startDate")} />
          </FormField>
          <FormField id="report-end" label={t("analytics.filters.endDate")} error={endError}>
            <Input type="date" {...fieldA11yProps("report-end", endError)} {...form.register("endDate")} />
          </FormField>
          <div className="flex gap-2 sm:col-span-2 lg:col-span-1 lg:pt-[1.375rem]">
            <Button type="submit" disabled={pending}>
              {pending ? t("analytics.filters.generating") : t("analytics.filters.generate")}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                form.reset(EMPTY);
                onApply({});
              }}
            >
              {t("analytics.filters.reset")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
