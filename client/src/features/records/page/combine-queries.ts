import type { DashboardQuery } from "./declaration";

/*
 * A dashboard over several endpoints (Customer Success's overview reads NPS, engagement, onboarding and renewals),
 * read as one dashboard reply so a `dashboardSection` declares its cards like any other: each card's `value(d)` reads
 * `d.nps.nps_score`, typed from each endpoint's reply.
 */

/** One hook per part of the reply, each a TanStack Query result of its endpoint. */
export type QueryHooks<D> = { readonly [K in keyof D]: () => DashboardQuery<D[K]> };

/**
 * The queries' results as one: the reply once every part has answered; an error (and its retry) when a part failed
 * with nothing to show; pending otherwise. A part that failed a refresh but still holds its last answer still counts
 * as answered, as each card showed it on its own. Retrying refetches only the parts without an answer.
 */
export function combineQueries<D extends object>(results: { readonly [K in keyof D]: DashboardQuery<D[K]> }): DashboardQuery<D> {
  const parts: [string, DashboardQuery<unknown>][] = Object.entries(results);
  const missing = parts.filter(([, result]) => result.data === undefined);
  const failed = missing.find(([, result]) => result.isError);
  const data: Record<string, unknown> = {};
  for (const [key, result] of parts) data[key] = result.data;
  return {
    data: missing.length === 0 ? (data as D) : undefined,
    isPending: missing.length > 0 && failed === undefined,
    isError: failed !== undefined,
    error: failed?.[1].error,
    refetch: () => missing.map(([, result]) => result.refetch()),
  };
}

/**
 * A dashboard's hook over several queries' hooks: `useDashboard: combinedDashboard({ nps: useNpsAnalytics, ... })`.
 * It calls every hook on each render, in the declaration's order, which never changes (the rules of hooks hold).
 */
export const combinedDashboard =
  <D extends object>(hooks: QueryHooks<D>) =>
  (): DashboardQuery<D> => {
    const results: Record<string, DashboardQuery<unknown>> = {};
    for (const [key, readPart] of Object.entries<() => DashboardQuery<unknown>>(hooks)) results[key] = readPart();
    return combineQueries(results as { [K in keyof D]: DashboardQuery<D[K]> });
  };
