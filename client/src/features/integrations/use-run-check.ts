import { useTranslation } from "react-i18next";
import type { IntegrationKind } from "@contract/integrations";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useCheckIntegration } from "./integration-queries";

/**
 * Send test / Check connection: uses the integration once and toasts what came back, in the server's words (a Slack
 * post refused, Stripe unreachable from this machine...). The card's status follows from the answer's row.
 */
export function useRunCheck() {
  const { t } = useTranslation();
  const check = useCheckIntegration();
  const run = (kind: IntegrationKind) =>
    check.mutate(kind, {
      onSuccess: (result) =>
        toast(
          result.ok
            ? { title: t("integrations.check.okTitle"), description: result.message }
            : { variant: "destructive", title: t("integrations.check.failedTitle"), description: result.message },
        ),
      onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("integrations.check.failed")) }),
    });
  return { run, pendingKind: check.isPending ? check.variables : undefined };
}
