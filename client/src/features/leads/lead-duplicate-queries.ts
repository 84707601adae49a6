import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { leadDuplicateEndpoints, type DuplicateCheckBody, type MergeChoice } from "@contract/lead-duplicates";
import { apiErrorStatus, asApiError } from "@/lib/api";
import { callApi } from "@/lib/api-client";
import { LEADS_KEY, refreshLeadData } from "@/lib/query-invalidation";

/*
 * The likely duplicates of a lead (issue 26.4): of a form not yet saved, of a stored lead, and the pairs across every
 * lead. Keys start with /api/leads, so any change to a lead (create, edit, merge) reads them again.
 */

/** Whether a form holds enough to compare: a whole email address, a phone of seven digits or more, or a business name of three letters. */
export function duplicateCheckReady(body: DuplicateCheckBody): boolean {
  const email = body.email?.trim() ?? "";
  const phoneDigits = (body.phone ?? "").replace(/\D/g, "");
  const business = body.businessName?.trim() ?? "";
  // An owner's name is compared only beside an email's domain, so it alone starts nothing.
  return /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(email) || phoneDigits.length >= 7 || business.length >= 3;
}

/** Only the fields with something in them, trimmed: what the check compares. */
export function duplicateCheckBody(values: DuplicateCheckBody): DuplicateCheckBody {
  const body: DuplicateCheckBody = {};
  for (const key of ["email", "phone", "businessName", "firstName", "lastName"] as const) {
    const value = values[key]?.trim();
    if (value) body[key] = value;
  }
  if (values.excludeId !== undefined) body.excludeId = values.excludeId;
  return body;
}

/**
 * Likely duplicates of what a form holds (already debounced by the caller); off while `enabled` is false (a role that
 * may not write leads, or too little typed). The last answer stays while the next one loads, so the hint does not blink.
 */
export function useDuplicateCheck(body: DuplicateCheckBody, enabled: boolean) {
  return useQuery({
    queryKey: [...LEADS_KEY, "duplicates", "check", body],
    queryFn: ({ signal }) => callApi(leadDuplicateEndpoints.check, { body }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A stored lead's likely duplicates (its page's Possible duplicates). */
export function useLeadDuplicates(id: number) {
  return useQuery({
    queryKey: [...LEADS_KEY, "duplicates", "of", id],
    queryFn: ({ signal }) => callApi(leadDuplicateEndpoints.forLead, { params: { id } }, { signal }),
    retry: (failures, error) => apiErrorStatus(error) !== 404 && failures < 2,
  });
}

const PAIRS_KEY = [...LEADS_KEY, "duplicates", "pairs"] as const;
/** How often the pairs are read again while a check walks the leads (its progress: pairs are added as it goes). */
const WALK_PROGRESS_MS = 3_000;

/**
 * Whether a check asked for with Check now is still waiting to start: `askedAfter` is the last walk's finish when it
 * was asked for (undefined: none was asked for); no walk is under way and none has finished since.
 */
export const checkQueued = (page: { lastRunAt: string | null; walking: boolean } | undefined, askedAfter: string | null | undefined) =>
  askedAfter !== undefined && page !== undefined && !page.walking && page.lastRunAt === askedAfter;

/**
 * One page of the likely pairs, most confident first; `cursor` is the page before's nextCursor. While a check walks
 * the leads, or one asked for has not yet started (checkQueued), the page reads again every few seconds.
 */
export function useDuplicatePairs(cursor: string | undefined, askedAfter?: string | null) {
  return useQuery({
    queryKey: [...PAIRS_KEY, cursor ?? null],
    queryFn: ({ signal }) => callApi(leadDuplicateEndpoints.pairs, { query: cursor ? { cursor } : {} }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
    refetchInterval: (query) => (query.state.data?.walking || checkQueued(query.state.data, askedAfter) ? WALK_PROGRESS_MS : false),
  });
}

/** Check now: queues the pairs job at once (managers and above); the pairs read again. */
export function useCheckDuplicatesNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(leadDuplicateEndpoints.scan, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAIRS_KEY }),
  });
}

/**
 * The kept lead's id when an error says the lead was merged away (GET /api/leads/{id} answers 410 with
 * { mergedInto }, as its body or as the error's params); null otherwise.
 */
export function mergedIntoOf(error: unknown): number | null {
  const apiError = asApiError(error);
  if (!apiError || apiError.status !== 410) return null;
  const fromParams = Number(apiError.params?.mergedInto);
  if (Number.isSafeInteger(fromParams) && fromParams > 0) return fromParams;
  try {
    const body = JSON.parse(apiError.text) as { mergedInto?: unknown };
    const fromBody = Number(body.mergedInto);
    return Number.isSafeInteger(fromBody) && fromBody > 0 ? fromBody : null;
  } catch {
    return null;
  }
}

/**
 * Merges `otherId` into `keptId` with the fields chosen from the other lead; every screen showing leads reads again,
 * without waiting for it: the merge page leaves for the kept lead's at once, before the merged-away lead reads as gone.
 */
export function useMergeLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ keptId, otherId, fields }: { keptId: number; otherId: number; fields: Record<string, MergeChoice> }) =>
      callApi(leadDuplicateEndpoints.merge, { params: { id: keptId }, body: { otherId, fields } }),
    onSuccess: () => {
      void refreshLeadData(queryClient);
    },
  });
}
