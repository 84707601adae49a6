import { useMemo, type ReactNode } from "react";
import { Controller, useForm, type ControllerProps, type FieldErrors, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isNullable, type FieldSpec, type RecordFamily } from "@contract/records/family";
import { createSchemaOf, updateSchemaOf, type FamilyInput, type FamilyRecord } from "@contract/records/schemas";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { familyLabel, fieldLabel, gigabytesText, gigabytesToBytes, valueLabel } from "./record-labels";
import { useSaveRecord } from "./record-queries";

/** What the inputs hold: text for every field (numbers and lists are typed as text), a flag for booleans. */
type FormValues = Record<string, string | boolean>;

const isNumeric = (spec: FieldSpec) => spec.kind === "integer" || spec.kind === "number" || spec.kind === "percent";

/** A stored record (or the declared defaults) as the inputs show it. */
function formValuesOf(family: RecordFamily, record: FamilyRecord | null): FormValues {
  const values: FormValues = {};
  for (const [name, spec] of Object.entries(family.fields)) {
    const value = record ? record[name] : spec.default;
    if (spec.kind === "boolean") values[name] = Boolean(value);
    else if (spec.kind === "list") values[name] = Array.isArray(value) ? value.join("\n") : "";
    else if (spec.unit === "GB" && typeof value === "number") values[name] = gigabytesText(value);
    else values[name] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}

/**
 * The inputs' text as the API's types: a blank input is "not sent" on creation (so a default applies, or the
 * required-field message shows) and "cleared" (null) on an edit; numbers are parsed; a list is one entry a line.
 * A size in GB is sent in bytes; left as the form showed it, the stored bytes go back unrounded.
 */
function typedValues(family: RecordFamily, values: FormValues, record: FamilyRecord | null): FamilyInput {
  const editing = record !== null;
  const typed: FamilyInput = {};
  for (const [name, spec] of Object.entries(family.fields)) {
    const raw = values[name];
    if (spec.kind === "boolean") {
      typed[name] = Boolean(raw);
      continue;
    }
    const text = typeof raw === "string" ? raw : "";
    if (spec.kind === "list") {
      typed[name] = text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
      continue;
    }
    if (text.trim() === "" && (isNumeric(spec) || spec.kind === "enum" || spec.kind === "money")) {
      if (editing) typed[name] = isNullable(spec) ? null : undefined;
      continue;
    }
    if (spec.unit === "GB") {
      const stored = record?.[name];
      typed[name] = typeof stored === "number" && text === gigabytesText(stored) ? stored : gigabytesToBytes(text);
      continue;
    }
    typed[name] = isNumeric(spec) ? Number(text) : text;
  }
  return typed;
}

type Props = {
  family: RecordFamily;
  /** The record to edit; null to create one. */
  record: FamilyRecord | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The create and edit form of any family, generated from its declaration and checked with the family's own zod schema. */
export function RecordFormDialog({ family, record, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const title = t(record ? "records.form.editTitle" : "records.form.addTitle", { family: familyLabel(t, family) });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid={`record-form-${family.key}`}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t("records.form.description")}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from the record (or the defaults) afresh. */}
        {open ? <RecordForm family={family} record={record} title={title} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RecordForm({ family, record, title, onDone }: { family: RecordFamily; record: FamilyRecord | null; title: string; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const save = useSaveRecord(family);
  const editing = record !== null;
  const fields = Object.entries(family.fields);
  const schema = useMemo(() => (editing ? updateSchemaOf(family) : createSchemaOf(family)), [editing, family]);

  // The family's own schema checks the form, so the browser and the API refuse the same values with the same messages.
  const resolver: Resolver<FormValues, unknown, FamilyInput> = async (values) => {
    const typed = typedValues(family, values, record);
    const parsed = schema.safeParse(typed);
    if (parsed.success) return { values: typed, errors: {} };
    const errors: FieldErrors<FormValues> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? fields[0]![0]);
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
  const form = useForm<FormValues, unknown, FamilyInput>({ resolver, defaultValues: formValuesOf(family, record) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: record?.id ?? null, values },
      {
        onSuccess: () => {
          toast({ title: t("common.success"), description: t(editing ? "records.form.updated" : "records.form.created") });
          onDone();
        },
        onError: (error) => {
          applyServerFieldErrors(
            error,
            form.setError,
            fields.map(([name]) => name),
          );
          toast({ variant: "destructive", title: t("records.form.failed"), description: message(apiErrorMessage(error, t("common.networkError"))) });
        },
      },
    ),
  );

  const control = (name: string, spec: FieldSpec): ReactNode => {
    const id = `record-${family.key}-${name}`;
    const label = `${fieldLabel(t, name)}${spec.unit ? ` (${spec.unit})` : ""}${spec.required ? " *" : ""}`;
    const error = message(errors[name]?.message);
    const wide = spec.kind === "longText" || spec.kind === "markdown" || spec.kind === "list";
    /** A field drawn by a component of its own, given react-hook-form's field (value, onChange, onBlur). */
    const controlled = (render: ControllerProps<FormValues>["render"]) => <Controller key={name} control={form.control} name={name} render={render} />;
    if (spec.kind === "enum") {
      return controlled(({ field }) => (
        <SelectField
          id={id}
          label={label}
          value={String(field.value ?? "")}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={t("records.form.choose")}
          noneLabel={isNullable(spec) ? t("records.form.none") : undefined}
          options={(spec.values ?? []).map((value) => ({ value, label: valueLabel(t, value) }))}
          error={error}
        />
      ));
    }
    if (spec.kind === "boolean") {
      return controlled(({ field }) => (
        <div className="flex items-center gap-2 self-end pb-2">
          <Checkbox id={id} checked={Boolean(field.value)} onCheckedChange={(checked) => field.onChange(checked === true)} />
          <Label htmlFor={id}>{fieldLabel(t, name)}</Label>
        </div>
      ));
    }
    const hint = spec.kind === "list" ? t("records.form.listHint") : spec.kind === "markdown" ? t("records.form.markdownHint") : undefined;
    const a11y = fieldA11yProps(id, error, hint);
    return (
      <div key={name} className={wide ? "sm:col-span-2" : undefined}>
        <FormField id={id} label={label} error={error} hint={hint}>
          {wide ? (
            <Textarea rows={spec.kind === "markdown" ? 8 : 3} {...a11y} {...form.register(name)} />
          ) : (
            <Input
              type={spec.kind === "date" ? "date" : spec.kind === "url" ? "url" : "text"}
              inputMode={isNumeric(spec) || spec.kind === "money" ? "decimal" : undefined}
              {...a11y}
              {...form.register(name)}
            />
          )}
        </FormField>
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={title}>
      <div className="grid gap-3 sm:grid-cols-2">{fields.map(([name, spec]) => control(name, spec))}</div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="record-save">
          {save.isPending ? t("records.form.saving") : t("records.form.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
