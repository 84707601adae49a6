import type { RecordFamily } from "@contract/records/family";
import type { FamilyTable } from "../../db/record-table";
import * as schema from "../../db/schema";
import { getTableName, is, Table } from "drizzle-orm";

/** Every family table exported by the schema, by its name: a family finds its table through its declared `table`. */
const tablesByName = new Map<string, FamilyTable>(
  Object.values(schema)
    .filter((value): value is FamilyTable => is(value, Table))
    .map((table) => [getTableName(table), table]),
);

export function tableOf(family: RecordFamily): FamilyTable {
  const table = tablesByName.get(family.table);
  if (!table) throw new Error(`Record family ${family.key}: no table "${family.table}" in server/src/db/schema/records.ts`);
  return table;
}
