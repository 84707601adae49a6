import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/ui/empty-state";
import { useActiveRoute } from "./use-active-route";

/** The neutral page every area shows until it is built: no sample rows, no made-up figures. */
export function AreaPlaceholder() {
  const { t } = useTranslation();
  const route = useActiveRoute();
  if (!route) return null;
  return <EmptyState icon={route.icon} title={t("empty.title")} description={t(route.emptyKey)} />;
}
