import { englishErrorMessage } from "@contract/error-codes";
import { errorMessage, parseErrorMessage } from "@contract/error-message";
import { importNames } from "@contract/declared-fields";
import { leadFields, leadFieldsSchema, type LeadFieldName, type LeadInput } from "@contract/leads";
import { migrationTargets, type MigrationTarget } from "@contract/migration";
import { moneyInput } from "@contract/money";
import { unguardFormula } from "../../lib/formula-guard";

/** A header as compared: lower case, letters and digits only ("Business Name", "business_name" and "businessName" agree). */
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The stated format's own columns (not lead fields as such) and the names people commonly give them; every lead field
 * is read under its own name, its export header and the names contract/lead-fields.ts gives it (snake_case column
 * names of the database read the same once folded).
 */
const formatAliases: Record<string, "name" | "revenue"> = {
  name: "name",
  fullname: "name",
  contact: "name",
  contactname: "name",
  owner: "name",
  ownername: "name",
  revenue: "revenue",
  ytdrevenue: "revenue",
};
const headerAliases = new Map<string, MigrationTarget>([...Object.entries(formatAliases), ...importNames(leadFields, headerKey)]);

/** The target each header most likely means; a target is given to its first column only. */
export function detectMapping(headers: readonly string[]): (MigrationTarget | null)[] {
  const taken = new Set<MigrationTarget>();
  return headers.map((header) => {
    const target = headerAliases.get(headerKey(header)) ?? null;
    if (target === null || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
}

/** A stored mapping read back: anything that is no longer a target is not imported. */
export const asTargets = (mapping: readonly (string | null)[]): (MigrationTarget | null)[] =>
  mapping.map((target) => ((migrationTargets as readonly string[]).includes(target ?? "") ? (target as MigrationTarget) : null));

const TRUE_WORDS = new Set(["true", "yes", "y", "1", "si", "sí"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);

/** One failure of one row, as the error report lists it. */
export interface RowError {
  rowNumber: number;
  field: string | null;
  code: string;
  message: string;
  /** The existing lead the row matched: by email when it was skipped, by phone when it is a likely duplicate. */
  leadId?: number;
  /** A likely duplicate's own new lead. */
  importedLeadId?: number;
}

/** A row that passed validation: the lead's fields and, when the file gave one, its year-to-date revenue. */
export interface ValidRow {
  rowNumber: number;
  /** lower(email): how duplicates are found. */
  emailKey: string;
  /**
   * The fields the row gave a value for, validated (the required ones among them): what a new lead is created with,
   * the table's column defaults (the form's) filling the rest, and what an existing lead is updated with.
   */
  lead: Partial<LeadInput> & Pick<LeadInput, "email">;
  revenue: string | null;
}

const rowError = (rowNumber: number, field: string | null, coded: string): RowError => {
  const parsed = parseErrorMessage(coded);
  return { rowNumber, field, code: parsed?.code ?? "field.invalid", message: englishErrorMessage(coded) };
};

const revenueSchema = moneyInput(errorMessage("field.invalid_number"));

/** "$1,250.50", "1.250,50 €" and "1250.5" as the decimal the KPI record takes ("1250.50"-style), or the text as it was. */
function normaliseAmount(text: string): string {
  const bare = text.replace(/[\s$€£¥]/g, "");
  const lastComma = bare.lastIndexOf(",");
  const lastDot = bare.lastIndexOf(".");
  if (lastComma > lastDot) {
    // 1.250,50 or 1250,5: the comma is the decimal point when one or two digits follow it.
    return /,\d{1,2}$/.test(bare) ? bare.replace(/\./g, "").replace(",", ".") : bare.replace(/,/g, "");
  }
  return bare.replace(/,/g, "");
}

/** One cell's text as the value its lead field takes (as the field's declared cell holds it), or a coded error message. */
function cellValue(target: LeadFieldName, text: string): { value: unknown } | { error: string } {
  switch (leadFields[target].type.cell) {
    case "boolean": {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { error: errorMessage("migration.invalid_boolean") };
    }
    case "list":
      return { value: text.split(/[|;]/).map((item) => item.trim()).filter(Boolean) };
    case "json":
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { error: errorMessage("migration.invalid_json") };
      }
    case "text":
      return { value: text };
    case "id":
      // A record's id as another system wrote it: digits only (the schema then checks its range).
      return /^\d{1,10}$/.test(text) ? { value: Number(text) } : { error: errorMessage("field.invalid_id") };
  }
}

/**
 * One CSV record through the mapping and the Add Lead validation (the contract's lead schema). A blank cell gives no
 * value: a new lead takes the field's default, an updated one keeps what it had.
 */
export function validateRow(record: readonly string[], mapping: readonly (MigrationTarget | null)[], rowNumber: number): ValidRow | RowError[] {
  const given: Record<string, unknown> = {};
  const errors: RowError[] = [];
  let revenue: string | null = null;
  mapping.forEach((target, column) => {
    // A file the app exported reads back as it was: the apostrophes its formula guard added are taken off.
    const text = unguardFormula(record[column] ?? "").trim();
    if (target === null || text === "") return;
    if (target === "revenue") {
      const parsed = revenueSchema.safeParse(normaliseAmount(text));
      if (parsed.success) revenue = parsed.data;
      else errors.push(rowError(rowNumber, "revenue", parsed.error.issues[0]!.message));
      return;
    }
    if (target === "name") {
      const split = text.lastIndexOf(" ");
      if (split === -1) {
        errors.push(rowError(rowNumber, "name", errorMessage("migration.one_word_name")));
        return;
      }
      given.businessOwnerName ??= text.slice(0, split).trim();
      given.businessOwnerLastName ??= text.slice(split + 1);
      return;
    }
    const value = cellValue(target, text);
    if ("error" in value) errors.push(rowError(rowNumber, target, value.error));
    else given[target] = value.value;
  });
  const parsed = validateLeadFields(given);
  if ("issues" in parsed) {
    for (const issue of parsed.issues) {
      // A name given as one column is reported under that column.
      const reported = mapping.includes("name") && (issue.field === "businessOwnerName" || issue.field === "businessOwnerLastName") ? "name" : issue.field;
      if (!errors.some((e) => e.field === reported)) errors.push(rowError(rowNumber, reported, issue.message));
    }
  }
  if (errors.length > 0 || "issues" in parsed) return errors;
  return { rowNumber, emailKey: parsed.lead.email.toLowerCase(), lead: parsed.lead, revenue };
}

const fieldSchemas = leadFieldsSchema.shape;
type LeadField = keyof typeof fieldSchemas;
const fieldsInOrder = Object.keys(fieldSchemas) as LeadField[];
/** The fields a lead cannot be without: checked on every row, given or not. */
const requiredFields = new Set(fieldsInOrder.filter((field) => !fieldSchemas[field].safeParse(undefined).success));

/**
 * The Add Lead validation (leadInputSchema) field by field: each field the row gives, and each required one, through
 * the contract's own schema for it. The same rules and messages as parsing the whole object, at a
 * fraction of the cost for a file that fills six of thirty fields (a million rows spent half a minute in the
 * object's parse); the first problem of each field, in the form's order.
 */
function validateLeadFields(given: Record<string, unknown>): { lead: ValidRow["lead"] } | { issues: { field: string; message: string }[] } {
  const sent: Record<string, unknown> = {};
  const issues: { field: string; message: string }[] = [];
  for (const field of fieldsInOrder) {
    if (!(field in given) && !requiredFields.has(field)) continue;
    const parsed = fieldSchemas[field].safeParse(given[field]);
    if (!parsed.success) issues.push({ field, message: parsed.error.issues[0]!.message });
    else if (parsed.data !== undefined) sent[field] = parsed.data;
  }
  // No defaults added: the insert writes only the fields rows give, and a lead built with thirty defaults a row was the
  // largest cost of validating a million of them.
  return issues.length > 0 ? { issues } : { lead: sent as ValidRow["lead"] };
}
