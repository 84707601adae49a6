import { z } from "zod";
import { errorMessage } from "./error-message";

/*
 * A record's fields declared once, as data: each field's type (what the API takes with its bounds and messages, what it
 * answers, how a CSV cell holds it, its default), its label, and where it appears (the summary of a list row, the
 * forms, the CSV export and the CSV import's names for it). Everything else (the schemas, the summary mask, the forms'
 * field lists and empty values, the export's columns, the import's header names) is derived here, so adding a field
 * is one entry. contract/lead-fields.ts declares the lead's.
 */

/** How a field's value sits in one CSV cell: text as it is, a boolean as true/false, a list joined by "; ", or JSON. */
export type CellKind = "text" | "boolean" | "list" | "json" | "id";

/** How the CSV export joins a list into one cell (the import splits at ";" or "|"). */
export const LIST_CELL_SEPARATOR = "; ";

export interface FieldType<W extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /**
   * What the API takes: the type, its bounds and their messages. No default inside: within .optional() a default
   * would still fire, and a partial update would then reset fields nobody sent (makeDefault is applied instead).
   */
  readonly write: W;
  /** What the API answers. */
  readonly read: R;
  readonly cell: CellKind;
  /** What a form holds while the field is empty. */
  readonly formEmpty: () => z.input<W>;
  /** The value of a field a new record was sent without, made afresh each time; a type without one is required. */
  readonly makeDefault?: () => z.output<W>;
  /** What the API answers (and the export writes) for a field stored empty, when that is not null. */
  readonly fallback?: string;
}

/** The forms a field can be on. */
export type FormName = "add" | "edit" | "join";

export interface FieldDeclaration<Input = unknown, Group extends string = string> {
  readonly type: FieldType;
  /** The translation key of its label on forms. */
  readonly label?: string;
  /** The translation key of its name in the CSV import's mapping step; without one the step shows the field's API name. */
  readonly importLabel?: string;
  /** In the summary a list row holds unless the whole record is asked for. */
  readonly summary?: boolean;
  /**
   * The forms it is on, its place on them (ascending; a form shows its fields in this order), whether it takes half
   * a row (two such fields in a row share it) and how the form asks for it.
   */
  readonly form?: { readonly on: readonly FormName[]; readonly order: number; readonly half?: boolean; readonly input: Input };
  /** Its CSV export column: the header, and its place among the record's exported fields (ascending). */
  readonly export?: { readonly header: string; readonly order: number };
  /** Other header names the CSV import reads as this field, besides its own name and its export header. */
  readonly import?: readonly string[];
  /** A second name the API answers it under too (some screens read that one). */
  readonly alsoAnsweredAs?: string;
  /**
   * The group of the record's page it shows in (its label key then names it there), in declaration order; a field
   * without one is not on the page.
   */
  readonly group?: Group;
}

export type FieldDeclarations<Input = unknown, Group extends string = string> = { readonly [name: string]: FieldDeclaration<Input, Group> };

type Write<F extends FieldDeclaration> = F["type"]["write"];
type Read<F extends FieldDeclaration> = F["type"]["read"];
type HasDefault<F extends FieldDeclaration> = F["type"] extends { makeDefault: () => unknown } ? true : false;
type Name<D> = keyof D & string;

/** The fields a record cannot be created without. */
export type RequiredName<D extends FieldDeclarations> = { [K in Name<D>]: HasDefault<D[K]> extends true ? never : K }[Name<D>];
export type OptionalName<D extends FieldDeclarations> = Exclude<Name<D>, RequiredName<D>>;
export type SummaryName<D extends FieldDeclarations> = { [K in Name<D>]: D[K] extends { summary: true } ? K : never }[Name<D>];
export type FormFieldName<D extends FieldDeclarations, Form extends FormName> = {
  [K in Name<D>]: D[K] extends { form: { on: readonly (infer F)[] } } ? (Form extends F ? K : never) : never;
}[Name<D>];
export type ExportedName<D extends FieldDeclarations> = { [K in Name<D>]: D[K] extends { export: object } ? K : never }[Name<D>];
type AliasOf<F> = F extends { alsoAnsweredAs: infer A extends string } ? A : never;
export type FallbackName<D extends FieldDeclarations> = { [K in Name<D>]: D[K]["type"] extends { fallback: string } ? K : never }[Name<D>];

