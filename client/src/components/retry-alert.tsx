import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type RetryAlertProps = {
  /** What failed, already translated (it usually quotes the server's message). */
  message: string;
  onRetry: () => void;
  className?: string;
  "data-testid"?: string;
};

/** A failed load, said in red with Try again beside it. */
export function RetryAlert({ message, onRetry, className, ...rest }: RetryAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" className={cn("items-center", className)} data-testid={rest["data-testid"]}>
      <span className="flex-1">{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t("common.tryAgain")}
      </Button>
    </Alert>
  );
}
