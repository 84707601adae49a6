import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { taskEndpoints } from "@contract/tasks";
import type { StaffMember } from "@contract/tasks";
import { callApi } from "@/lib/api-client";
import { TASKS_KEY } from "@/lib/query-invalidation";

/**
 * The whole staff list by name, deactivated accounts included (few: one read). Read by the lead and task forms,
 * filters and bulk actions, so it sits on the floor beside the session rather than in either feature. Under the
 * tasks prefix, as the tasks' writes refresh it.
 */
function useStaffList<T>(select: (staff: StaffMember[]) => T) {
  return useQuery({
    queryKey: [...TASKS_KEY, "assignees"],
    queryFn: ({ signal }) => callApi(taskEndpoints.assignees, {}, { signal }),
    refetchOnMount: "always",
    select,
  });
}

const onlyActive = (staff: StaffMember[]) => staff.filter((person) => person.active);
const everyone = (staff: StaffMember[]) => staff;

/** The staff a lead or a task can be given to: the active ones (the server refuses a deactivated account). */
export const useAssignableStaff = () => useStaffList(onlyActive);

/**
 * Everyone who can be named or filtered by, deactivated accounts too: their leads and tasks stay theirs until someone
 * hands them on, and a filter or a finished job still names them.
 */
export const useStaffDirectory = () => useStaffList(everyone);

/** A person's name as a picker lists it, a deactivated account marked as such. */
export function staffLabel(t: TFunction, person: Pick<StaffMember, "name" | "active">): string {
  return person.active ? person.name : t("common.staffDeactivated", { name: person.name });
}
