import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { RefusedButton } from "@/components/refused-button";
import { toast } from "@/components/ui/use-toast";
import { useCurrentExportUrl } from "@/lib/export-target";
import { useActiveRoute } from "../use-active-route";
import { exportAction } from "./export-routes";
import { useCan } from "@/lib/authorization";

/**
 * Downloads the current screen's list as CSV, as export-routes.ts declares it for the route (with the filters the
 * screen shows), or stays disabled and says why. A plain link: the server streams the CSV with Content-Disposition,
 * so the browser shows the download and its progress itself.
 */
export function ExportDataButton() {
  const { t } = useTranslation();
  const route = useActiveRoute();
  const search = useSearch();
  const registered = useCurrentExportUrl();
  const mayExport = useCan("data.export");
  const found = exportAction(route?.path, search, registered);
  // Exports hand over whole lists at once: roles without the export permission see why the button does nothing.
  const action = "url" in found && mayExport === false ? ({ reasonKey: "header.exportNotAllowed" } as const) : found;

  if ("reasonKey" in action) {
    return (
      <RefusedButton reason={t(action.reasonKey)} reasonTestId="export-data-reason" data-testid="export-data-button">
        <Download aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t("header.exportData")}</span>
      </RefusedButton>
    );
  }

  return (
    <Button variant="outline" size="sm" asChild>
      <a
        href={action.url}
        download
        data-testid="export-data-button"
        onClick={() => toast({ title: t("header.exportStarted"), description: t("header.exportStartedDescription") })}
      >
        <Download aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t("header.exportData")}</span>
      </a>
    </Button>
  );
}
