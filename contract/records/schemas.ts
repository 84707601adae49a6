import { z } from "zod";
import { idParamsSchema, isoDate, isoDateTime, okSchema } from "../common";
import { defineEndpoint, defineEndpoints } from "../endpoint";
import { errorMessage } from "../error-message";
import { moneyInput, moneyOutput } from "../money";
import {
  INTEGER_LIMIT,
  isNullable,
  LIST_ENTRY_MAX,
  LIST_MAX_ENTRIES,
  NUMBER_LIMIT,
  RECORD_OFFSET_MAX,
  RECORD_PAGE_DEFAULT,
  RECORD_PAGE_MAX,
  sortableFields,
  TEXT_MAX,
  type FieldSpec,
  type RecordFamily,
} from "./family";

const textMax = (spec: FieldSpec) => spec.max ?? TEXT_MAX[spec.kind] ?? 200;

/*
 * The types of a declared family, derived from its declaration at the type level the way the functions below derive
 * its zod schemas at run time: each field's kind picks the zod schema its value answers with, and z.infer of the
 * record's schema is the record's type, with the declaration's literal field names and enum values. Renaming a field
 * in a declaration therefore fails the typecheck wherever the old name is read (records.types.test-d.ts proves it).
 * A family typed only as RecordFamily (the generic engine's) keeps plain string keys and unknown values.
 */

/** The zod schema a present value of a field answers with (outputSchema below). */
type KindSchema<S extends FieldSpec> = S["kind"] extends "integer" | "number" | "percent"
  ? z.ZodNumber
  : S["kind"] extends "boolean"
    ? z.ZodBoolean
    : S["kind"] extends "list"
      ? z.ZodArray<z.ZodString>
      : S["kind"] extends "enum"
        ? S["values"] extends readonly string[]
          ? z.ZodEnum<{ [V in S["values"][number]]: V }>
          : z.ZodString
        : z.ZodString;

/** isNullable at the type level: neither required nor defaulted. */
type IsNullable<S extends FieldSpec> = S extends { required: true } ? false : S extends { default: NonNullable<FieldSpec["default"]> } ? false : true;

/** A stored field's schema: null when it is optional and unset. */
export type FieldOutputSchema<S extends FieldSpec> = IsNullable<S> extends true ? z.ZodNullable<KindSchema<S>> : KindSchema<S>;

/** A field as a request sends it: money as a number or a decimal string, anything optional as null too. */
type KindInput<S extends FieldSpec> = S["kind"] extends "money" ? number | string : z.input<KindSchema<S>>;
type FieldInput<S extends FieldSpec> = IsNullable<S> extends true ? KindInput<S> | null : KindInput<S>;

/** Whether a family is a declared one (its field names known) or only typed as RecordFamily. */
type Declared<F extends RecordFamily> = string extends keyof F["fields"] ? false : true;

type FieldName<F extends RecordFamily> = keyof F["fields"] & string;
type SealShape<F extends RecordFamily> = F["seal"] extends { field: infer N extends string } ? { [K in N]: z.ZodNullable<z.ZodString> } : unknown;

/** The shape of a family's record schema (recordSchemaOf). */
export type RecordShape<F extends RecordFamily> =
  Declared<F> extends true
    ? { id: z.ZodNumber } & { -readonly [K in FieldName<F>]: FieldOutputSchema<F["fields"][K]> } & SealShape<F> & {
          createdBy: z.ZodNullable<z.ZodString>;
          createdAt: z.ZodString;
          updatedAt: z.ZodString;
        }
    : Record<string, z.ZodType>;

/** A stored record of family F as the API answers it: `FamilyRecord<typeof riskFamily>` has `risk`, `likelihood`... */
export type FamilyRecord<F extends RecordFamily = RecordFamily> =
  Declared<F> extends true
    ? z.infer<z.ZodObject<RecordShape<F>>>
    : { id: number; createdBy: string | null; createdAt: string; updatedAt: string } & Record<string, unknown>;

/** What creating a record of family F sends: required fields, and any other field (null clears an optional one). */
export type FamilyInput<F extends RecordFamily = RecordFamily> =
  Declared<F> extends true
    ? { [K in FieldName<F> as F["fields"][K] extends { required: true } ? K : never]: FieldInput<F["fields"][K]> } & {
        [K in FieldName<F> as F["fields"][K] extends { required: true } ? never : K]?: FieldInput<F["fields"][K]>;
      }
    : Record<string, unknown>;

/** A change to a record of family F: only the fields sent change. */
export type FamilyPatch<F extends RecordFamily = RecordFamily> = Declared<F> extends true ? Partial<FamilyInput<F>> : Record<string, unknown>;

/** A family's analytics, as its declaration's schema says (the list answers them beside its rows). */
export type FamilyAnalytics<F extends RecordFamily> = z.infer<F["analytics"]>;

