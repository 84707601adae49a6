import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/ui/empty-state";
import type { TranslationKey } from "./routes";

type AreaPlaceholderProps = { icon: LucideIcon; descriptionKey: TranslationKey };

/**
 * The neutral page every area shows until it is built: no sample rows, no made-up figures. The router renders it for
 * the routes that declare a placeholderKey, handing it what it shows (it reads nothing from the route table itself).
 */
export function AreaPlaceholder({ icon, descriptionKey }: AreaPlaceholderProps) {
  const { t } = useTranslation();
  return <EmptyState icon={icon} title={t("empty.title")} description={t(descriptionKey)} />;
}
