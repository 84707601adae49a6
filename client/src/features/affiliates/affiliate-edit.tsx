import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { affiliateStatuses, type Affiliate } from "@contract/affiliates";
import { DirtyFieldsFormFooter, useDirtyFieldsForm } from "@/components/dirty-fields-form";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useValidationMessage } from "@/lib/validation-message";
import { AFFILIATE_EDIT_FIELDS, affiliateEditSchema } from "./affiliate-form";
import { affiliateStatusLabel } from "./affiliate-labels";
import { useUpdateAffiliate } from "./affiliate-queries";
import { useCan } from "@/lib/authorization";

type AffiliateEditProps = { affiliate: Affiliate | null; onOpenChange: (open: boolean) => void };

/** Edit Affiliate: name, business name, status and commission amount; only the changed fields are sent. */
export function AffiliateEdit({ affiliate, onOpenChange }: AffiliateEditProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={affiliate !== null} onOpenChange={onOpenChange}>
      <DialogContent data-testid="affiliate-edit-dialog">
        <DialogHeader>
          <DialogTitle>{t("affiliates.edit.title")}</DialogTitle>
          <DialogDescription>{affiliate ? t("affiliates.edit.description", { name: affiliate.name }) : null}</DialogDescription>
        </DialogHeader>
        {affiliate ? <AffiliateEditForm key={affiliate.id} affiliate={affiliate} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AffiliateEditForm({ affiliate, onDone }: { affiliate: Affiliate; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const update = useUpdateAffiliate();
  const { form, onSubmit, isDirty, isSubmitting } = useDirtyFieldsForm({
    schema: affiliateEditSchema,
    defaultValues: {
      name: affiliate.name,
      businessName: affiliate.businessName,
      status: affiliate.status,
      commissionAmount: affiliate.commissionAmount,
    },
    fields: AFFILIATE_EDIT_FIELDS,
    save: (changes) => update.mutateAsync({ id: affiliate.id, changes }),
    messages: { successTitle: t("common.success"), success: t("affiliates.edit.success"), failed: t("affiliates.edit.failed") },
    onDone,
  });
  const { errors } = form.formState;

  const nameError = message(errors.name?.message);
  const businessError = message(errors.businessName?.message);
  const amountError = message(errors.commissionAmount?.message);
  // Money is the administrators' (the server refuses a commission change from anyone else): others see why it is fixed.
  const mayChangeAmount = useCan("commissions.manage") === true;
  const amountHint = mayChangeAmount ? t("affiliates.fields.commissionAmountHint") : t("affiliates.fields.commissionAmountAdminOnly");

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <FormField id="affiliate-edit-name" label={t("affiliates.fields.name")} error={nameError}>
        <Input autoComplete="off" {...fieldA11yProps("affiliate-edit-name", nameError)} {...form.register("name")} />
      </FormField>
      <FormField id="affiliate-edit-business" label={t("affiliates.fields.businessName")} error={businessError}>
        <Input autoComplete="off" {...fieldA11yProps("affiliate-edit-business", businessError)} {...form.register("businessName")} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="status"
          render={({ field, fieldState }) => (
            <SelectField
              id="affiliate-edit-status"
              label={t("affiliates.fields.status")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={t("affiliates.fields.selectPlaceholder")}
              options={affiliateStatuses.map((value) => ({ value, label: affiliateStatusLabel(t, value) }))}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <FormField id="affiliate-edit-commission" label={t("affiliates.fields.commissionAmount")} error={amountError} hint={amountHint}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            disabled={!mayChangeAmount}
            {...fieldA11yProps("affiliate-edit-commission", amountError, amountHint)}
            {...form.register("commissionAmount")}
          />
        </FormField>
      </div>
      <DirtyFieldsFormFooter
        isDirty={isDirty}
        isSubmitting={isSubmitting}
        submitLabel={t("affiliates.edit.submit")}
        submittingLabel={t("affiliates.edit.submitting")}
      />
    </form>
  );
}
