import type { TFunction } from "i18next";
import { Check, ExternalLink, Plug, Send, Settings2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { IntegrationKind, IntegrationStatus, IntegrationStatusRow } from "@contract/integrations";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { storedLine } from "@/lib/server-messages";
import { useFormatters } from "@/lib/use-formatters";
import { isFormKind, type FormKind } from "./integration-forms";
import { integrationFeatures, integrationIcons, integrationName, integrationStatusLabel } from "./integration-labels";

const STATUS_VARIANT: Record<IntegrationStatus, "outline" | "warning" | "success"> = {
  available: "outline",
  configured: "warning",
  connected: "success",
};

/** available grey outline, configured yellow, connected green (the badge variants are checked for contrast). */
export function IntegrationStatusBadge({ status }: { status: IntegrationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="integration-status">
      {integrationStatusLabel(t, status)}
    </Badge>
  );
}

type IntegrationCardProps = {
  row: IntegrationStatusRow;
  /** undefined while the session loads: the buttons wait, rather than flash as refused. */
  mayConfigure: boolean | undefined;
  /** The id of the line saying why the buttons are off for staff. */
  refusedReasonId: string;
  onConfigure: (kind: FormKind) => void;
  onCheck: (kind: IntegrationKind) => void;
  checking: boolean;
};

/** One integration (spec §2): its status, up to 3 features, how it was last used, and at most 2 actions. */
export function IntegrationCard({ row, mayConfigure, refusedReasonId, onConfigure, onCheck, checking }: IntegrationCardProps) {
  const { t } = useTranslation();
  const Icon = integrationIcons[row.kind];
  const name = integrationName(t, row.kind);
  const titleId = `integration-${row.kind}-title`;
  const usageId = `integration-${row.kind}-usage`;

  return (
    <Card className="flex min-w-0 flex-col" aria-labelledby={titleId} data-testid={`integration-${row.kind}`}>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
            <Icon aria-hidden="true" className="size-4" />
          </span>
          <CardTitle id={titleId}>{name}</CardTitle>
        </div>
        <div className="flex flex-wrap justify-end gap-1">
          {row.status !== "available" && !row.enabled ? <Badge variant="secondary">{t("integrations.cards.switchedOff")}</Badge> : null}
          <IntegrationStatusBadge status={row.status} />
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <p className="text-sm text-muted-foreground">{t(`integrations.${row.kind}.description`)}</p>
        <ul className="grid gap-1 text-sm" aria-label={t("integrations.cards.features")}>
          {integrationFeatures(t, row.kind).map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-strong" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <IntegrationUsage row={row} id={usageId} />
        {row.kind === "zapier" ? <ZapierSetup row={row} /> : <SavedSettings row={row} />}
        <p className="text-xs text-muted-foreground" data-testid="integration-connecting">
          {t(`integrations.${row.kind}.connecting`)}
        </p>
      </CardContent>
      <CardFooter className="flex-wrap" data-testid="integration-actions">
        {row.kind === "zapier" ? (
          <ZapierActions row={row} mayConfigure={mayConfigure} refusedReasonId={refusedReasonId} />
        ) : (
          <>
            <Button
              onClick={() => isFormKind(row.kind) && onConfigure(row.kind)}
              disabled={mayConfigure !== true}
              aria-describedby={mayConfigure === false ? refusedReasonId : undefined}
              aria-label={t(row.status === "connected" ? "integrations.cards.configureNamed" : "integrations.cards.connectNamed", { name })}
              data-testid="integration-configure"
            >
              {row.status === "connected" ? <Settings2 aria-hidden="true" /> : <Plug aria-hidden="true" />}
              {row.status === "connected" ? t("integrations.cards.configure") : t("integrations.cards.connect")}
            </Button>
            <Button
              variant="outline"
              onClick={() => onCheck(row.kind)}
              disabled={mayConfigure !== true || row.status === "available" || checking}
              aria-describedby={mayConfigure === false ? refusedReasonId : row.status === "available" ? usageId : undefined}
              data-testid="integration-check"
            >
              <Send aria-hidden="true" />
              {checking ? t("integrations.cards.checking") : checkLabel(t, row.kind)}
            </Button>
          </>
        )}
      </CardFooter>
    </Card>
  );
}

/** Slack posts a message; Stripe and Google are asked whether the settings work. */
export function checkLabel(t: TFunction, kind: IntegrationKind): string {
  return kind === "slack" ? t("integrations.cards.sendTest") : t("integrations.cards.checkConnection");
}

/** How the integration was last used, honestly: never is said as such, and the last failure is quoted. */
function IntegrationUsage({ row, id }: { row: IntegrationStatusRow; id: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  // In the reader's language; a receiver's own error text (Zapier's deliveries) as it came.
  const lastError = (text: string) => storedLine(t, format.language, "integrationOutcomes", { ...row.lastErrorCode, text });
  return (
    <div className="grid gap-1 text-sm" id={id} data-testid="integration-usage">
      <p>
        {row.status === "available"
          ? t(row.kind === "zapier" ? "integrations.zapier.notSetUp" : "integrations.cards.notConfigured")
          : row.lastUsedAt
            ? t("integrations.cards.lastUsed", { when: format.dateTime(row.lastUsedAt) })
            : t("integrations.cards.neverUsed")}
      </p>
      {row.lastError ? (
        <p className="text-destructive-strong" data-testid="integration-last-error">
          {row.lastErrorAt
            ? t("integrations.cards.lastErrorAt", { when: format.dateTime(row.lastErrorAt), message: lastError(row.lastError) })
            : t("integrations.cards.lastError", { message: lastError(row.lastError) })}
        </p>
      ) : null}
    </div>
  );
}

const settingText = (row: IntegrationStatusRow, key: string) => {
  const value = row.settings[key];
  return typeof value === "string" && value !== "" ? value : null;
};

/** The saved settings that are not secret, and the last characters of the secret that is. */
function SavedSettings({ row }: { row: IntegrationStatusRow }) {
  const { t } = useTranslation();
  if (row.status === "available") return null;
  const lines: string[] = [];
  if (row.kind === "slack") {
    const channel = settingText(row, "channelLabel");
    if (channel) lines.push(t("integrations.slack.channel", { channel }));
    const events = Array.isArray(row.settings.events) ? row.settings.events.length : 0;
    lines.push(t("integrations.slack.eventCount", { count: events }));
  }
  if (row.kind === "stripe") {
    const publishable = settingText(row, "publishableKey");
    if (publishable) lines.push(t("integrations.stripe.publishableKeySaved", { key: publishable }));
  }
  if (row.kind === "google_workspace") {
    const domain = settingText(row, "domain");
    if (domain) lines.push(t("integrations.google_workspace.domainSaved", { domain }));
  }
  if (row.secretHint) lines.push(t("integrations.cards.secretHint", { hint: row.secretHint }));
  return (
    <ul className="grid gap-0.5 text-xs text-muted-foreground" data-testid="integration-settings">
      {lines.map((line) => (
        <li key={line} className="break-all">
          {line}
        </li>
      ))}
    </ul>
  );
}

/** Zapier has no form: a Zap's Catch Hook receives Leadwell's webhooks, and an API key lets a Zap create leads. */
function ZapierSetup({ row }: { row: IntegrationStatusRow }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 text-sm">
      <ol className="grid list-decimal gap-1.5 pl-5">
        <li>
          {t("integrations.zapier.stepWebhook")}{" "}
          <Link href="/settings" className="text-primary underline underline-offset-4">
            {t("integrations.zapier.webhooksLink")}
          </Link>
        </li>
        <li>
          {t("integrations.zapier.stepApiKey")}{" "}
          <Link href="/settings" className="text-primary underline underline-offset-4">
            {t("integrations.zapier.apiKeysLink")}
          </Link>
        </li>
      </ol>
      <p className="text-xs text-muted-foreground" data-testid="zapier-counts">
        {t("integrations.zapier.counts", { webhooks: row.zapier?.webhookCount ?? 0, keys: row.zapier?.apiKeyCount ?? 0 })}
      </p>
    </div>
  );
}

function ZapierActions({ row, mayConfigure, refusedReasonId }: { row: IntegrationStatusRow; mayConfigure: boolean | undefined; refusedReasonId: string }) {
  const { t } = useTranslation();
  const label = row.status === "connected" ? t("integrations.cards.configure") : t("integrations.cards.connect");
  const icon = row.status === "connected" ? <Settings2 aria-hidden="true" /> : <Plug aria-hidden="true" />;
  return (
    <>
      {mayConfigure === true ? (
        <Button asChild data-testid="integration-configure">
          <Link href="/settings">
            {icon}
            {label}
          </Link>
        </Button>
      ) : (
        <Button disabled aria-describedby={mayConfigure === false ? refusedReasonId : undefined} data-testid="integration-configure">
          {icon}
          {label}
        </Button>
      )}
      <Button asChild variant="outline">
        <a href="/api/docs" target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" />
          {t("integrations.zapier.apiDocs")}
        </a>
      </Button>
    </>
  );
}
