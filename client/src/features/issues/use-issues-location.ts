import { useCallback } from "react";
import { useSearchParams } from "wouter";
import type { IssueStatus } from "@contract/issues";
import { isIssueStatus } from "./issue-labels";

export const issueTabs = ["submit", "manage", "review"] as const;
export type IssueTab = (typeof issueTabs)[number];

export const isIssueTab = (value: string | null): value is IssueTab => value !== null && (issueTabs as readonly string[]).includes(value);

export type IssueListFilter = { q: string; status: IssueStatus | "" };

/** The list's search and status as the query string holds them (an unknown status is no filter). */
export function issueListFilter(params: URLSearchParams): IssueListFilter {
  const status = params.get("status") ?? "";
  return { q: params.get("q") ?? "", status: isIssueStatus(status) ? status : "" };
}

/**
 * The Technical Issues screen keeps its tab, the reviewed issue and the list's search in the query string
 * (/issues?tab=review&id=12&q=chart), so notification links, reloads and Back all land where they point.
 * A link with only ?id= opens that issue's review.
 */
export function useIssuesLocation() {
  const [params, setParams] = useSearchParams();

  const idParam = Number(params.get("id"));
  const issueId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const tabParam = params.get("tab");
  const tab: IssueTab = isIssueTab(tabParam) ? tabParam : issueId !== null ? "review" : "submit";
  const filter = issueListFilter(params);

  const update = useCallback(
    (changes: Record<string, string | null>, options?: { replace?: boolean }) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      }, options),
    [setParams],
  );

  return {
    tab,
    issueId,
    filter,
    /** Tabs are history entries, so Back returns to the previous one; the reviewed issue is kept for the Review tab. */
    showTab: useCallback((next: IssueTab) => update({ tab: next }), [update]),
    openReview: useCallback((id: number) => update({ tab: "review", id: String(id) }), [update]),
    /** The list's search replaces the entry while typing instead of adding one per pause. */
    setFilter: useCallback(
      (next: Partial<IssueListFilter>) =>
        update({ ...(next.q !== undefined && { q: next.q }), ...(next.status !== undefined && { status: next.status }) }, { replace: true }),
      [update],
    ),
  };
}
