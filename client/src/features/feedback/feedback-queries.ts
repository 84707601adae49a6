import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FEEDBACK_POLL_MS, type Feedback, type FeedbackBody } from "@contract/feedback";
import { apiRequest } from "@/lib/api";
import { FEEDBACK_KEY, refreshFeedbackData } from "@/lib/query-invalidation";
import { withQuery } from "@/lib/url";

export const FEEDBACK_LIST_LIMIT = 50;

/** Recent Feedback, newest first; read again every 30 s while the screen is open (spec §7). */
export function useFeedbackList() {
  return useQuery({
    queryKey: [...FEEDBACK_KEY, "list", { limit: FEEDBACK_LIST_LIMIT }],
    queryFn: async ({ signal }) => (await (await apiRequest("GET", withQuery("/api/feedback", { limit: FEEDBACK_LIST_LIMIT }), undefined, signal)).json()) as Feedback[],
    refetchInterval: FEEDBACK_POLL_MS,
    refetchOnMount: "always",
  });
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FeedbackBody) => (await (await apiRequest("POST", "/api/feedback", body)).json()) as Feedback,
    onSuccess: () => refreshFeedbackData(queryClient),
  });
}
