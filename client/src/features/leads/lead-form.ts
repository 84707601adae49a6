import type { z } from "zod";
import { leadFieldsSchema, leadPrioritySchema, leadStatusSchema } from "@contract/leads";

/** The Add Lead form's fields (spec §2 Leads), validated by the shared contract schema. */
export const leadFormSchema = leadFieldsSchema.pick({
  businessOwnerName: true,
  businessOwnerLastName: true,
  businessName: true,
  email: true,
  phoneNumber: true,
  yearsInBusiness: true,
  industry: true,
});
export type LeadFormInput = z.input<typeof leadFormSchema>;
export type LeadFormOutput = z.output<typeof leadFormSchema>;

/** Editing adds status and priority to the same fields and rules. */
export const leadEditFormSchema = leadFormSchema.extend({ status: leadStatusSchema, priority: leadPrioritySchema });
export type LeadEditFormInput = z.input<typeof leadEditFormSchema>;
export type LeadEditFormOutput = z.output<typeof leadEditFormSchema>;

export const LEAD_FORM_FIELDS = [
  "businessOwnerName",
  "businessOwnerLastName",
  "businessName",
  "email",
  "phoneNumber",
  "yearsInBusiness",
  "industry",
] as const satisfies readonly (keyof LeadFormInput)[];

/** What Edit Lead may change: the Add Lead fields, status and priority. */
export const LEAD_EDIT_FIELDS = [...LEAD_FORM_FIELDS, "status", "priority"] as const satisfies readonly (keyof LeadEditFormInput)[];

export const EMPTY_LEAD_FORM = {
  businessOwnerName: "",
  businessOwnerLastName: "",
  businessName: "",
  email: "",
  phoneNumber: "",
  yearsInBusiness: "",
  industry: "",
} satisfies LeadFormInput;
