// @vitest-environment node
import { describe, expect, it } from "vitest";
import { LEAD_SUMMARY_FIELDS, type LeadSummary } from "@contract/leads";
import {
  EMPTY_JOIN_FORM,
  EMPTY_LEAD_FORM,
  JOIN_FORM_FIELDS,
  LEAD_EDIT_FIELDS,
  LEAD_FORM_FIELDS,
  LEAD_PAGE_GROUPS,
  leadEditFormSchema,
  leadGroupFormSchema,
  leadEditFormValues,
  leadFieldProblem,
  leadFormSchema,
} from "./lead-form";

/*
 * The lead forms as the fields' declaration (contract/lead-fields.ts) draws them. The fields named here are those of
 * today's screens; a field declared on a form later joins them without these tests changing.
 */

const addLeadFields = ["businessOwnerName", "businessOwnerLastName", "businessName", "email", "phoneNumber", "yearsInBusiness", "industry"];
const editOnlyFields = ["status", "priority", "assigneeId", "leadSource", "tags"];
/** The fields of `shown` that are among `named`, in the order shown. */
const among = (shown: readonly string[], named: readonly string[]) => shown.filter((field) => named.includes(field));

/** A row of the lead list with these values, any other summary field empty. */
function summaryRow(values: Partial<LeadSummary>): LeadSummary {
  const empty = Object.fromEntries<unknown>(LEAD_SUMMARY_FIELDS.map((name) => [name, null])) as LeadSummary;
  return { ...empty, ...values };
}

describe("the lead forms", () => {
  it("show the Add Lead fields on Add Lead and /join, and Edit Lead adds status, priority, assignee, source and tags", () => {
    expect(among(LEAD_FORM_FIELDS, [...addLeadFields, ...editOnlyFields])).toEqual(addLeadFields);
    expect(among(JOIN_FORM_FIELDS, [...addLeadFields, ...editOnlyFields])).toEqual(addLeadFields);
    expect(among(LEAD_EDIT_FIELDS, [...addLeadFields, ...editOnlyFields])).toEqual([...addLeadFields, ...editOnlyFields]);
  });

  it("start empty", () => {
    const empty = Object.fromEntries(addLeadFields.map((name) => [name, ""]));
    expect(EMPTY_LEAD_FORM).toMatchObject(empty);
    expect(EMPTY_JOIN_FORM).toMatchObject(empty);
  });

  it("validate with the contract's rules and messages: blank names refused, blank optional fields none", () => {
    const issues = leadFormSchema.safeParse(EMPTY_LEAD_FORM).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ["businessOwnerName", "lead.first_name_required"],
        ["businessOwnerLastName", "lead.last_name_required"],
        ["businessName", "lead.business_name_required"],
        ["email", "field.email_required"],
      ]),
    );
    const filled = { ...EMPTY_LEAD_FORM, businessOwnerName: "Ada", businessOwnerLastName: "Lovelace", businessName: "Engines", email: "ada@example.com" };
    expect(leadFormSchema.parse(filled)).toMatchObject({ phoneNumber: null, yearsInBusiness: null, industry: null });
  });

  it("open Edit Lead with a lead's values, empty ones blank and its tags a copy", () => {
    const lead = summaryRow({
      id: 7,
      businessOwnerName: "Ada",
      businessOwnerLastName: "Lovelace",
      businessName: "Engines",
      email: "ada@example.com",
      phoneNumber: null,
      yearsInBusiness: "2-5",
      industry: null,
      status: "contacted",
      priority: "high",
      pipelineStage: "New",
      assigneeId: null,
      assignedTo: "Someone from the old CRM",
      leadSource: "Trade fair",
      tags: ["vip"],
      createdAt: "2026-01-02T03:04:05.000Z",
    });
    const values = leadEditFormValues(lead);
    expect(values).toMatchObject({
      businessOwnerName: "Ada",
      businessOwnerLastName: "Lovelace",
      businessName: "Engines",
      email: "ada@example.com",
      phoneNumber: "",
      yearsInBusiness: "2-5",
      industry: "",
      status: "contacted",
      priority: "high",
      assigneeId: null,
      // A stored name that matched nobody is held beside the assignee, so the dialog can show it and keep it.
      assignedTo: "Someone from the old CRM",
      leadSource: "Trade fair",
      tags: ["vip"],
    });
    expect(values.tags).not.toBe(lead.tags);
    expect(leadEditFormSchema.parse({ ...values, assignedTo: "" })).toMatchObject({ phoneNumber: null, industry: null, assigneeId: null, assignedTo: null, tags: ["vip"] });
  });

  it("say why tags cannot be added, with the contract's limits", () => {
    expect(leadFieldProblem("tags", ["ok"])).toBeUndefined();
    expect(leadFieldProblem("tags", ["x".repeat(51)])).toBe('field.too_long|{"max":50}');
    expect(leadFieldProblem("tags", Array.from({ length: 51 }, (_, i) => `t${i}`))).toMatch(/^field\./);
  });
});

describe("the lead page's groups", () => {
  it("are the declared groups in order, each showing its fields, and edit in place everything Edit Lead edits", () => {
    expect(LEAD_PAGE_GROUPS.map(({ group }) => group)).toEqual(["contact", "business", "source", "work", "tags", "quiz"]);
    expect(LEAD_PAGE_GROUPS.every(({ shown }) => shown.length > 0)).toBe(true);
    expect(LEAD_PAGE_GROUPS.find(({ group }) => group === "contact")?.shown).toEqual(["businessOwnerName", "businessOwnerLastName", "email", "phoneNumber"]);
    expect(LEAD_PAGE_GROUPS.flatMap(({ editable }) => editable).sort()).toEqual([...LEAD_EDIT_FIELDS].sort());
    // The quiz's answers are shown, not edited here.
    expect(LEAD_PAGE_GROUPS.find(({ group }) => group === "quiz")?.editable).toEqual([]);
  });

  it("check a group's fields with Edit Lead's rules", () => {
    const contact = LEAD_PAGE_GROUPS.find(({ group }) => group === "contact")!.editable;
    const schema = leadGroupFormSchema(contact);
    expect(schema.safeParse({ businessOwnerName: "Ana", businessOwnerLastName: "Ruiz", email: "ana@ruiz.test", phoneNumber: "" }).success).toBe(true);
    const refused = schema.safeParse({ businessOwnerName: "Ana", businessOwnerLastName: "Ruiz", email: "not an email", phoneNumber: "call me" });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.path.join(".")).sort()).toEqual(["email", "phoneNumber"]);
  });
});
