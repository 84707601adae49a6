import { RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { WebhookDelivery } from "@contract/webhooks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { eventLabel } from "@/lib/labels";
import { useFormatters } from "@/lib/use-formatters";
import { useRedeliver, useWebhookDeliveries } from "./webhook-queries";

const STATUS_VARIANTS = { pending: "secondary", delivered: "outline", failed: "destructive" } as const;

/** The endpoint's delivery log: each delivery with every attempt (status, duration, the answer's start), and redeliver. */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(endpointId);

  if (deliveries.isPending) return <p className="text-sm text-muted-foreground">{t("settings.webhooks.log.loading")}</p>;
  if (deliveries.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {apiErrorMessage(deliveries.error, t("common.networkError"))}
      </p>
    );
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">{t("settings.webhooks.log.empty")}</p>;
  return (
    <ul className="grid gap-2" aria-label={t("settings.webhooks.log.label")} data-testid="webhook-deliveries">
      {deliveries.data.map((delivery) => (
        <DeliveryItem key={delivery.id} endpointId={endpointId} delivery={delivery} />
      ))}
    </ul>
  );
}

function DeliveryItem({ endpointId, delivery }: { endpointId: number; delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const redeliver = useRedeliver();
  return (
    <li className="grid gap-1 rounded border bg-muted/30 p-2 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center gap-2">
        <span>{eventLabel(t, delivery.eventName)}</span>
        <code className="font-mono text-xs text-muted-foreground">{delivery.eventName}</code>
        <Badge variant={STATUS_VARIANTS[delivery.status]}>{t(`settings.webhooks.log.status.${delivery.status}`)}</Badge>
        <time dateTime={delivery.createdAt} className="text-muted-foreground">
          {format.dateTime(delivery.createdAt)}
        </time>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          disabled={redeliver.isPending}
          onClick={() =>
            redeliver.mutate(
              { id: endpointId, deliveryId: delivery.id },
              { onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("settings.webhooks.log.redeliverFailed")) }) },
            )
          }
        >
          <RotateCcw aria-hidden="true" />
          {t("settings.webhooks.log.redeliver")}
        </Button>
      </div>
      <ol className="grid gap-1 pl-2">
        {delivery.attempts.map((attempt) => (
          <li key={attempt.id} className="grid gap-0.5">
            <span>
              {t("settings.webhooks.log.attempt", {
                at: format.dateTime(attempt.at),
                result: attempt.statusCode === null ? (attempt.error ?? "") : String(attempt.statusCode),
                duration: attempt.durationMs,
              })}
            </span>
            {attempt.responseSnippet ? <code className="block truncate font-mono text-xs text-muted-foreground" title={attempt.responseSnippet}>{attempt.responseSnippet}</code> : null}
          </li>
        ))}
      </ol>
    </li>
  );
}
