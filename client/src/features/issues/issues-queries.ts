import { useEffect, useRef } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { issueEndpoints, type approveIssueBodySchema, type Issue, type IssueBody, type issueListQuerySchema, type rejectIssueBodySchema } from "@contract/issues";
import { apiErrorStatus } from "@/lib/api";
import { callApi, callPage } from "@/lib/api-client";
import { ISSUES_KEY, SEARCH_KEY, refreshIssueData } from "@/lib/query-invalidation";

export const ISSUE_PAGE_SIZE = 20;

type ApproveIssueBody = z.input<typeof approveIssueBodySchema>;
type RejectIssueBody = z.input<typeof rejectIssueBodySchema>;
/** The parsed query's shape (its input type is loose: limit and offset arrive as text). */
export type IssueListParams = Partial<z.output<typeof issueListQuerySchema>>;

const ISSUE_LISTS_KEY = [...ISSUES_KEY, "list"] as const;
const issueKey = (id: number) => [...ISSUES_KEY, "detail", id] as const;

/**
 * One page of issues, newest first, with the total from x-total-count; the previous page stays shown while the next loads.
 * Nothing polls: every change of an issue's status is a domain event (issue.*), and the live stream's refresh
 * (lib/live-refresh.ts) reads the lists and the open issue again, wherever the change was made.
 */
export function useIssueList(params: IssueListParams) {
  return useQuery({
    queryKey: [...ISSUE_LISTS_KEY, params],
    queryFn: ({ signal }) => {
      const { q, status, limit = ISSUE_PAGE_SIZE, offset = 0 } = params;
      return callPage(issueEndpoints.list, { query: { q, status, limit, offset } }, { signal });
    },
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
}

/** Who writes the next proposals: the configured AI model, or retrieval alone (no model configured). Fixed while the server runs. */
export function useProposalSource() {
  return useQuery({
    queryKey: [...ISSUES_KEY, "proposal-source"],
    queryFn: ({ signal }) => callApi(issueEndpoints.proposalSource, {}, { signal }),
    staleTime: Infinity,
  });
}

/**
 * One issue, read again when the live stream tells of a change to any issue; when its status moves on, the lists and
 * search results (which show the badge) read again too.
 */
export function useIssue(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: issueKey(id),
    queryFn: ({ signal }) => callApi(issueEndpoints.get, { params: { id } }, { signal }),
    refetchOnMount: "always",
  });

  const status = query.data?.status;
  const seenStatus = useRef(status);
  useEffect(() => {
    if (seenStatus.current !== undefined && status !== undefined && seenStatus.current !== status) void refreshIssueSummaries(queryClient);
    seenStatus.current = status;
  }, [status, queryClient]);

  return query;
}

/** Lists and search results only; the issue itself was just read. */
function refreshIssueSummaries(queryClient: QueryClient) {
  return Promise.all([ISSUE_LISTS_KEY, SEARCH_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Keeps the answer as the issue's cached state, then refreshes every list and search that shows issues. A 409 means
 * the issue moved on (someone else decided, the proposal was replaced), so it is read again to show where it stands.
 */
function useIssueMutation<TVariables>(send: (variables: TVariables) => Promise<Issue>, existingId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (issue) => {
      queryClient.setQueryData(issueKey(issue.id), issue);
      return refreshIssueData(queryClient);
    },
    onError: (error) => {
      if (existingId !== undefined && apiErrorStatus(error) === 409) void queryClient.invalidateQueries({ queryKey: issueKey(existingId) });
    },
  });
}

export function useReportIssue() {
  return useIssueMutation((body: IssueBody) => callApi(issueEndpoints.create, { body }));
}

export function useApproveIssue(id: number) {
  return useIssueMutation((body: ApproveIssueBody) => callApi(issueEndpoints.approve, { params: { id }, body }), id);
}

export function useRejectIssue(id: number) {
  return useIssueMutation((body: RejectIssueBody) => callApi(issueEndpoints.reject, { params: { id }, body }), id);
}

/** Asks for a new proposal (failed, rejected or awaiting review); the issue goes back to being prepared. */
export function useRetryIssue(id: number) {
  return useIssueMutation(() => callApi(issueEndpoints.retry, { params: { id } }), id);
}