/** The list endpoint's answer for family F: its rows under the family's list key, the total and the analytics. */
export type ListReplyShape<F extends RecordFamily> =
  Declared<F> extends true
    ? { [K in F["listKey"]]: z.ZodArray<z.ZodObject<RecordShape<F>>> } & { total: z.ZodNumber; analytics: F["analytics"] }
    : Record<string, z.ZodType>;

/** The list endpoint's answer for family F, as the server sends it and the client reads it. */
export type FamilyListReply<F extends RecordFamily = RecordFamily> = z.output<z.ZodObject<ListReplyShape<F>>>;

const httpUrl = (spec: FieldSpec) =>
  z
    .string()
    .trim()
    .max(textMax(spec))
    .pipe(z.url({ protocol: /^https?$/, error: errorMessage("field.invalid_url") }));

/** A present value of a field: what the request must send when it sends anything but null. */
function valueSchema(name: string, spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case "text":
    case "longText":
    case "markdown":
      return z.string().trim().min(1).max(textMax(spec));
    case "url":
      return httpUrl(spec);
    case "date":
      return isoDate(name);
    case "enum":
      // A missing choice reads "This field is required", like any other missing field; a wrong one lists the options.
      return z.enum(spec.values as [string, ...string[]], { error: (issue) => (issue.input === undefined ? errorMessage("field.required") : undefined) });
    case "integer":
      return z.number().int().min(spec.min ?? 0).max(spec.max ?? INTEGER_LIMIT);
    case "number":
      return z.number().min(spec.min ?? -NUMBER_LIMIT).max(spec.max ?? NUMBER_LIMIT);
    case "percent":
      return z.number().min(spec.min ?? 0).max(spec.max ?? 100);
    case "money":
      return moneyInput(errorMessage("field.required"));
    case "boolean":
      return z.boolean();
    case "list":
      return z.array(z.string().trim().min(1).max(spec.max ?? LIST_ENTRY_MAX)).max(LIST_MAX_ENTRIES);
  }
}

/**
 * An optional field's schema: null clears it, and for texts, days and addresses a blank value means "none" too, so
 * "nothing" is stored one way (written as a union so the API document shows the value's own pattern).
 */
function clearableSchema(name: string, spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case "text":
    case "longText":
    case "markdown":
      return z
        .string()
        .trim()
        .max(textMax(spec))
        .nullable()
        .transform((v) => v || null);
    case "date":
    case "url":
      return z.union([valueSchema(name, spec), z.literal(""), z.null()]).transform((v) => v || null);
    default:
      return valueSchema(name, spec).nullable();
  }
}

/** What a stored field answers: money as a decimal string, an optional field as null when unset. */
function outputSchema(spec: FieldSpec): z.ZodType {
  const base = (() => {
    switch (spec.kind) {
      case "integer":
      case "number":
      case "percent":
        return z.number();
      case "money":
        return moneyOutput;
      case "boolean":
        return z.boolean();
      case "list":
        return z.array(z.string());
      case "enum":
        return z.enum(spec.values as [string, ...string[]]);
      case "date":
        return z.string().describe("YYYY-MM-DD");
      default:
        return z.string();
    }
  })();
  return isNullable(spec) ? base.nullable() : base;
}

const fieldEntries = (family: RecordFamily) => Object.entries(family.fields);

/** A new record: required fields must be sent; a field with a default gets it when unsent; others start null. */
export function createSchemaOf(family: RecordFamily) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, spec] of fieldEntries(family)) {
    if (spec.required) shape[name] = valueSchema(name, spec);
    else if (spec.default !== undefined) shape[name] = valueSchema(name, spec).default(spec.default as never);
    else shape[name] = clearableSchema(name, spec).optional();
  }
  return z.object(shape);
}

/** A partial update: only the fields sent change; null clears an optional field; a required one cannot be cleared. */
export function updateSchemaOf(family: RecordFamily) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, spec] of fieldEntries(family)) {
    shape[name] = (isNullable(spec) ? clearableSchema(name, spec) : valueSchema(name, spec)).optional();
  }
  return z.object(shape).superRefine((patch, ctx) => {
    if (Object.values(patch).every((v) => v === undefined)) ctx.addIssue({ code: "custom", message: errorMessage("request.empty_update") });
  });
}

/** One stored record as the API answers it. */
export function recordSchemaOf<F extends RecordFamily>(family: F): z.ZodObject<RecordShape<F>>;
export function recordSchemaOf(family: RecordFamily): z.ZodObject<Record<string, z.ZodType>> {
  const shape: Record<string, z.ZodType> = { id: z.number().int() };
  for (const [name, spec] of fieldEntries(family)) shape[name] = outputSchema(spec);
  if (family.seal) {
    shape[family.seal.field] = z
      .string()
      .nullable()
      .describe("SHA-256 (hex) over the record's canonical content and its predecessor's seal, set by the server; null only for a row written behind the API's back");
  }
  shape.createdBy = z.string().nullable().describe("Who created it (their name); null once their account is deleted");
  shape.createdAt = isoDateTime;
  shape.updatedAt = isoDateTime;
  return z.object(shape);
}

