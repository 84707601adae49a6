import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FEEDBACK_POLL_MS, feedbackEndpoints, type FeedbackBody } from "@contract/feedback";
import { callApi } from "@/lib/api-client";
import { FEEDBACK_KEY, refreshFeedbackData } from "@/lib/query-invalidation";

export const FEEDBACK_LIST_LIMIT = 50;

/** Recent Feedback, newest first; read again every 30 s while the screen is open (spec §7). */
export function useFeedbackList() {
  return useQuery({
    queryKey: [...FEEDBACK_KEY, "list", { limit: FEEDBACK_LIST_LIMIT }],
    queryFn: ({ signal }) => callApi(feedbackEndpoints.list, { query: { limit: FEEDBACK_LIST_LIMIT } }, { signal }),
    refetchInterval: FEEDBACK_POLL_MS,
    refetchOnMount: "always",
  });
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackBody) => callApi(feedbackEndpoints.create, { body }),
    onSuccess: () => refreshFeedbackData(queryClient),
  });
}
