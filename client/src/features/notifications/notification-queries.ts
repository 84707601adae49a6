import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Notification, notificationEndpoints } from "@contract/notifications";
import { callApi, type DeclaredRoute } from "@/lib/api-client";
import { useLiveMessages } from "@/lib/live-events";

// The bell is on the first page: routes checked against notificationEndpoints by type, so zod stays out of it (api-client.ts).
const listRoute: DeclaredRoute<typeof notificationEndpoints.list> = { method: "GET", path: "/notifications" };
const unreadCountRoute: DeclaredRoute<typeof notificationEndpoints.unreadCount> = { method: "GET", path: "/notifications/unread-count" };
const markReadRoute: DeclaredRoute<typeof notificationEndpoints.markRead> = { method: "POST", path: "/notifications/:id/read" };
const markAllReadRoute: DeclaredRoute<typeof notificationEndpoints.markAllRead> = { method: "POST", path: "/notifications/read-all" };

/** Both keys share the first segment, so invalidating NOTIFICATIONS_KEY refreshes the list and the count. */
export const NOTIFICATIONS_KEY = ["/api/notifications"] as const;
export const UNREAD_COUNT_KEY = ["/api/notifications", "unread-count"] as const;

/** The header bell: read again when the live stream says a notification arrived (no polling). */
export function useUnreadCount() {
  const queryClient = useQueryClient();
  useLiveMessages((batch) => {
    if (batch.notification) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
  return useQuery({ queryKey: UNREAD_COUNT_KEY, queryFn: ({ signal }) => callApi(unreadCountRoute, {}, { signal }) });
}

/** Fetched again each time the panel opens, since queries never go stale on their own. */
export function useNotifications() {
  return useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: ({ signal }) => callApi(listRoute, {}, { signal }), refetchOnMount: "always" });
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
    (id: number) => callApi(markReadRoute, { params: { id } }),
    (n, id) => n.id === id,
  );
}

export function useMarkAllNotificationsRead() {
  return useMarkRead(
    (_: void) => callApi(markAllReadRoute, {}),
    () => true,
  );
}
