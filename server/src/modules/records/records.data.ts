import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { isSortable, type RecordFamily } from "@contract/records/family";
import type { FamilyInput, FamilyRecord, SortDirection } from "@contract/records/schemas";
import type { Database } from "../../db/client";
import type { FamilyTable } from "../../db/record-table";
import { users } from "../../db/schema";
import { verifyChain, type ChainLink } from "../../lib/hash-chain";
import { escapeLike } from "../../lib/like-pattern";

/*
 * The generic SQL every record family shares: the columns come from the family's table, which was generated from its
 * declaration, so nothing here names a family.
 */

const fieldNames = (family: RecordFamily) => Object.keys(family.fields);

function columnsOf(family: RecordFamily, table: FamilyTable) {
  const all = getTableColumns(table);
  const selected: Record<string, PgColumn | SQL.Aliased> = { id: all.id! };
  for (const name of fieldNames(family)) selected[name] = all[name]!;
  if (family.seal) selected[family.seal.field] = all[family.seal.field]!;
  selected.createdBy = sql<string | null>`${users.name}`.as("created_by");
  selected.createdAt = all.createdAt!;
  selected.updatedAt = all.updatedAt!;
  return selected;
}

function toRecord(row: Record<string, unknown>): FamilyRecord {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) record[key] = value instanceof Date ? value.toISOString() : value;
  return record as FamilyRecord;
}

const selectFrom = (db: Database, family: RecordFamily, table: FamilyTable) =>
  db
    .select(columnsOf(family, table))
    .from(table)
    .leftJoin(users, eq(users.id, table.createdById!));

export interface FamilyFilter {
  q?: string;
  /** Filterable enum fields and the value asked for. */
  equals: Record<string, string>;
}

function conditionsOf(table: FamilyTable, family: RecordFamily, filter: FamilyFilter): SQL | undefined {
  const columns = getTableColumns(table);
  const conditions: SQL[] = Object.entries(filter.equals).map(([field, value]) => eq(columns[field]!, value));
  if (filter.q) conditions.push(sql`${columns[family.titleField]!}::text ILIKE ${`%${escapeLike(filter.q)}%`}`);
  return conditions.length ? and(...conditions) : undefined;
}

/** A list's sort as the query asked for it: a sortable field of the family (validated by its schema) and a direction. */
export interface FamilySort {
  field: string;
  direction: SortDirection;
}

/**
 * What a field sorts by: texts and addresses without regard to case, enums by their place in the declared values
 * (each value a bound parameter), anything else by its column. Only a sortable declared field gets here.
 */
function sortKeyOf(family: RecordFamily, columns: ReturnType<typeof getTableColumns<FamilyTable>>, field: string): SQL {
  const spec = family.fields[field];
  const column = columns[field];
  if (!spec || !column || !isSortable(spec)) throw new Error(`Record family ${family.key} cannot sort by ${field}`);
  switch (spec.kind) {
    case "text":
    case "url":
      return sql`lower(${column})`;
    case "enum":
      return sql`array_position(ARRAY[${sql.join(
        (spec.values ?? []).map((value) => sql`${value}`),
        sql`, `,
      )}]::text[], ${column}::text)`;
    default:
      return sql`${column}`;
  }
}

/**
 * The list's order: the sort asked for, or the family's declared order; nulls last either way, and id (in the sort's
 * direction, descending for the declared order) breaks ties so pages never repeat or skip a record.
 */
function orderOf(table: FamilyTable, family: RecordFamily, sort?: FamilySort): SQL[] {
  const columns = getTableColumns(table);
  if (sort) {
    const key = sortKeyOf(family, columns, sort.field);
    return sort.direction === "asc" ? [sql`${key} ASC NULLS LAST`, asc(columns.id!)] : [sql`${key} DESC NULLS LAST`, desc(columns.id!)];
  }
  return [
    ...family.order.map(({ field, direction }) => (direction === "asc" ? sql`${asc(columns[field]!)} NULLS LAST` : sql`${desc(columns[field]!)} NULLS LAST`)),
    desc(columns.id!),
  ];
}

