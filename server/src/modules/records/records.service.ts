import type { RecordFamily } from "@contract/records/family";
import type { FamilyInput, FamilyListReply, FamilyRecord } from "@contract/records/schemas";
import type { Database } from "../../db/client";
import type { FamilyTable } from "../../db/record-table";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { GENESIS_SEAL, resealFrom } from "../../lib/hash-chain";
import {
  deleteFamilyRecord,
  findFamilyRecord,
  insertFamilyRecord,
  lockChain,
  selectChainLinks,
  selectFamilyPage,
  selectSealBefore,
  updateFamilyRecord,
  writeSeals,
  type FamilyFilter,
  type FamilySort,
} from "./records.data";

/** A family as the engine serves it: its declaration, its generated table and its analytics (SQL, by hand). */
export interface ServedFamily {
  family: RecordFamily;
  table: FamilyTable;
  analytics: (db: Database) => Promise<unknown>;
}

export interface RecordActor {
  principal: Principal;
  meta: RequestMeta;
}

/**
 * The list's answer: a page of records under the family's list key, the total matching, and its analytics, typed from
 * the family's declaration (the generic SQL reads the columns its table was generated with from that declaration).
 */
export function listFamily<F extends RecordFamily>(db: Database, served: ServedFamily & { family: F }, query: Record<string, unknown>): Promise<FamilyListReply<F>>;
export async function listFamily(db: Database, served: ServedFamily, query: Record<string, unknown>): Promise<FamilyListReply> {
  const { family, table } = served;
  const equals: Record<string, string> = {};
  for (const [name, spec] of Object.entries(family.fields)) {
    if (spec.kind === "enum" && spec.filter && typeof query[name] === "string") equals[name] = query[name];
  }
  const filter: FamilyFilter = { q: (query.q as string | undefined) || undefined, equals };
  // `sort` was checked against the family's sortable fields by its query schema; the direction defaults to ascending.
  const sort: FamilySort | undefined =
    typeof query.sort === "string" ? { field: query.sort, direction: query.direction === "desc" ? "desc" : "asc" } : undefined;
  const page = await selectFamilyPage(db, family, table, filter, { limit: query.limit as number, offset: query.offset as number, sort });
  return { [family.listKey]: page.rows, total: page.total, analytics: await served.analytics(db) };
}

export async function getFamilyRecord(db: Database, { family, table }: ServedFamily, id: number): Promise<FamilyRecord> {
  const record = await findFamilyRecord(db, family, table, id);
  if (!record) throw notFound("record.not_found");
  return record;
}

const describe = (family: RecordFamily, id: number, title: unknown) => ({ code: "record.described" as const, params: { family: family.key, recordId: id, title: String(title ?? "") } });

export async function createFamilyRecord(db: Database, served: ServedFamily, input: FamilyInput, { principal, meta }: RecordActor): Promise<FamilyRecord> {
  const { family, table } = served;
  const id = await inTransaction(db, async (tx) => {
    if (family.seal) await lockChain(tx, table);
    const created = await insertFamilyRecord(tx, family, table, input, principal.user.id);
    await resealChain(tx, served, created, created);
    await recordAudit(tx, { userEmail: actorLabel(principal), action: `${family.key}.create`, message: describe(family, created, input[family.titleField]), meta });
    return created;
  });
  return getFamilyRecord(db, served, id);
}

export async function updateFamilyRecordById(db: Database, served: ServedFamily, id: number, changes: FamilyInput, { principal, meta }: RecordActor): Promise<FamilyRecord> {
  const { family, table } = served;
  await inTransaction(db, async (tx) => {
    if (family.seal) await lockChain(tx, table);
    if (!(await updateFamilyRecord(tx, family, table, id, changes))) throw notFound("record.not_found");
    await resealChain(tx, served, id, id);
    const changed = Object.keys(changes).filter((name) => changes[name] !== undefined);
    await recordAudit(tx, { userEmail: actorLabel(principal), action: `${family.key}.update`, message: { code: "record.updated", params: { family: family.key, recordId: id, fields: changed.join(", ") } }, meta });
  });
  return getFamilyRecord(db, served, id);
}

export async function deleteFamilyRecordById(db: Database, served: ServedFamily, id: number, { principal, meta }: RecordActor): Promise<void> {
  const { family, table } = served;
  await inTransaction(db, async (tx) => {
    if (family.seal) await lockChain(tx, table);
    const removed = await deleteFamilyRecord(tx, family, table, id);
    if (!removed) throw notFound("record.not_found");
    await resealChain(tx, served, id, null, (removed.seal as string | null | undefined) ?? null);
    await recordAudit(tx, { userEmail: actorLabel(principal), action: `${family.key}.delete`, message: describe(family, id, removed.title), meta });
  });
}

/**
 * A sealed family's chain after a change through the API, in the change's transaction (issue 13.4): the record
 * created or updated (`changedId`) is sealed, and every later record re-sealed onto it, except one changed behind the
 * API's back, which keeps its broken seal (server/src/lib/hash-chain.ts). After a delete `changedId` is null and
 * `formerPrevious` is the deleted record's seal, which its successor used to chain to. Does nothing for other families.
 */
async function resealChain(tx: Database, { family, table }: ServedFamily, fromId: number, changedId: number | null, formerPrevious?: string | null) {
  if (!family.seal) return;
  const before = await selectSealBefore(tx, family, table, fromId);
  const previous = before === undefined ? GENESIS_SEAL : (before ?? "");
  const links = await selectChainLinks(tx, family, table, fromId);
  await writeSeals(tx, family, table, resealFrom(previous, formerPrevious === undefined ? previous : (formerPrevious ?? ""), links, changedId));
}

