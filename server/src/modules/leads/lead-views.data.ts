import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { leadViewDefaults, leadViews, users } from "../../db/schema";

export type LeadViewRow = typeof leadViews.$inferSelect & { ownerName: string; isDefault: boolean };
export type LeadViewValues = Pick<typeof leadViews.$inferInsert, "name" | "shared" | "query" | "sort" | "dir" | "columns">;

/** The views a person may use: their own and every shared one, with the owner's name and whether it is their default. */
function visibleViews(db: Database, userId: number) {
  return db
    .select({
      view: leadViews,
      ownerName: users.name,
      isDefault: sql<boolean>`${leadViewDefaults.viewId} IS NOT NULL`,
    })
    .from(leadViews)
    .innerJoin(users, eq(users.id, leadViews.ownerId))
    .leftJoin(leadViewDefaults, and(eq(leadViewDefaults.userId, userId), eq(leadViewDefaults.viewId, leadViews.id)))
    .$dynamic();
}

const toRow = (r: { view: typeof leadViews.$inferSelect; ownerName: string; isDefault: boolean }): LeadViewRow => ({ ...r.view, ownerName: r.ownerName, isDefault: Boolean(r.isDefault) });

export async function selectVisibleViews(db: Database, userId: number): Promise<LeadViewRow[]> {
  const rows = await visibleViews(db, userId)
    .where(or(eq(leadViews.ownerId, userId), eq(leadViews.shared, true)))
    .orderBy(sql`${leadViews.ownerId} <> ${userId}`, sql`lower(${leadViews.name})`, leadViews.id);
  return rows.map(toRow);
}

/** One view the person may see (their own, or shared), or null. */
export async function selectVisibleView(db: Database, userId: number, id: number): Promise<LeadViewRow | null> {
  const [row] = await visibleViews(db, userId).where(and(eq(leadViews.id, id), or(eq(leadViews.ownerId, userId), eq(leadViews.shared, true))));
  return row ? toRow(row) : null;
}

export async function ownerHasViewNamed(db: Database, ownerId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: leadViews.id })
    .from(leadViews)
    .where(and(eq(leadViews.ownerId, ownerId), sql`lower(${leadViews.name}) = lower(${name})`, exceptId === undefined ? undefined : sql`${leadViews.id} <> ${exceptId}`))
    .limit(1);
  return rows.length > 0;
}

export async function insertView(db: Database, ownerId: number, values: LeadViewValues): Promise<number> {
  const [row] = await db.insert(leadViews).values({ ...values, ownerId }).returning({ id: leadViews.id });
  return row!.id;
}

export async function updateView(db: Database, id: number, values: LeadViewValues): Promise<void> {
  await db.update(leadViews).set({ ...values, updatedAt: sql`now()` }).where(eq(leadViews.id, id));
}

export async function deleteView(db: Database, id: number): Promise<void> {
  await db.delete(leadViews).where(eq(leadViews.id, id));
}

export async function upsertDefault(db: Database, userId: number, viewId: number): Promise<void> {
  await db.insert(leadViewDefaults).values({ userId, viewId }).onConflictDoUpdate({ target: leadViewDefaults.userId, set: { viewId } });
}

export async function deleteDefault(db: Database, userId: number): Promise<void> {
  await db.delete(leadViewDefaults).where(eq(leadViewDefaults.userId, userId));
}

/**
 * The member of staff each stored assignee name or email stands for (the database's own matching, lw_staff_matching:
 * the one person whose folded name or email it is), for views saved when the assignee filter took names.
 */
export async function staffMatching(db: Database, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await rawRows<{ name: string; id: number | null }>(
    db,
    sql`SELECT n AS name, lw_staff_matching(n) AS id FROM unnest(ARRAY[${sql.join(names.map((name) => sql`${name}`), sql`, `)}]::text[]) n`,
  );
  return new Map(rows.filter((row) => row.id !== null).map((row) => [row.name, Number(row.id)]));
}
