import { Controller, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { leadFields } from "@contract/leads";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Input } from "@/components/ui/input";
import { TagsInput } from "@/components/tags-input";
import { formRows } from "@/lib/form-rows";
import { useValidationMessage } from "@/lib/validation-message";
import { staffLabel, useStaffDirectory } from "@/lib/staff";
import { ASSIGNEE_TEXT, leadFieldProblem, type LeadFormField, type LeadFormValues } from "./lead-form";
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
          case "staff":
            return <LeadAssigneeField id={id} label={label} onBlur={onBlur} error={error} />;
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

type LeadAssigneeFieldProps = { id: string; label: string; onBlur: () => void; error?: string | undefined };

/** The choice that stands for a stored assignee text no member of staff matched (Radix Select needs a string value). */
const KEPT_TEXT = "__text__";

/**
 * Who works the lead: a member of staff (by id), or nobody. The form also holds the assignee's stored text (see
 * ASSIGNEE_TEXT): a lead whose text matched nobody (typed through the API or imported) shows that text as its current
 * choice, marked as not a member of staff, and keeps it until someone else is chosen, so opening the form changes
 * nothing. For the same reason someone deactivated stays on offer, marked, and someone no longer on the staff list
 * under their stored name.
 */
function LeadAssigneeField({ id, label, onBlur, error }: LeadAssigneeFieldProps) {
  const { t } = useTranslation();
  const staff = useStaffDirectory();
  const { control, setValue, formState } = useFormContext<LeadFormValues>();
  const [assigneeId, assignedText] = useWatch({ control, name: ["assigneeId", ASSIGNEE_TEXT] });
  const storedId = formState.defaultValues?.assigneeId ?? null;
  const storedText = formState.defaultValues?.[ASSIGNEE_TEXT] ?? "";
  const unmatched = storedId === null && storedText !== "" ? storedText : null;

  // Active staff can be given the lead; a deactivated holder stays on offer, marked, so opening the form changes nothing.
  const options = (staff.data ?? [])
    .filter((person) => person.active || person.id === storedId)
    .map((person) => ({ value: String(person.id), label: staffLabel(t, person) }));
  if (storedId !== null && !options.some((option) => option.value === String(storedId))) {
    options.unshift({ value: String(storedId), label: storedText || t("leads.fields.formerStaff") });
  }
  if (unmatched !== null) options.unshift({ value: KEPT_TEXT, label: t("leads.fields.notStaffOption", { name: unmatched }) });
  const value = typeof assigneeId === "number" ? String(assigneeId) : assignedText ? KEPT_TEXT : "";

  const choose = (next: string) => {
    const dirty = { shouldDirty: true } as const;
    if (next === "") {
      // Clearing the id clears the name with it; a name that matched nobody is cleared as text (the id is empty already).
      setValue("assigneeId", null, dirty);
      setValue(ASSIGNEE_TEXT, storedId === null ? "" : storedText, dirty);
    } else if (next === KEPT_TEXT) {
      setValue("assigneeId", null, dirty);
      setValue(ASSIGNEE_TEXT, storedText, dirty);
    } else {
      // The server writes the person's name as the text; the stored text is left as it was so it is not sent too.
      setValue("assigneeId", Number(next), dirty);
      setValue(ASSIGNEE_TEXT, storedText, dirty);
    }
  };

  return (
    <SelectField
      id={id}
      label={label}
      value={value}
      onChange={choose}
      onBlur={onBlur}
      placeholder={staff.isPending ? t("common.loading") : t("leads.fields.unassigned")}
      noneLabel={t("leads.fields.unassigned")}
      options={options}
      hint={value === KEPT_TEXT ? t("leads.fields.notStaffHint") : undefined}
      error={error ?? (staff.isError ? t("leads.fields.staffUnavailable") : undefined)}
      disabled={staff.isPending}
    />
  );
}