export async function selectFamilyPage(
  db: Database,
  family: RecordFamily,
  table: FamilyTable,
  filter: FamilyFilter,
  page: { limit: number; offset: number; sort?: FamilySort },
): Promise<{ rows: FamilyRecord[]; total: number }> {
  const where = conditionsOf(table, family, filter);
  const rows = await selectFrom(db, family, table)
    .where(where)
    .orderBy(...orderOf(table, family, page.sort))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(table).where(where);
  return { rows: rows.map((row) => toRecord(row as Record<string, unknown>)), total: counted?.total ?? 0 };
}

export async function findFamilyRecord(db: Database, family: RecordFamily, table: FamilyTable, id: number): Promise<FamilyRecord | null> {
  const [row] = await selectFrom(db, family, table).where(eq(table.id!, id));
  return row ? toRecord(row as Record<string, unknown>) : null;
}

/** Only the declared fields are written: the values were parsed by the family's schema. */
function declaredValues(family: RecordFamily, values: FamilyInput): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of fieldNames(family)) if (values[name] !== undefined) picked[name] = values[name];
  return picked;
}

export async function insertFamilyRecord(db: Database, family: RecordFamily, table: FamilyTable, values: FamilyInput, createdById: number | null): Promise<number> {
  const [row] = await db
    .insert(table)
    .values({ ...declaredValues(family, values), createdById } as never)
    .returning({ id: table.id! });
  return row!.id as number;
}

export async function updateFamilyRecord(db: Database, family: RecordFamily, table: FamilyTable, id: number, changes: FamilyInput): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ ...declaredValues(family, changes), updatedAt: sql`now()` } as never)
    .where(eq(table.id!, id))
    .returning({ id: table.id! });
  return rows.length > 0;
}

export async function deleteFamilyRecord(db: Database, family: RecordFamily, table: FamilyTable, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .delete(table)
    .where(eq(table.id!, id))
    .returning({
      title: getTableColumns(table)[family.titleField]!,
      ...(family.seal ? { seal: getTableColumns(table)[family.seal.field]! } : {}),
    });
  return row ?? null;
}

/** A sealed family's records as chain links, in id order: every record, or those from `fromId` on. */
export async function selectChainLinks(db: Database, family: RecordFamily, table: FamilyTable, fromId = 0): Promise<ChainLink[]> {
  const sealField = family.seal!.field;
  const columns = getTableColumns(table);
  const selected: Record<string, PgColumn> = { id: columns.id!, [sealField]: columns[sealField]! };
  for (const name of fieldNames(family)) selected[name] = columns[name]!;
  const rows = await db
    .select(selected)
    .from(table)
    .where(sql`${columns.id!} >= ${fromId}`)
    .orderBy(asc(columns.id!));
  return rows.map((row) => {
    const { id, [sealField]: seal, ...content } = toRecord(row as Record<string, unknown>) as Record<string, unknown>;
    return { id: id as number, content, seal: (seal as string | null) ?? null };
  });
}

/** The stored seal of the record just before `id` (by id); null when `id` is the first. */
export async function selectSealBefore(db: Database, family: RecordFamily, table: FamilyTable, id: number): Promise<string | null | undefined> {
  const columns = getTableColumns(table);
  const [row] = await db
    .select({ seal: columns[family.seal!.field]! })
    .from(table)
    .where(sql`${columns.id!} < ${id}`)
    .orderBy(desc(columns.id!))
    .limit(1);
  // undefined: no predecessor (the genesis seal applies); null: a predecessor without a seal.
  return row ? ((row.seal as string | null) ?? null) : undefined;
}

export async function writeSeals(db: Database, family: RecordFamily, table: FamilyTable, seals: Map<number, string>): Promise<void> {
  const columns = getTableColumns(table);
  for (const [id, seal] of seals) {
    await db
      .update(table)
      .set({ [family.seal!.field]: seal } as never)
      .where(eq(columns.id!, id));
  }
}

/** Serialises writers of a sealed family for the rest of the transaction (readers go on), so ids and seals chain in order. */
export async function lockChain(db: Database, table: FamilyTable): Promise<void> {
  await db.execute(sql`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
}

/** Re-checks a sealed family's whole chain in id order: what its verification coverage counts (hash-chain.ts says how). */
export async function verifyFamilyChain(db: Database, family: RecordFamily, table: FamilyTable) {
  if (!family.seal) throw new Error(`Record family ${family.key} is not sealed`);
  const links = await selectChainLinks(db, family, table);
  return { total: links.length, ...verifyChain(links) };
}
