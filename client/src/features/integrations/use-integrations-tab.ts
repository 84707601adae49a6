import { useCallback } from "react";
import { useSearchParams } from "wouter";

export const integrationsTabs = ["integrations", "ai", "marketplace", "community"] as const;
export type IntegrationsTab = (typeof integrationsTabs)[number];

export const isIntegrationsTab = (value: string | null): value is IntegrationsTab =>
  value !== null && (integrationsTabs as readonly string[]).includes(value);

/**
 * The open tab lives in the query string (/integrations?tab=community), like the Technical Issues screen's, so a
 * link, a reload or Back lands on it. Each tab is a history entry.
 */
export function useIntegrationsTab() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: IntegrationsTab = isIntegrationsTab(requested) ? requested : "integrations";
  const showTab = useCallback(
    (next: IntegrationsTab) =>
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        if (next === "integrations") updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      }),
    [setParams],
  );
  return { tab, showTab };
}
