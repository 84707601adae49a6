import type { z } from "zod";
import { emptyForm, fieldNames, formFieldNames, formValuesOf, maskOf } from "@contract/declared-fields";
import { leadFields, leadFieldsSchema, type Lead, type LeadSummary } from "@contract/leads";
import { leadFieldGroups, type LeadFieldGroup, type LeadFieldName } from "@contract/lead-fields";

/*
 * The lead forms' fields, rules and empty values, all from the fields' declaration (contract/lead-fields.ts): which
 * form shows a field, in what order, and how, is declared with the field.
 */

/** The Add Lead form's fields (spec §2 Leads), validated by the shared contract schema. */
export const LEAD_FORM_FIELDS = formFieldNames(leadFields, "add");
export const leadFormSchema = leadFieldsSchema.pick(maskOf(LEAD_FORM_FIELDS));
export type LeadFormInput = z.input<typeof leadFormSchema>;
export type LeadFormOutput = z.output<typeof leadFormSchema>;

/** The public /join form's fields: the Add Lead fields. */
export const JOIN_FORM_FIELDS = formFieldNames(leadFields, "join");

/**
 * What Edit Lead may change (the Add Lead fields, status, priority, assignee, source and tags), with the contract's
 * own rules and limits (a blank assignee or source is none). The dialog always holds a value for each.
 */
export const LEAD_EDIT_FIELDS = formFieldNames(leadFields, "edit");

/**
 * The assignee's stored text, held (without an input) beside assigneeId by a form that edits the assignee: a lead
 * whose text matched no member of staff keeps it until someone is chosen, and choosing "Unassigned" clears it
 * (assigneeId is already empty then, so only clearing the text changes the lead).
 */
export const ASSIGNEE_TEXT = "assignedTo" as const;
/** The fields a form holds and sends: its inputs' fields, with the assignee's text when it edits the assignee. */
export function withAssigneeText<F extends LeadEditField>(fields: readonly F[]): readonly (F | typeof ASSIGNEE_TEXT)[] {
  return (fields as readonly string[]).includes("assigneeId") ? [...fields, ASSIGNEE_TEXT] : fields;
}

/** What the Edit Lead dialog holds and sends (LEAD_EDIT_FIELDS and the assignee's text). */
export const LEAD_EDIT_HELD = withAssigneeText(LEAD_EDIT_FIELDS);
export const leadEditFormSchema = leadFieldsSchema.pick(maskOf(LEAD_EDIT_HELD)).required();
export type LeadEditFormInput = z.input<typeof leadEditFormSchema>;
export type LeadEditFormOutput = z.output<typeof leadEditFormSchema>;

export type LeadFormField = (typeof LEAD_EDIT_FIELDS | typeof LEAD_FORM_FIELDS | typeof JOIN_FORM_FIELDS)[number];
/** Any field a lead form holds: its inputs' and the assignee's text. */
export type LeadHeldField = LeadFormField | typeof ASSIGNEE_TEXT;
/** The values of any lead form, as its inputs hold them. */
export type LeadFormValues = Pick<z.input<typeof leadFieldsSchema>, LeadHeldField>;

/** Why a lead field cannot take `next` (a tag too long, too many tags), as a validation message; undefined when it can. */
export function leadFieldProblem(field: LeadFormField, next: unknown): string | undefined {
  const checked = leadFields[field].type.write.safeParse(next);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

export const EMPTY_LEAD_FORM = emptyForm(leadFields, LEAD_FORM_FIELDS);
export const EMPTY_JOIN_FORM = emptyForm(leadFields, JOIN_FORM_FIELDS);

/** Edit Lead's values for a lead (a row of the list holds every field the dialog edits). */
export const leadEditFormValues = (lead: LeadSummary): LeadEditFormInput => formValuesOf(leadFields, LEAD_EDIT_HELD, lead);

/** Edit Lead's fields as the lead's page edits them: one group at a time. */
export type LeadEditField = (typeof LEAD_EDIT_FIELDS)[number];

/**
 * The lead page's groups (contract/lead-fields.ts: each field names its group), in their order, each with the fields
 * it shows (in declaration order) and those of them Edit Lead may change, which its Edit opens in place.
 */
export const LEAD_PAGE_GROUPS = leadFieldGroups.map((group: LeadFieldGroup) => {
  const shown: LeadFieldName[] = fieldNames(leadFields).filter((name) => (leadFields[name] as { group?: LeadFieldGroup }).group === group);
  const editable = LEAD_EDIT_FIELDS.filter((name) => shown.includes(name));
  return { group, shown, editable };
});

/** The form of one group's Edit: its editable fields (and the assignee's text with the assignee) with Edit Lead's rules. */
export const leadGroupFormSchema = (fields: readonly LeadEditField[]) => leadFieldsSchema.pick(maskOf(withAssigneeText(fields))).required();

/** A group's form values for a stored lead. */
export const leadGroupFormValues = (lead: Lead, fields: readonly LeadEditField[]) => formValuesOf(leadFields, withAssigneeText(fields), lead);
