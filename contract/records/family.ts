import type { z } from "zod";

/**
 * A long-term record family, declared once as data. Storage (one table with a real column per field), validation,
 * the CRUD routes and their OpenAPI entries, audit rows, the create/edit form and the list all come from this
 * declaration; only the family's analytics (SQL, on the server) are written by hand. See
 * server/src/modules/records/README.md for how to add one.
 */

/**
 * What a field holds, which decides its column, its validation and its form control:
 * - text: one line (varchar, default at most 200 characters); longText: paragraphs (text, 5,000); markdown: a
 *   Markdown document (text, 50,000), shown rendered without raw HTML;
 * - date: a calendar day (YYYY-MM-DD); enum: one of `values`; url: an http(s) address;
 * - integer / number: a whole / any finite number within min..max; percent: 0 to 100 unless min/max say otherwise;
 * - money: a decimal string with at most 2 decimals (numeric(14,2));
 * - boolean: yes or no; list: a JSON list of short texts (jsonb).
 */
export const fieldKinds = ["text", "longText", "markdown", "date", "enum", "url", "integer", "number", "percent", "money", "boolean", "list"] as const;
export type FieldKind = (typeof fieldKinds)[number];

export interface FieldSpec {
  kind: FieldKind;
  /** A required field must be sent on creation and can never be cleared; an optional one may be null. */
  required?: boolean;
  /** Given on creation when the field is not sent (version "1.0", status "active", a flag false...). */
  default?: string | number | boolean | readonly string[];
  /** enum: the allowed values, in the order the form offers them. */
  values?: readonly string[];
  /** Numbers: the bounds (inclusive). Texts: `max` is the longest allowed. Lists: `max` is the most entries. */
  min?: number;
  max?: number;
  /** enum: the list endpoint takes it as a filter (`?status=active`). */
  filter?: boolean;
  /**
   * number: the unit a person enters and reads it in, while the API and the database keep the stored unit.
   * "GB": stored in bytes, entered in GB (one decimal) and shown as GB with one decimal, 1 GB = 10^9 bytes.
   */
  unit?: FieldUnit;
}

export type FieldUnit = "GB";
/** A decimal gigabyte, as the spec counts sizes (not 1024^3: that is a GiB). */
export const BYTES_PER_GB = 1_000_000_000;

export interface FamilyOrder {
  field: string;
  direction: "asc" | "desc";
}

export interface RecordFamily {
  /** Stable name, used in audit actions (`risk.create`) and translation keys (`records.families.risk`). */
  key: string;
  /** The table's name in the database. */
  table: string;
  /** The list path under /api, as the spec names it ("/risk-register"); a record is `{path}/{id}`. */
  path: string;
  /** The key of the list in the list's answer, as the spec names it (`{ risks, analytics }`). */
  listKey: string;
  /** OpenAPI group. */
  tag: string;
  /** One record in English, for summaries and audit details ("risk"). */
  noun: string;
  /** The text field that names a record: audit details, the list's search (`q`). */
  titleField: string;
  /** Fields in the order the form shows them; names are camelCase (columns are their snake_case). */
  fields: Readonly<Record<string, FieldSpec>>;
  /** The list's order; id descending breaks ties. Nulls sort last. */
  order: readonly FamilyOrder[];
  /** The analytics object the list answers beside its rows, and how each figure is computed (said in its schema). */
  analytics: z.ZodType;
  /**
   * A tamper-evident family: the server seals every record into a hash chain and stores the seal in `field` (a column
   * beside the declared fields, answered by the API, never accepted from a client). See server/src/lib/hash-chain.ts.
   */
  seal?: FamilySeal;
}

export interface FamilySeal {
  /** The stored record's field (camelCase) holding its SHA-256 seal, hex. */
  field: string;
}

/** Declares a family, keeping its literal types. */
export const defineFamily = <const F extends RecordFamily>(family: F) => family;

/** The database column of a camelCase field name. */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Whether a field is optional (may be null): not required and no default. */
export const isNullable = (spec: FieldSpec) => !spec.required && spec.default === undefined;

/**
 * Kinds a list cannot be sorted by: paragraphs, documents and lists of texts have no order a reader would expect.
 * Every other kind sorts (texts case-insensitively, enums in their declared order, numbers, days, money, flags).
 */
const UNSORTABLE_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(["longText", "markdown", "list"]);

/** Whether the list endpoint sorts by a field (`?sort=<field>`), decided by its kind. */
export const isSortable = (spec: FieldSpec) => !UNSORTABLE_KINDS.has(spec.kind);

/** The fields a family's list sorts by, in declared order: the values `?sort=` takes. */
export const sortableFields = (family: RecordFamily): string[] =>
  Object.entries(family.fields)
    .filter(([, spec]) => isSortable(spec))
    .map(([name]) => name);

/** Longest text per kind, unless the field says otherwise. */
export const TEXT_MAX: Partial<Record<FieldKind, number>> = { text: 200, longText: 5000, markdown: 50_000, url: 2048 };
export const LIST_MAX_ENTRIES = 50;
export const LIST_ENTRY_MAX = 300;
/** Numbers without bounds of their own stay within what a double holds exactly as an integer count would. */
export const NUMBER_LIMIT = 1_000_000_000;
export const INTEGER_LIMIT = 2_147_483_647;

export const RECORD_PAGE_DEFAULT = 50;
export const RECORD_PAGE_MAX = 200;
/** Paging by offset stays cheap on families of this size (hundreds of records, not millions). */
export const RECORD_OFFSET_MAX = 100_000;