/** The orders a list is sorted in (`?direction=`). */
export const sortDirections = ["asc", "desc"] as const;
export type SortDirection = (typeof sortDirections)[number];

/**
 * The list's query: a page (limit, offset), a sort over one of the family's sortable fields (sort, direction), a
 * search over the title field, and each filterable enum.
 */
export function listQuerySchemaOf(family: RecordFamily) {
  const sortable = sortableFields(family);
  const shape: Record<string, z.ZodType> = {
    limit: z.coerce.number().int().min(1).max(RECORD_PAGE_MAX).default(RECORD_PAGE_DEFAULT),
    offset: z.coerce.number().int().min(0).max(RECORD_OFFSET_MAX).default(0),
    q: z.string().trim().max(200).optional().describe(`Words in the ${family.titleField}`),
  };
  if (sortable.length > 0) {
    shape.sort = z
      .enum(sortable as [string, ...string[]])
      .optional()
      .describe(
        "The field the records are sorted by (texts ignore case, enums follow their declared order); records without a value come last in both directions, and id breaks ties. Without it the family's own order applies",
      );
    shape.direction = z.enum(sortDirections).optional().describe("asc (the default when sort is given) or desc; ignored without sort");
  }
  for (const [name, spec] of fieldEntries(family)) {
    if (spec.kind === "enum" && spec.filter) shape[name] = z.enum(spec.values as [string, ...string[]]).optional();
  }
  return z.object(shape);
}

export function listReplySchemaOf<F extends RecordFamily>(family: F): z.ZodObject<ListReplyShape<F>>;
export function listReplySchemaOf(family: RecordFamily): z.ZodObject<Record<string, z.ZodType>> {
  return z.object({
    [family.listKey]: z.array(recordSchemaOf(family)),
    total: z.number().int().describe("How many records match the filters in all (not only this page)"),
    analytics: family.analytics,
  });
}

function buildEndpoints<F extends RecordFamily>(family: F) {
  const tags = [family.tag];
  const record = recordSchemaOf(family);
  const { noun, path } = family;
  return {
    list: defineEndpoint({
      method: "GET",
      permission: "crm.read",
      path,
      query: listQuerySchemaOf(family),
      reply: listReplySchemaOf(family),
      errors: [400],
      tags,
      summary: `A page of ${noun} records with the family's analytics`,
      description: `Answers { ${family.listKey}, total, analytics }; the analytics cover every ${noun} record, not only the page.`,
    }),
    get: defineEndpoint({ method: "GET", permission: "crm.read", path: `${path}/:id`, params: idParamsSchema, reply: record, errors: [404], tags, summary: `One ${noun} record` }),
    create: defineEndpoint({
      method: "POST",
      permission: "records.write",
      path,
      body: createSchemaOf(family),
      reply: record,
      status: 201,
      errors: [400],
      tags,
      summary: `Create a ${noun} record`,
    }),
    update: defineEndpoint({
      method: "PUT",
      permission: "records.write",
      path: `${path}/:id`,
      params: idParamsSchema,
      body: updateSchemaOf(family),
      reply: record,
      errors: [400, 404],
      tags,
      summary: `Change a ${noun} record: only the fields sent change`,
    }),
    remove: defineEndpoint({
      method: "DELETE",
      permission: "records.write",
      path: `${path}/:id`,
      params: idParamsSchema,
      reply: okSchema,
      errors: [404],
      tags,
      summary: `Delete a ${noun} record`,
    }),
  };
}

export type FamilyEndpoints<F extends RecordFamily = RecordFamily> = ReturnType<typeof buildEndpoints<F>>;

const built = new Map<string, FamilyEndpoints>();

/**
 * The five endpoints of a family, built once from its declaration (the server and the client share the objects),
 * typed from the declaration: the list of `riskFamily` answers `{ risks: FamilyRecord<typeof riskFamily>[], ... }`.
 */
export function endpointsOf<F extends RecordFamily>(family: F): FamilyEndpoints<F>;
export function endpointsOf(family: RecordFamily): FamilyEndpoints {
  let endpoints = built.get(family.key);
  if (!endpoints) {
    // operationIds "records.<family>.<operation>": records.risk.list, records.legacyPlan.update...
    endpoints = defineEndpoints(`records.${family.key}`, buildEndpoints(family));
    built.set(family.key, endpoints);
  }
  return endpoints;
}
