import { useEffect } from "react";
import type { CurrentUser } from "@contract/auth";
import { useTranslation } from "react-i18next";
import { useActiveBrand, useBrandColours } from "@/features/white-label/use-active-brand";
import { useLiveStream } from "@/lib/live-events";
import { useLiveRefresh } from "@/lib/live-refresh";
import { AppRouter } from "../router";
import { useActiveRoute, useRouteTitle } from "../use-active-route";
import { AppHeader } from "./app-header";
import { AppSidebar } from "./app-sidebar";

export function AppShell({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const route = useActiveRoute();
  const { title } = useRouteTitle(route);
  const activeBrand = useActiveBrand();
  useBrandColours(activeBrand.theme, activeBrand.brand?.name ?? null);
  // What others change shows without a reload: one live stream for the tab, and the screens it touches read again.
  useLiveStream(user.permissions.includes("crm.read"));
  useLiveRefresh();

  useEffect(() => {
    document.title = `${title} · ${t("app.name")}`;
  }, [title, t]);

  return (
    <div className="flex h-full">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:shadow"
      >
        {t("app.skipToContent")}
      </a>
      <AppSidebar role={user.role} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader user={user} route={route} />
        <main id="main-content" tabIndex={-1} className="flex-1 overflow-y-auto p-4 outline-none lg:p-6">
          <AppRouter />
        </main>
      </div>
    </div>
  );
}
