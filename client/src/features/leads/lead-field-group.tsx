import { useId, useState } from "react";
import { Pencil } from "lucide-react";
import type { TFunction } from "i18next";
import { FormProvider } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { LeadFieldName } from "@contract/lead-fields";
import { leadFields, type Lead } from "@contract/leads";
import { useDirtyFieldsForm } from "@/components/dirty-fields-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { RefusedButton } from "@/components/refused-button";
import { stageLabel } from "@/lib/labels";
import { LEAD_PAGE_GROUPS, leadGroupFormSchema, leadGroupFormValues, withAssigneeText, type LeadEditField } from "./lead-form";
import { LeadInputs } from "./lead-inputs";
import { leadOptions } from "./lead-labels";
import { useUpdateLead } from "./lead-queries";

type LeadPageGroup = (typeof LEAD_PAGE_GROUPS)[number];

type LeadFieldGroupCardProps = {
  lead: Lead;
  group: LeadPageGroup;
  /** Whether the signed-in role may change a lead (undefined while the session loads). */
  mayWrite: boolean | undefined;
};

/**
 * One group of the lead's fields: their values, and, for a group with fields Edit Lead may change, an Edit that opens
 * those fields' inputs in place (Save sends only what changed; the server's messages show beside their fields).
 */
export function LeadFieldGroupCard({ lead, group, mayWrite }: LeadFieldGroupCardProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const title = t(`leadPage.groups.${group.group}`);
  const headingId = useId();
  const shownReadOnly = editing ? group.shown.filter((name) => !(group.editable as readonly string[]).includes(name)) : group.shown;

  return (
    <Card aria-labelledby={headingId} role="region" data-testid={`lead-group-${group.group}`}>
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle id={headingId} className="text-base">
          {title}
        </CardTitle>
        {group.editable.length > 0 && !editing ? <EditButton title={title} mayWrite={mayWrite} onEdit={() => setEditing(true)} /> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {editing ? <LeadGroupForm lead={lead} group={group} title={title} onDone={() => setEditing(false)} /> : null}
        {shownReadOnly.length > 0 ? <FieldValues lead={lead} names={shownReadOnly} /> : null}
      </CardContent>
    </Card>
  );
}

/** Edit, or, for a role that may not change leads, the same button disabled with the reason as its description. */
function EditButton({ title, mayWrite, onEdit }: { title: string; mayWrite: boolean | undefined; onEdit: () => void }) {
  const { t } = useTranslation();
  const label = t("leadPage.editGroup", { group: title });
  if (mayWrite) {
    return (
      <Button variant="outline" size="sm" aria-label={label} onClick={onEdit} data-testid="lead-group-edit">
        <Pencil aria-hidden="true" />
        {t("leadPage.edit")}
      </Button>
    );
  }
  return (
    <RefusedButton reason={t("leadPage.notAllowed")} aria-label={label} data-testid="lead-group-edit">
      <Pencil aria-hidden="true" />
      {t("leadPage.edit")}
    </RefusedButton>
  );
}

function LeadGroupForm({ lead, group, title, onDone }: { lead: Lead; group: LeadPageGroup; title: string; onDone: () => void }) {
  const { t } = useTranslation();
  const updateLead = useUpdateLead();
  const fields: readonly LeadEditField[] = group.editable;
  const { form, onSubmit, isDirty, isSubmitting } = useDirtyFieldsForm({
    schema: leadGroupFormSchema(fields),
    defaultValues: leadGroupFormValues(lead, fields),
    fields: withAssigneeText(fields),
    save: (changes) => updateLead.mutateAsync({ id: lead.id, changes }),
    messages: { successTitle: t("leadPage.savedTitle"), success: t("leadPage.saved", { group: title, name: lead.businessName }), failed: t("leadPage.saveFailed") },
    onDone,
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-3" data-testid="lead-group-form">
        <LeadInputs idPrefix={`lead-page-${group.group}`} fields={fields} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? t("leadPage.saving") : t("leadPage.save")}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** How a value of a few fields reads beyond its declaration's choices: the default stage in the reader's language. */
const valueLabels: Partial<Record<LeadFieldName, (t: TFunction, value: string) => string>> = { pipelineStage: stageLabel };

function FieldValues({ lead, names }: { lead: Lead; names: readonly LeadFieldName[] }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {names.map((name) => {
        const field = leadFields[name];
        return (
          <div key={name} className="grid min-w-0 gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">{"label" in field ? t(field.label) : name}</dt>
            <dd className="min-w-0 text-sm break-words" data-testid={`lead-field-${name}`}>
              {name === "assigneeId" ? <AssigneeValue lead={lead} /> : <FieldValue name={name} value={lead[name]} />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * Who works the lead, by name (assignedTo holds the assignee's name), and a stored name that matched no member of
 * staff marked as such.
 */
function AssigneeValue({ lead }: { lead: Pick<Lead, "assigneeId" | "assignedTo"> }) {
  const { t } = useTranslation();
  if (!lead.assignedTo) return <span className="text-muted-foreground">{t("leads.fields.unassigned")}</span>;
  if (lead.assigneeId !== null) return <>{lead.assignedTo}</>;
  return (
    <>
      {lead.assignedTo} <span className="text-muted-foreground">{t("leads.fields.notStaffNote")}</span>
    </>
  );
}

/** A stored value as a person reads it: a choice by its label, yes or no, a list as chips, custom fields by name. */
export function FieldValue({ name, value }: { name: LeadFieldName; value: unknown }) {
  const { t } = useTranslation();
  const empty = <span className="text-muted-foreground">{t("leadPage.empty")}</span>;
  if (value === null || value === undefined || value === "") return empty;
  if (typeof value === "boolean") return <>{value ? t("leadPage.yes") : t("leadPage.no")}</>;
  if (Array.isArray(value)) {
    if (value.length === 0) return empty;
    return (
      <span className="flex flex-wrap gap-1">
        {value.map((item, index) => (
          <Badge key={index} variant="secondary" className="max-w-full truncate">
            {typeof item === "string" ? item : JSON.stringify(item)}
          </Badge>
        ))}
      </span>
    );
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return <span className="text-muted-foreground">{t("leadPage.noCustomFields")}</span>;
    return (
      <span className="grid gap-0.5">
        {entries.map(([key, item]) => (
          <span key={key}>
            <span className="font-medium">{key}</span>: {typeof item === "string" ? item : JSON.stringify(item)}
          </span>
        ))}
      </span>
    );
  }
  const text = String(value);
  const field = leadFields[name];
  const input = "form" in field ? field.form.input : undefined;
  if (input?.control === "select") return <>{leadOptions(t, input.options).find((option) => option.value === text)?.label ?? text}</>;
  const label = valueLabels[name];
  return <>{label ? label(t, text) : text}</>;
}