/** The fields' names in declaration order. */
export const fieldNames = <D extends FieldDeclarations>(fields: D) => Object.keys(fields) as Name<D>[];

const shapeOf = <D extends FieldDeclarations, S>(fields: D, schema: (field: FieldDeclaration, name: string) => z.ZodType) =>
  Object.fromEntries(fieldNames(fields).map((name) => [name, schema(fields[name]!, name)])) as S;

export type WritableShape<D extends FieldDeclarations> = { [K in RequiredName<D>]: Write<D[K]> } & {
  [K in OptionalName<D>]: z.ZodOptional<Write<D[K]>>;
};

/** What a new record takes: the required fields as they are, the others optional (withDefaults fills them). */
export const writableShape = <D extends FieldDeclarations>(fields: D) =>
  shapeOf<D, WritableShape<D>>(fields, (field) => (field.type.makeDefault ? field.type.write.optional() : field.type.write));

export type PartialShape<D extends FieldDeclarations> = { [K in Name<D>]: z.ZodOptional<Write<D[K]>> };

/** A partial update: every field optional, none defaulted. */
export const partialShape = <D extends FieldDeclarations>(fields: D) => shapeOf<D, PartialShape<D>>(fields, (field) => field.type.write.optional());

export type Defaults<D extends FieldDeclarations> = { [K in OptionalName<D>]: z.output<Write<D[K]>> };

/** The defaults of every field that has one, made afresh (a list default is a new array each call). */
export function defaultsOf<D extends FieldDeclarations>(fields: D): Defaults<D> {
  const defaults: Record<string, unknown> = {};
  for (const name of fieldNames(fields)) {
    const make = fields[name]!.type.makeDefault;
    if (make) defaults[name] = make();
  }
  return defaults as Defaults<D>;
}

/**
 * The fields sent over the defaults of those not sent. zod leaves an unsent optional field out of its output (JSON
 * cannot send undefined), so each sent field replaces its default and the others keep theirs.
 */
export const withDefaults =
  <D extends FieldDeclarations>(fields: D) =>
  <Sent extends object>(sent: Sent) => ({ ...defaultsOf(fields), ...sent });

export type AnsweredShape<D extends FieldDeclarations> = { [K in Name<D>]: Read<D[K]> };

/** What the API answers for each field, in declaration order. */
export const answeredShape = <D extends FieldDeclarations>(fields: D) => shapeOf<D, AnsweredShape<D>>(fields, (field) => field.type.read);

export type AliasShape<D extends FieldDeclarations> = { [K in Name<D> as AliasOf<D[K]>]: Read<D[K]> };

/** The second names fields are also answered under, each described as the same as its field. */
export function aliasShape<D extends FieldDeclarations>(fields: D): AliasShape<D> {
  const shape: Record<string, z.ZodType> = {};
  for (const [alias, name] of fieldAliases(fields)) shape[alias] = fields[name]!.type.read.describe(`Same as ${name} (a name some screens read)`);
  return shape as AliasShape<D>;
}

/** [second name, field] for each field also answered under a second name, in declaration order. */
export const fieldAliases = <D extends FieldDeclarations>(fields: D): [alias: string, name: Name<D>][] =>
  fieldNames(fields).flatMap((name) => {
    const alias = fields[name]!.alsoAnsweredAs;
    return alias ? [[alias, name] as [string, Name<D>]] : [];
  });

/** [field, what is answered when it is stored empty] for each field with a fallback. */
export const fieldFallbacks = <D extends FieldDeclarations>(fields: D): [name: FallbackName<D>, fallback: string][] =>
  fieldNames(fields).flatMap((name) => {
    const fallback = fields[name]!.type.fallback;
    return fallback === undefined ? [] : [[name as FallbackName<D>, fallback] as [FallbackName<D>, string]];
  });

