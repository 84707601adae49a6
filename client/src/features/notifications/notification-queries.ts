import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Notification } from "@contract/notifications";
import { apiRequest } from "@/lib/api";

/** Both keys share the first segment, so invalidating NOTIFICATIONS_KEY refreshes the list and the count. */
export const NOTIFICATIONS_KEY = ["/api/notifications"] as const;
export const UNREAD_COUNT_KEY = ["/api/notifications", "unread-count"] as const;

const UNREAD_POLL_MS = 60_000;

export function useUnreadCount() {
  return useQuery<{ unread: number }>({ queryKey: UNREAD_COUNT_KEY, refetchInterval: UNREAD_POLL_MS });
}

/** Fetched again each time the panel opens, since queries never go stale on their own. */
export function useNotifications() {
  return useQuery<Notification[]>({ queryKey: NOTIFICATIONS_KEY, refetchOnMount: "always" });
}

function useMarkRead<TVariables>(request: (variables: TVariables) => Promise<unknown>, isAffected: (n: Notification, v: TVariables) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onMutate: async (variables: TVariables) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY, exact: true });
      const previous = queryClient.getQueryData<Notification[]>(NOTIFICATIONS_KEY);
      if (Array.isArray(previous)) {
        queryClient.setQueryData<Notification[]>(
          NOTIFICATIONS_KEY,
          previous.map((n) => (isAffected(n, variables) ? { ...n, isRead: true } : n)),
        );
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkNotificationRead() {
  return useMarkRead(
    (id: number) => apiRequest("POST", `/api/notifications/${id}/read`),
    (n, id) => n.id === id,
  );
}

export function useMarkAllNotificationsRead() {
  return useMarkRead(
    (_: void) => apiRequest("POST", "/api/notifications/read-all"),
    () => true,
  );
}
