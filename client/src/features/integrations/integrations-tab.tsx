import { Plug, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RetryAlert } from "@/components/retry-alert";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage } from "@/lib/api";
import { IntegrationCard } from "./integration-card";
import type { FormKind } from "./integration-forms";
import { useIntegrationStatus, useMayConfigureIntegrations } from "./integration-queries";
import { useRunCheck } from "./use-run-check";

/** The id of the line telling staff why the buttons are off; the buttons point at it. */
export const REFUSED_REASON_ID = "integrations-admin-only";

/** The Integrations tab: Zapier, Slack, Stripe and Google Workspace, their status read again every 30 s. */
export function IntegrationsTab({ onConfigure }: { onConfigure: (kind: FormKind) => void }) {
  const { t } = useTranslation();
  const status = useIntegrationStatus();
  const mayConfigure = useMayConfigureIntegrations();
  const check = useRunCheck();
  const rows = status.data?.integrations ?? [];

  return (
    <div className="grid gap-4" aria-busy={status.isFetching && !status.isPending}>
      {mayConfigure === false ? <AdminOnlyNote /> : null}
      {status.isPending ? (
        <div className="flex justify-center py-10" data-testid="integrations-loading">
          <Spinner label={t("integrations.cards.loading")} />
        </div>
      ) : status.isError ? (
        <RetryAlert
          message={t("integrations.cards.error", { message: apiErrorMessage(status.error, t("common.networkError")) })}
          onRetry={() => void status.refetch()}
          data-testid="integrations-error"
        />
      ) : rows.length === 0 ? (
        <EmptyState icon={Plug} title={t("integrations.cards.empty")} data-testid="integrations-empty" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" data-testid="integration-cards">
          {rows.map((row) => (
            <IntegrationCard
              key={row.kind}
              row={row}
              mayConfigure={mayConfigure}
              refusedReasonId={REFUSED_REASON_ID}
              onConfigure={onConfigure}
              onCheck={check.run}
              checking={check.pendingKind === row.kind}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** Staff see every integration, and why they cannot change one. */
export function AdminOnlyNote() {
  const { t } = useTranslation();
  return (
    <Alert id={REFUSED_REASON_ID} data-testid="integrations-admin-only">
      <ShieldAlert aria-hidden="true" />
      {t("integrations.cards.adminOnly")}
    </Alert>
  );
}