export type AnsweredNames<D extends FieldDeclarations, Row extends { [K in Name<D>]?: unknown }> = {
  [K in Name<D> as AliasOf<D[K]>]: Row[K];
} & { [K in FallbackName<D>]: NonNullable<Row[K]> | string };

/** A stored record's second names and its fallbacks for empty fields, as the API answers them beside the record. */
export function answeredNames<D extends FieldDeclarations, Row extends { [K in Name<D>]?: unknown }>(fields: D, row: Row): AnsweredNames<D, Row> {
  const answered: Record<string, unknown> = {};
  for (const [alias, name] of fieldAliases(fields)) answered[alias] = row[name];
  for (const [name, fallback] of fieldFallbacks(fields)) answered[name] = row[name] ?? fallback;
  return answered as AnsweredNames<D, Row>;
}

/** The fields in the summary, in declaration order. */
export const summaryNames = <D extends FieldDeclarations>(fields: D) =>
  fieldNames(fields).filter((name) => fields[name]!.summary === true) as SummaryName<D>[];

/** The fields on a form, in the order it shows them. */
export const formFieldNames = <D extends FieldDeclarations, Form extends FormName>(fields: D, form: Form) =>
  fieldNames(fields)
    .filter((name) => fields[name]!.form?.on.includes(form))
    .sort((a, b) => fields[a]!.form!.order - fields[b]!.form!.order) as FormFieldName<D, Form>[];

/** A zod pick mask ({ name: true, ... }) of the names given. */
export const maskOf = <N extends string>(names: readonly N[]) => Object.fromEntries(names.map((name) => [name, true])) as { [K in N]: true };

export type FormEmpty<D extends FieldDeclarations, N extends Name<D>> = { [K in N]: z.input<Write<D[K]>> };

/** What a form holds before anything is typed: each field's empty value. */
export const emptyForm = <D extends FieldDeclarations, N extends Name<D>>(fields: D, names: readonly N[]) =>
  Object.fromEntries(names.map((name) => [name, fields[name]!.type.formEmpty()])) as FormEmpty<D, N>;

/**
 * A form's values for a stored record: each field's value, empty ones as the form's empty value, lists copied (the
 * form must not change the record it was opened with).
 */
export const formValuesOf = <D extends FieldDeclarations, N extends Name<D>>(fields: D, names: readonly N[], record: { [K in N]: unknown }) =>
  Object.fromEntries(
    names.map((name) => {
      const value = record[name];
      return [name, value === null || value === undefined ? fields[name]!.type.formEmpty() : Array.isArray(value) ? [...value] : value];
    }),
  ) as FormEmpty<D, N>;

export interface ExportedField<N extends string = string> {
  name: N;
  header: string;
  cell: CellKind;
  fallback: string | undefined;
}

/** The exported fields in column order. */
export function exportedFields<D extends FieldDeclarations>(fields: D): ExportedField<ExportedName<D>>[] {
  return fieldNames(fields)
    .flatMap((name) => {
      const field = fields[name]!;
      return field.export ? [{ name: name as ExportedName<D>, header: field.export.header, cell: field.type.cell, fallback: field.type.fallback, order: field.export.order }] : [];
    })
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...exported }) => exported);
}

/**
 * Every header name the CSV import reads as a field, folded by `fold`: the field's own name, its export header (so an
 * exported file reads back) and its other names. A name two fields claim is refused: which one was meant is unknowable.
 */
export function importNames<D extends FieldDeclarations>(fields: D, fold: (header: string) => string): Map<string, Name<D>> {
  const names = new Map<string, Name<D>>();
  for (const name of fieldNames(fields)) {
    const field = fields[name]!;
    for (const header of [name, ...(field.export ? [field.export.header] : []), ...(field.import ?? [])]) {
      const key = fold(header);
      const claimed = names.get(key);
      if (claimed !== undefined && claimed !== name) throw new Error(`The import name "${header}" is claimed by ${claimed} and ${name}`);
      names.set(key, name);
    }
  }
  return names;
}

