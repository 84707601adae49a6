import { useQuery } from "@tanstack/react-query";
import { finalStewardshipEndpoints } from "@contract/records";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import {
  archivalSystemFamily,
  FINAL_STEWARDSHIP_REFRESH_MS,
  legacyAuditFamily,
  stewardshipPlanFamily,
  stewardshipStatementFamily,
  stewardshipValidationFamily,
} from "@contract/records/final-stewardship";
import { callApi } from "@/lib/api-client";
import { type Analytics } from "@/features/records/monitoring-parts";
import { RECORDS_KEY, useFamilyList } from "@/features/records/record-queries";

/** The dashboard's figures, every 5 minutes (spec §7); under the records prefix, so a saved record refreshes it. */
export function useFinalStewardshipDashboard() {
  return useQuery({
    queryKey: [...RECORDS_KEY, "final-stewardship-dashboard"],
    queryFn: ({ signal }) => callApi(finalStewardshipEndpoints.dashboard, {}, { signal }),
    refetchInterval: FINAL_STEWARDSHIP_REFRESH_MS,
  });
}

/*
 * Each tab's list, hourly (spec §7). The tabs and the report button ask with the same query, so they share one cache
 * entry: the report holds exactly the figures the tabs show.
 */
export const useValidations = () => useFamilyList<Analytics>(stewardshipValidationFamily, { limit: 5 }, RECORD_LIST_REFRESH_MS);
export const useAudits = () => useFamilyList<Analytics>(legacyAuditFamily, { limit: 5 }, RECORD_LIST_REFRESH_MS);
export const useArchives = () => useFamilyList<Analytics>(archivalSystemFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
/** Only active plans are listed (spec §2); the analytics still cover every plan. */
export const useActivePlans = () => useFamilyList<Analytics>(stewardshipPlanFamily, { status: "active", limit: 200 }, RECORD_LIST_REFRESH_MS);
export const useStatements = () => useFamilyList<Analytics>(stewardshipStatementFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
