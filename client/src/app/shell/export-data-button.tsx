import { useState } from "react";
import { Download, Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import type { ExportHandler } from "../routes";

export function ExportDataButton({ onExport }: { onExport?: ExportHandler }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  if (!onExport) {
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

  const run = async () => {
    setPending(true);
    try {
      await onExport();
    } catch (error) {
      toast({ variant: "destructive", title: t("header.exportFailed"), description: apiErrorMessage(error, t("common.unexpectedError")) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant="outline" size="sm" disabled={pending} onClick={() => void run()} data-testid="export-data-button">
      {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      <span className="sr-only sm:not-sr-only">{pending ? t("header.exporting") : t("header.exportData")}</span>
    </Button>
  );
}