// Field types. Each builds both schemas from one statement of the type and its bounds.

const tooLong = (max: number) => errorMessage("field.too_long", { max });
const boundedText = (max: number) => z.string().trim().max(max, tooLong(max));
/** Optional text: blank becomes null so "no value" is stored one way. */
const nullableText = (max: number) =>
  boundedText(max)
    .nullable()
    .transform((v) => (v ? v : null));

/** Text that must be given, with its own message when it is blank. */
export const requiredText = (max: number, blank: string) => ({
  write: z.string({ error: blank }).trim().min(1, blank).max(max, tooLong(max)),
  read: z.string(),
  cell: "text" as const,
  formEmpty: () => "",
});

/** Text that may be left out or blank (stored as null). */
export const optionalText = (max: number) => ({
  write: nullableText(max),
  read: z.string().nullable(),
  cell: "text" as const,
  formEmpty: () => "",
  makeDefault: (): string | null => null,
});

/** Optional text of a given form: `schema` takes the text (trimmed, bounded) and gives it or null. */
export const optionalTextOf = <W extends z.ZodType<string | null, string | null>>(write: W) => ({
  write,
  read: z.string().nullable(),
  cell: "text" as const,
  formEmpty: () => "",
  makeDefault: (): string | null => null,
});

/** Required text of a given form (an email address). */
export const requiredTextOf = <W extends z.ZodType<string, string>>(write: W) => ({
  write,
  read: z.string(),
  cell: "text" as const,
  formEmpty: () => "",
});

/** A list of short texts, at most `items` of at most `itemMax` characters each; none by default. */
export const textList = (items: number, itemMax: number) => ({
  write: z.array(boundedText(itemMax)).max(items),
  read: z.array(z.string()),
  cell: "list" as const,
  formEmpty: (): string[] => [],
  makeDefault: (): string[] => [],
});

/** The id of another record (a member of staff), or null (the default). */
export const optionalId = () => ({
  write: z.number().int().positive().max(2147483647).nullable(),
  read: z.number().int().nullable(),
  cell: "id" as const,
  formEmpty: (): number | null => null,
  makeDefault: (): number | null => null,
});

/** Yes, no or not known (null, the default). */
export const optionalBoolean = () => ({
  write: z.boolean().nullable(),
  read: z.boolean().nullable(),
  cell: "boolean" as const,
  formEmpty: (): boolean | null => null,
  makeDefault: (): boolean | null => null,
});

/** A JSON object, or null (the default). */
export const optionalJsonObject = () => ({
  write: z.record(z.string(), z.unknown()).nullable(),
  read: z.record(z.string(), z.unknown()).nullable(),
  cell: "json" as const,
  formEmpty: (): Record<string, unknown> | null => null,
  makeDefault: (): Record<string, unknown> | null => null,
});

/** A JSON array of at most `items` entries; empty by default. */
export const jsonList = (items: number) => ({
  write: z.array(z.unknown()).max(items),
  read: z.array(z.unknown()),
  cell: "json" as const,
  formEmpty: (): unknown[] => [],
  makeDefault: (): unknown[] => [],
});

/** One of a fixed set of values, with a default. */
export const choice = <S extends z.ZodEnum>(schema: S, defaultValue: z.output<S> & z.input<S>) => ({
  write: schema,
  read: schema,
  cell: "text" as const,
  formEmpty: (): z.input<S> => defaultValue,
  makeDefault: (): z.output<S> => defaultValue,
});

/**
 * A type whose empty value the API answers (and the export writes) as `fallback`, never null: what is stored stays
 * null, so the fallback can change without touching the data.
 */
export const withFallback = <T extends FieldType>(type: T, fallback: string, description: string): Omit<T, "read" | "fallback"> & { read: z.ZodString; fallback: string } => ({
  ...type,
  read: z.string().describe(description),
  fallback,
});
