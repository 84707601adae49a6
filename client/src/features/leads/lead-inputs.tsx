import { Controller, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { leadFields } from "@contract/leads";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Input } from "@/components/ui/input";
import { TagsInput } from "@/components/tags-input";
import { formRows } from "@/lib/form-rows";
import { useValidationMessage } from "@/lib/validation-message";
import { useAssignableStaff } from "@/lib/staff";
import { leadFieldProblem, type LeadFormField, type LeadFormValues } from "./lead-form";
import { leadOptions } from "./lead-labels";

const isHalf = (name: LeadFormField) => {
  const form = leadFields[name].form;
  return "half" in form && form.half;
};

/**
 * A lead form's inputs, each as its field declares it (contract/lead-fields.ts: the control, its place, half a row
 * or a whole one); use inside a FormProvider. `idPrefix` keeps ids unique per form.
 */
export function LeadInputs({ idPrefix, fields }: { idPrefix: string; fields: readonly LeadFormField[] }) {
  return (
    <>
      {formRows(fields, isHalf).map((row) =>
        row.half ? (
          <div key={row.fields.join(" ")} className="grid gap-3 sm:grid-cols-2">
            {row.fields.map((name) => (
              <LeadInput key={name} name={name} id={`${idPrefix}-${name}`} />
            ))}
          </div>
        ) : (
          row.fields.map((name) => <LeadInput key={name} name={name} id={`${idPrefix}-${name}`} />)
        ),
      )}
    </>
  );
}

/** One lead field's input, labelled, with its message. */
function LeadInput({ name, id }: { name: LeadFormField; id: string }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const { register, control, formState } = useFormContext<LeadFormValues>();
  const field = leadFields[name];
  const input = field.form.input;
  const label = t(field.label);

  if (input.control === "text") {
    const error = message(formState.errors[name]?.message);
    return (
      <FormField id={id} label={label} error={error}>
        <Input
          type={"type" in input ? input.type : undefined}
          placeholder={"placeholder" in input ? t(input.placeholder) : undefined}
          autoComplete="off"
          {...fieldA11yProps(id, error)}
          {...register(name)}
        />
      </FormField>
    );
  }
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur }, fieldState }) => {
        const error = message(fieldState.error?.message);
        switch (input.control) {
          case "select":
            return (
              <SelectField
                id={id}
                label={label}
                value={typeof value === "string" ? value : null}
                onChange={onChange}
                onBlur={onBlur}
                placeholder={t("leads.fields.selectPlaceholder")}
                noneLabel={"none" in input && input.none ? t("leads.fields.notSpecified") : undefined}
                options={leadOptions(t, input.options)}
                error={error}
              />
            );
          case "staffName":
            return <LeadAssigneeField id={id} label={label} value={typeof value === "string" ? value : ""} onChange={onChange} onBlur={onBlur} error={error} />;
          case "tags":
            return (
              <TagsInput
                id={id}
                label={label}
                value={Array.isArray(value) ? value : []}
                onChange={onChange}
                onBlur={onBlur}
                problem={(next) => message(leadFieldProblem(name, next))}
                error={error}
              />
            );
        }
      }}
    />
  );
}

type LeadAssigneeFieldProps = { id: string; label: string; value: string; onChange: (value: string) => void; onBlur: () => void; error?: string | undefined };

/**
 * Who works the lead, chosen from the staff by name (the lead keeps the name as text), or nobody. A name the staff
 * list does not hold (typed through the API, or of someone since renamed) stays on offer, so opening the dialog never
 * changes it.
 */
function LeadAssigneeField({ id, label, value, onChange, onBlur, error }: LeadAssigneeFieldProps) {
  const { t } = useTranslation();
  const staff = useAssignableStaff();
  const names: string[] = [];
  for (const person of staff.data ?? []) {
    // Two people of one name are one choice: the lead records the name.
    if (!names.some((name) => name.toLocaleLowerCase() === person.name.toLocaleLowerCase())) names.push(person.name);
  }
  const options = value && !names.includes(value) ? [value, ...names] : names;
  return (
    <SelectField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      placeholder={staff.isPending ? t("common.loading") : t("leads.fields.unassigned")}
      noneLabel={t("leads.fields.unassigned")}
      options={options.map((name) => ({ value: name, label: name }))}
      error={error ?? (staff.isError ? t("leads.fields.staffUnavailable") : undefined)}
      disabled={staff.isPending}
    />
  );
}
