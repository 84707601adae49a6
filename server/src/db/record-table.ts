import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  varchar,
  type PgColumnBuilderBase,
} from "drizzle-orm/pg-core";
// Relative, not @contract: drizzle-kit loads the schema without the project's path aliases.
import { columnName, isNullable, TEXT_MAX, type FieldSpec, type RecordFamily } from "../../../contract/records/family";
import { users } from "./schema/platform";

/**
 * A record family's table, generated from its declaration: a real column per field (so analytics are plain SQL
 * aggregates), NOT NULL for required and defaulted fields, the declared defaults, a CHECK per enum, and the columns
 * every family has: id, created_by (cleared when the account is deleted), created_at, updated_at.
 */
export type FamilyTable = ReturnType<typeof familyTable>;

const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

function columnOf(name: string, spec: FieldSpec): PgColumnBuilderBase {
  const column = columnName(name);
  const built = (() => {
    switch (spec.kind) {
      case "text":
      case "url":
        return varchar(column, { length: spec.max ?? TEXT_MAX[spec.kind] ?? 200 });
      case "longText":
      case "markdown":
        return text(column);
      case "date":
        return date(column, { mode: "string" });
      case "enum":
        return varchar(column, { length: 40 });
      case "integer":
        return integer(column);
      case "number":
      case "percent":
        return doublePrecision(column);
      case "money":
        return numeric(column, { precision: 14, scale: 2 });
      case "boolean":
        return boolean(column);
      case "list":
        return jsonb(column).$type<string[]>();
    }
  })();
  if (isNullable(spec)) return built;
  const required = built.notNull();
  if (spec.default === undefined) return required;
  // A list default is JSON; every other default is the literal value itself.
  return spec.kind === "list" ? required.default(sql.raw(`${quoted(JSON.stringify(spec.default))}::jsonb`)) : required.default(spec.default as never);
}

export function familyTable(family: RecordFamily) {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  };
  for (const [name, spec] of Object.entries(family.fields)) columns[name] = columnOf(name, spec);
  // A sealed family's hash: written by the server in the same transaction as the row, so null only behind the API's back.
  if (family.seal) columns[family.seal.field] = varchar(columnName(family.seal.field), { length: 64 });
  columns.createdById = integer("created_by_id").references(() => users.id, { onDelete: "set null" });
  columns.createdAt = timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();
  columns.updatedAt = timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();

  const table = pgTable(family.table, columns, (t) => {
    const enums = Object.entries(family.fields).filter(([, spec]) => spec.kind === "enum");
    const first = family.order[0];
    return [
      // The list's first order key: the list pages over it.
      ...(first ? [index(`${family.table}_${columnName(first.field)}_idx`).on(t[first.field]!)] : []),
      ...enums.map(([name, spec]) =>
        check(`${family.table}_${columnName(name)}_check`, sql.raw(`"${columnName(name)}" IN (${(spec.values ?? []).map(quoted).join(", ")})`)),
      ),
    ];
  });
  return table;
}
