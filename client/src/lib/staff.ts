import { useQuery } from "@tanstack/react-query";
import { taskEndpoints } from "@contract/tasks";
import { callApi } from "@/lib/api-client";
import { TASKS_KEY } from "@/lib/query-invalidation";

/**
 * The staff a lead or a task can be given to (few: the whole list, by name). Read by the lead form and by the task
 * form and filters, so it sits on the floor beside the session rather than in either feature. Under the tasks prefix,
 * as the tasks' writes refresh it.
 */
export function useAssignableStaff() {
  return useQuery({
    queryKey: [...TASKS_KEY, "assignees"],
    queryFn: ({ signal }) => callApi(taskEndpoints.assignees, {}, { signal }),
    refetchOnMount: "always",
  });
}
