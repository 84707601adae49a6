import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { toast } from "@/components/ui/use-toast";
import { useCurrentExportUrl } from "./export-target";

/**
 * Downloads what the current page registered with useExportTarget. A plain link: the server streams the CSV
 * with Content-Disposition, so the browser shows the download and its progress itself.
 */
export function ExportDataButton() {
  const { t } = useTranslation();
  const url = useCurrentExportUrl();

  if (!url) {
    // aria-disabled rather than disabled: a disabled button gets no hover or focus, so the tooltip could not explain why.
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            aria-disabled="true"
            data-testid="export-data-button"
            onClick={(event) => event.preventDefault()}
          >
            <Download aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t("header.exportData")}</span>
          </Button>
        </TooltipTrigger>
        <TooltipContent>{t("header.exportUnavailable")}</TooltipContent>
      </Tooltip>
    );
  }

  return (
    <Button variant="outline" size="sm" asChild>
      <a
        href={url}
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
