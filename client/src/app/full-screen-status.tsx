import { ServerCrash } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage } from "@/lib/api";

export function FullScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full items-center justify-center" data-testid="app-loading">
      <Spinner label={t("common.loading")} />
    </div>
  );
}

export function FullScreenError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full items-center justify-center p-4" data-testid="app-error">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-2 text-center">
        <ServerCrash aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-base font-semibold">{t("status.unreachableTitle")}</p>
        <p className="text-muted-foreground">{apiErrorMessage(error, t("common.networkError"))}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          {t("common.tryAgain")}
        </Button>
      </div>
    </div>
  );
}
