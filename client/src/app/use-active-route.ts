import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useRegisteredPageTitle } from "@/lib/page-title";
import { findRoute, isNavRoute, type AppRoute } from "./routes";

export function useActiveRoute() {
  const [location] = useLocation();
  return findRoute(location);
}

/**
 * The header's title and subtitle for a route: a record's page's own title once it has registered one (the lead's
 * business name), else the route's; the 404 page's for an unknown path.
 */
export function useRouteTitle(route: AppRoute | undefined): { title: string; subtitle: string } {
  const { t } = useTranslation();
  const registered = useRegisteredPageTitle();
  if (!route) return { title: t("notFound.title"), subtitle: t("notFound.description") };
  const title = !isNavRoute(route) && registered !== null ? registered : t(route.titleKey);
  return { title, subtitle: t(route.subtitleKey) };
}
