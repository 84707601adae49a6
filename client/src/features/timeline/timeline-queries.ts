import { useInfiniteQuery } from "@tanstack/react-query";
import { timelineEndpoints, type TimelineKind } from "@contract/timeline";
import { callApi } from "@/lib/api-client";
import { LEADS_KEY } from "@/lib/query-invalidation";
import { useLiveLeadRefresh } from "@/lib/live-events";

/** Entries per page: a screenful; Show more reads the next. */
export const TIMELINE_PAGE = 30;

/** Under the leads key: every change to a lead (refreshLeadData) reads its timeline again. */
export const timelineKey = (leadId: number, kind?: TimelineKind) => [...LEADS_KEY, "timeline", leadId, ...(kind ? [kind] : [])] as const;

/** A lead's timeline, newest first, a page at a time, optionally of one kind. */
export function useLeadTimeline(leadId: number, kind: TimelineKind | undefined) {
  useLiveLeadRefresh(leadId, [timelineKey(leadId)]);
  return useInfiniteQuery({
    queryKey: timelineKey(leadId, kind),
    queryFn: ({ signal, pageParam }) => callApi(timelineEndpoints.list, { params: { id: leadId }, query: { kind, cursor: pageParam, limit: TIMELINE_PAGE } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchOnMount: "always",
  });
}
