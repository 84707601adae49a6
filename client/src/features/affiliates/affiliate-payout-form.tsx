import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { toAmount } from "@/lib/format";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useFormatters } from "@/lib/use-formatters";
import { useValidationMessage } from "@/lib/validation-message";
import { payoutFormSchema, type PayoutFormInput, type PayoutFormOutput } from "./affiliate-form";
import { useRecordPayout } from "./affiliate-queries";

type AffiliatePayoutFormProps = { affiliateId: number; approved: string };

/** Record payout: more than zero and at most the approved, unpaid balance; the server checks the same. */
export function AffiliatePayoutForm({ affiliateId, approved }: AffiliatePayoutFormProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const message = useValidationMessage();
  const record = useRecordPayout();
  const schema = useMemo(() => payoutFormSchema(approved), [approved]);
  const form = useForm<PayoutFormInput, unknown, PayoutFormOutput>({ resolver: zodResolver(schema), defaultValues: { amount: approved, notes: "" } });
  const { errors } = form.formState;
  const nothingApproved = toAmount(approved) <= 0;

  // mutateAsync, not mutate's callbacks: a recorded payout changes the approved balance, which remounts this form
  // (its key holds the balance), and mutate's callbacks never fire for an unmounted form: the toast would be lost.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await record.mutateAsync({ id: affiliateId, amount: values.amount, notes: values.notes || null });
      toast({ title: t("common.success"), description: t("affiliates.payout.success", { amount: format.usd(values.amount) }) });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["amount", "notes"]);
      toast({ variant: "destructive", title: t("common.error"), description: message(apiErrorMessage(error, t("affiliates.payout.failed"))) });
    }
  });

  const amountError = message(errors.amount?.message);
  const notesError = message(errors.notes?.message);
  const amountHint = nothingApproved ? t("affiliates.payout.nothingApproved") : t("affiliates.payout.available", { amount: format.usd(approved) });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3 border-t p-3" aria-label={t("affiliates.payout.title")} data-testid="payout-form">
      <p className="text-sm font-medium">{t("affiliates.payout.title")}</p>
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start">
        <FormField id="payout-amount" label={t("affiliates.payout.amount")} error={amountError} hint={amountHint}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            disabled={nothingApproved}
            {...fieldA11yProps("payout-amount", amountError, amountHint)}
            {...form.register("amount")}
          />
        </FormField>
        <FormField id="payout-notes" label={t("affiliates.payout.notes")} error={notesError}>
          <Input maxLength={500} disabled={nothingApproved} {...fieldA11yProps("payout-notes", notesError)} {...form.register("notes")} />
        </FormField>
        <Button type="submit" className="sm:mt-[1.375rem]" disabled={nothingApproved || record.isPending}>
          {record.isPending ? t("affiliates.payout.submitting") : t("affiliates.payout.submit")}
        </Button>
      </div>
    </form>
  );
}
