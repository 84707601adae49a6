import { Controller, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { industryOptions, leadPriorities, leadStatuses, yearsInBusinessOptions } from "@contract/leads";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Input } from "@/components/ui/input";
import { useValidationMessage } from "@/lib/validation-message";
import type { LeadEditFormInput, LeadFormInput } from "./lead-form";
import { industryLabel, priorityLabel, statusLabel } from "./lead-labels";

/** The lead fields shared by Add Lead and Edit Lead; use inside a FormProvider. `idPrefix` keeps ids unique per form. */
export function LeadInputs({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const { register, control, formState } = useFormContext<LeadFormInput>();
  const { errors } = formState;
  const id = (field: string) => `${idPrefix}-${field}`;

  const textField = (
    name: "businessOwnerName" | "businessOwnerLastName" | "businessName" | "email" | "phoneNumber",
    label: string,
    props: { type?: string; autoComplete?: string } = {},
  ) => {
    const error = message(errors[name]?.message);
    return (
      <FormField id={id(name)} label={label} error={error}>
        <Input {...props} {...fieldA11yProps(id(name), error)} {...register(name)} />
      </FormField>
    );
  };

  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {textField("businessOwnerName", t("leads.fields.firstName"), { autoComplete: "off" })}
        {textField("businessOwnerLastName", t("leads.fields.lastName"), { autoComplete: "off" })}
      </div>
      {textField("businessName", t("leads.fields.businessName"), { autoComplete: "off" })}
      {textField("email", t("leads.fields.email"), { type: "email", autoComplete: "off" })}
      {textField("phoneNumber", t("leads.fields.phoneNumber"), { type: "tel", autoComplete: "off" })}
      <div className="grid gap-3 sm:grid-cols-2">
        <Controller
          control={control}
          name="yearsInBusiness"
          render={({ field, fieldState }) => (
            <SelectField
              id={id("yearsInBusiness")}
              label={t("leads.fields.yearsInBusiness")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={t("leads.fields.selectPlaceholder")}
              noneLabel={t("leads.fields.notSpecified")}
              options={yearsInBusinessOptions.map((value) => ({ value, label: t("leads.fields.yearsOption", { value }) }))}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="industry"
          render={({ field, fieldState }) => (
            <SelectField
              id={id("industry")}
              label={t("leads.fields.industry")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={t("leads.fields.selectPlaceholder")}
              noneLabel={t("leads.fields.notSpecified")}
              options={industryOptions.map((value) => ({ value, label: industryLabel(t, value) }))}
              error={message(fieldState.error?.message)}
            />
          )}
        />
      </div>
    </>
  );
}

/** Status and priority, offered only when editing a lead. */
export function LeadStatusInputs({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const { control } = useFormContext<LeadEditFormInput>();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Controller
        control={control}
        name="status"
        render={({ field, fieldState }) => (
          <SelectField
            id={`${idPrefix}-status`}
            label={t("leads.fields.status")}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            placeholder={t("leads.fields.selectPlaceholder")}
            options={leadStatuses.map((value) => ({ value, label: statusLabel(t, value) }))}
            error={message(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="priority"
        render={({ field, fieldState }) => (
          <SelectField
            id={`${idPrefix}-priority`}
            label={t("leads.fields.priority")}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            placeholder={t("leads.fields.selectPlaceholder")}
            options={leadPriorities.map((value) => ({ value, label: priorityLabel(t, value) }))}
            error={message(fieldState.error?.message)}
          />
        )}
      />
    </div>
  );
}
