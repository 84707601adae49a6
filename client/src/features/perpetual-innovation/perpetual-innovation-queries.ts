import { useQuery } from "@tanstack/react-query";
import { perpetualInnovationEndpoints } from "@contract/records";
import { BUSINESS_HEALTH_REFRESH_MS, RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import {
  communityLegacyFamily,
  handoverPackageFamily,
  projectLegacyReportFamily,
  sunsetPlanFamily,
  techRefreshFamily,
} from "@contract/records/perpetual-innovation";
import { callApi } from "@/lib/api-client";
import { RECORDS_KEY, useFamilyList } from "@/features/records";

/** The dashboard's figures, every 5 minutes (spec §7); under the records prefix, so a saved record refreshes it. */
export function usePerpetualInnovationDashboard() {
  return useQuery({
    queryKey: [...RECORDS_KEY, "perpetual-innovation-dashboard"],
    queryFn: ({ signal }) => callApi(perpetualInnovationEndpoints.dashboard, {}, { signal }),
    refetchInterval: BUSINESS_HEALTH_REFRESH_MS,
  });
}

/*
 * Each tab's list, hourly (spec §7). The tab and the header's Legacy Report ask with the same query, so they share
 * one answer. The tech assessments are the latest 5 (spec §9); the other lists are shown whole.
 */
const WHOLE_LIST = { limit: 200 } as const;
export const useTechRefreshList = () => useFamilyList(techRefreshFamily, { limit: 5 }, RECORD_LIST_REFRESH_MS);
export const useHandoverList = () => useFamilyList(handoverPackageFamily, WHOLE_LIST, RECORD_LIST_REFRESH_MS);
export const useCommunityLegacyList = () => useFamilyList(communityLegacyFamily, WHOLE_LIST, RECORD_LIST_REFRESH_MS);
export const useSunsetPlanList = () => useFamilyList(sunsetPlanFamily, WHOLE_LIST, RECORD_LIST_REFRESH_MS);
export const useProjectLegacyList = () => useFamilyList(projectLegacyReportFamily, WHOLE_LIST, RECORD_LIST_REFRESH_MS);
