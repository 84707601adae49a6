import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, TOTAL_EXACT_HEADER } from "@contract/leads";
import { apiRequest } from "./api";

/** One page of a list answer plus its paging headers (x-total-count, x-total-count-exact, x-next-cursor). */
export type Page<T> = { rows: T[]; total: number; totalExact: boolean; nextCursor: string | null };

export async function fetchPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const res = await apiRequest("GET", url, undefined, signal);
  const body: unknown = await res.json();
  const rows = Array.isArray(body) ? (body as T[]) : [];
  const totalHeader = res.headers.get(TOTAL_COUNT_HEADER);
  const total = totalHeader === null ? NaN : Number(totalHeader);
  return {
    rows,
    total: Number.isFinite(total) ? total : rows.length,
    totalExact: res.headers.get(TOTAL_EXACT_HEADER) !== "false",
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}
