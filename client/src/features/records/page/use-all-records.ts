import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { RECORD_PAGE_MAX, type RecordFamily } from "@contract/records/family";
import { endpointsOf, type FamilyRecord } from "@contract/records/schemas";
import { callApi } from "@/lib/api-client";
import { RECORDS_KEY } from "../record-queries";
import type { ListFilters } from "./declaration";

/** Families hold hundreds of records, not millions: a figure's line reads at most this many. */
export const ALL_RECORDS_MAX = 2_000;

export type AllRecords = { rows: FamilyRecord[]; total: number };

/**
 * Every record of a family that matches `filters`, in the family's declared order, read from its GET list endpoint
 * a page of RECORD_PAGE_MAX at a time (usually one request): a figure's line counts the records it is computed over
 * (the full list asks the server for one sorted page at a time instead). Under the records prefix, so any save
 * refreshes it.
 */
export function useAllRecords(family: RecordFamily, filters: ListFilters = {}, refetchInterval?: number) {
  return useQuery({
    queryKey: [...RECORDS_KEY, family.key, "all", filters],
    queryFn: async ({ signal }): Promise<AllRecords> => {
      const rows: FamilyRecord[] = [];
      let total = 0;
      do {
        const answer = await callApi(endpointsOf(family).list, { query: { ...filters, limit: RECORD_PAGE_MAX, offset: rows.length } }, { signal });
        // A local read of the generic reply, as useFamilyList does (until typed accessors land in record-queries.ts).
        const reply = answer as Record<string, unknown>;
        const page = reply[family.listKey] as FamilyRecord[];
        total = Number(reply.total);
        rows.push(...page);
        if (page.length === 0) break;
      } while (rows.length < total && rows.length < ALL_RECORDS_MAX);
      return { rows, total };
    },
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}
