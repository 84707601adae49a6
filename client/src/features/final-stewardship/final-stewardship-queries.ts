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
import { RECORDS_KEY, useFamilyList } from "@/features/records";

/** The dashboard's figures, every 5 minutes (spec §7); under the records prefix, so a saved record refreshes it. */
export function useFinalStewardshipDashboard() {
  return useQuery({
    queryKey: [...RECORDS_KEY, "final-stewardship-dashboard"],
    queryFn: ({ signal }) => callApi(finalStewardshipEndpoints.dashboard, {}, { signal }),
    refetchInterval: FINAL_STEWARDSHIP_REFRESH_MS,
  });
}

/*
 * Each tab's list query, hourly (spec §7). The declared tabs and the report button ask with the same query, so they
 * share one cache entry: the report holds exactly the figures the tabs show.
 */
export const VALIDATIONS_QUERY = { limit: 5 } as const;
export const AUDITS_QUERY = { limit: 5 } as const;
export const ARCHIVES_QUERY = { limit: 200 } as const;
/** Only active plans are listed (spec §2); the analytics still cover every plan. */
export const ACTIVE_PLANS_QUERY = { status: "active", limit: 200 } as const;
export const STATEMENTS_QUERY = { limit: 200 } as const;

export const useValidations = () => useFamilyList(stewardshipValidationFamily, VALIDATIONS_QUERY, RECORD_LIST_REFRESH_MS);
export const useAudits = () => useFamilyList(legacyAuditFamily, AUDITS_QUERY, RECORD_LIST_REFRESH_MS);
export const useArchives = () => useFamilyList(archivalSystemFamily, ARCHIVES_QUERY, RECORD_LIST_REFRESH_MS);
export const useActivePlans = () => useFamilyList(stewardshipPlanFamily, ACTIVE_PLANS_QUERY, RECORD_LIST_REFRESH_MS);
export const useStatements = () => useFamilyList(stewardshipStatementFamily, STATEMENTS_QUERY, RECORD_LIST_REFRESH_MS);
