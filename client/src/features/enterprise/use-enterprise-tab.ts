import { useCallback } from "react";
import { useSearchParams } from "wouter";

/** Spec: five tabs, Migration first. */
export const enterpriseTabs = ["migration", "white-label", "enterprise", "security", "succession"] as const;
export type EnterpriseTab = (typeof enterpriseTabs)[number];

export const isEnterpriseTab = (value: string | null): value is EnterpriseTab => value !== null && (enterpriseTabs as readonly string[]).includes(value);

/** The open tab lives in the query string (/enterprise?tab=security), so a link, a reload or Back lands on it. */
export function useEnterpriseTab() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: EnterpriseTab = isEnterpriseTab(requested) ? requested : "migration";
  const showTab = useCallback(
    (next: EnterpriseTab) =>
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        if (next === "migration") updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      }),
    [setParams],
  );
  return { tab, showTab };
}
