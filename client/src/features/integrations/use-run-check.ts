import { useTranslation } from "react-i18next";
import type { IntegrationKind } from "@contract/integrations";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { storedLine } from "@/lib/server-messages";
import { useCheckIntegration } from "./integration-queries";

/**
 * Send test / Check connection: uses the integration once and toasts what came back (a Slack post refused, Stripe
 * unreachable from this machine...), in the reader's language. The card's status follows from the answer's row.
 */
export function useRunCheck() {
  const { t, i18n } = useTranslation();
  const check = useCheckIntegration();
  const run = (kind: IntegrationKind) =>
    check.mutate(kind, {
      onSuccess: (result) => {
        const description = storedLine(t, i18n.resolvedLanguage ?? "en", "integrationOutcomes", { ...result.messageCode, text: result.message });
        toast(
          result.ok
            ? { title: t("integrations.check.okTitle"), description }
            : { variant: "destructive", title: t("integrations.check.failedTitle"), description },
        );
      },
      onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("integrations.check.failed")) }),
    });
  return { run, pendingKind: check.isPending ? check.variables : undefined };
}
