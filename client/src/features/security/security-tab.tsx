import { useState } from "react";
import { Ban, KeyRound, Lock, LogOut, ShieldAlert, UserX, Users, Webhook } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { ActiveSession, SecurityOverview } from "@contract/security";
import { ALL_WEBHOOK_EVENTS } from "@contract/webhooks";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { DataTableState } from "@/components/data-table-state";
import { StatCardGrid } from "@/components/stat-card-grid";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { eventLabel } from "@/lib/labels";
import { storedLine } from "@/lib/server-messages";
import { useFormatters } from "@/lib/use-formatters";
import { auditDetails } from "./audit-details";
import { AuditTrailCard } from "./audit-trail-card";
import { useRevokeSession, useSecurityOverview } from "./security-queries";
import { useCan } from "@/lib/authorization";

/**
 * Enterprise → Security (spec §2): the security dashboard (administrators) and the audit trail's latest rows with a
 * link to the full view (managers and administrators). Whoever may not see a part reads why instead.
 */
export function SecurityTab() {
  const { t } = useTranslation();
  const mayManage = useCan("security.manage");
  return (
    <div className="grid gap-4" data-testid="security-tab">
      {mayManage === false ? (
        <Alert data-testid="security-admin-only">
          <ShieldAlert aria-hidden="true" />
          {t("security.adminOnly")}
        </Alert>
      ) : (
        <SecurityDashboard enabled={mayManage === true} />
      )}
      <AuditTrailCard />
    </div>
  );
}

function SecurityDashboard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const overview = useSecurityOverview(enabled);
  const data = overview.data;
  const cards = [
    {
      title: t("security.figures.failedSignIns"),
      value: format.number(data?.failedSignIns.last24h ?? 0),
      caption: t("security.figures.failedSignInsCaption", { emails: data?.failedSignIns.emails ?? 0, addresses: data?.failedSignIns.addresses ?? 0 }),
      icon: UserX,
      "data-testid": "security-failed-sign-ins",
    },
    { title: t("security.figures.locked"), value: format.number(data?.lockedSignIns.length ?? 0), icon: Lock, "data-testid": "security-locked" },
    { title: t("security.figures.sessions"), value: format.number(data?.activeSessions.length ?? 0), icon: Users, "data-testid": "security-sessions" },
    { title: t("security.figures.apiKeys"), value: format.number(data?.apiKeys.length ?? 0), icon: KeyRound, "data-testid": "security-api-keys" },
  ];
  return (
    <>
      <StatCardGrid cards={cards} loading={overview.isPending} busy={overview.isFetching} data-testid="security-figures" />
      <SessionsCard overview={overview} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <LockedCard overview={overview} />
        <WebhooksCard overview={overview} />
      </div>
      <ApiKeysCard overview={overview} />
      <EventsCard overview={overview} />
    </>
  );
}

type OverviewQuery = ReturnType<typeof useSecurityOverview>;

function useListTexts(name: "sessions" | "locked" | "apiKeys" | "webhooks" | "events") {
  const { t } = useTranslation();
  return {
    loadingText: t("security.loading"),
    errorText: (message: string) => t("security.error", { message }),
    empty: t(`security.${name}.empty`),
  };
}

function SessionsCard({ overview }: { overview: OverviewQuery }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const texts = useListTexts("sessions");
  const rows = overview.data?.activeSessions ?? [];
  const revoke = useRevokeSession();
  const [pending, setPending] = useState<ActiveSession | null>(null);
  const confirm = () => {
    if (!pending) return;
    revoke.mutate(pending.id, {
      onSuccess: () => {
        toast({ title: t("security.sessions.revoked", { name: pending.userName }) });
        setPending(null);
      },
      onError: (error) => toast({ variant: "destructive", title: t("security.sessions.revokeFailed"), description: apiErrorMessage(error, t("common.networkError")) }),
    });
  };
  return (
    <Card className="min-w-0" data-testid="security-sessions-card">
      <CardHeader>
        <CardTitle>{t("security.sessions.title")}</CardTitle>
        <CardDescription>{t("security.sessions.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={overview}
        rowCount={rows.length}
        testId="security-sessions-list"
        {...texts}
        table={{
          label: t("security.sessions.title"),
          className: "min-w-[44rem] table-fixed",
          columns: 5,
          head: (
            <>
              <TableHead>{t("security.sessions.columns.person")}</TableHead>
              <TableHead className="w-44">{t("security.sessions.columns.from")}</TableHead>
              <TableHead className="w-36">{t("security.sessions.columns.started")}</TableHead>
              <TableHead className="w-36">{t("security.sessions.columns.lastSeen")}</TableHead>
              <TableHead className="w-28 text-right">{t("security.sessions.columns.actions")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((session) => (
          <TableRow key={session.id} data-testid="security-session-row">
            <TableCell>
              <div className="truncate font-medium" title={session.userName}>
                {session.userName}
                {session.current ? <span className="ml-1 text-xs text-muted-foreground">{t("security.sessions.current")}</span> : null}
              </div>
              <div className="truncate text-xs text-muted-foreground" title={session.userEmail}>
                {session.userEmail}
              </div>
            </TableCell>
            <TableCell>
              <div className="truncate text-xs" title={session.ipAddress ?? undefined}>
                {session.ipAddress ?? t("security.unknown")}
              </div>
              <div className="truncate text-xs text-muted-foreground" title={session.userAgent ?? undefined}>
                {session.userAgent ?? ""}
              </div>
            </TableCell>
            <TableCell className="text-xs">{format.dateTime(session.createdAt)}</TableCell>
            <TableCell className="text-xs">{format.dateTime(session.lastSeenAt)}</TableCell>
            <TableCell className="text-right">
              <Button
                variant="outline"
                size="sm"
                aria-label={t("security.sessions.revokeOf", { name: session.userName })}
                onClick={() => setPending(session)}
                data-testid="security-session-revoke"
              >
                <LogOut aria-hidden="true" />
                {t("security.sessions.revoke")}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </DataTableState>
      <ConfirmDeleteDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("security.sessions.confirmTitle", { name: pending?.userName ?? "" })}
        description={pending?.current ? t("security.sessions.confirmOwn") : t("security.sessions.confirmDescription")}
        submitLabel={t("security.sessions.revoke")}
        submittingLabel={t("security.sessions.revoking")}
        pending={revoke.isPending}
        onConfirm={confirm}
        data-testid="security-session-confirm"
      />
    </Card>
  );
}

function LockedCard({ overview }: { overview: OverviewQuery }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const texts = useListTexts("locked");
  const rows = overview.data?.lockedSignIns ?? [];
  return (
    <Card className="min-w-0" data-testid="security-locked-card">
      <CardHeader>
        <CardTitle>{t("security.locked.title")}</CardTitle>
        <CardDescription>{t("security.locked.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={overview}
        rowCount={rows.length}
        testId="security-locked-list"
        {...texts}
        table={{
          label: t("security.locked.title"),
          className: "table-fixed",
          columns: 2,
          head: (
            <>
              <TableHead>{t("security.locked.columns.account")}</TableHead>
              <TableHead className="w-36">{t("security.locked.columns.until")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((lock) => (
          <TableRow key={`${lock.scope}:${lock.email}|${lock.address ?? ""}`}>
            <TableCell>
              <div className="truncate" title={lock.email}>
                {lock.email}
              </div>
              <div className="truncate text-xs text-muted-foreground">
                {t(`security.locked.scope.${lock.scope}`)} · {lock.address ?? t("security.locked.everywhere")}
              </div>
            </TableCell>
            <TableCell className="text-xs">{format.dateTime(lock.lockedUntil)}</TableCell>
          </TableRow>
        ))}
      </DataTableState>
    </Card>
  );
}

function WebhooksCard({ overview }: { overview: OverviewQuery }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const texts = useListTexts("webhooks");
  const rows = overview.data?.disabledWebhooks ?? [];
  return (
    <Card className="min-w-0" data-testid="security-webhooks-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Webhook aria-hidden="true" className="size-4" />
          {t("security.webhooks.title")}
        </CardTitle>
        <CardDescription>{t("security.webhooks.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={overview}
        rowCount={rows.length}
        testId="security-webhooks-list"
        {...texts}
        table={{
          label: t("security.webhooks.title"),
          className: "table-fixed",
          columns: 2,
          head: (
            <>
              <TableHead>{t("security.webhooks.columns.url")}</TableHead>
              <TableHead className="w-40">{t("security.webhooks.columns.reason")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((hook) => (
          <TableRow key={hook.id}>
            <TableCell>
              <div className="truncate" title={hook.url}>
                {hook.url}
              </div>
              <div className="truncate text-xs text-muted-foreground" title={hook.event}>
                {hook.event === ALL_WEBHOOK_EVENTS ? t("settings.webhooks.allEvents") : eventLabel(t, hook.event)}
              </div>
            </TableCell>
            <TableCell className="text-xs">
              <DisabledReason t={t} text={hook.disabledReason ? storedLine(t, language, "webhookDisableReasons", { ...hook.disabledReasonCode, text: hook.disabledReason }) : null} />
            </TableCell>
          </TableRow>
        ))}
      </DataTableState>
    </Card>
  );
}

/** Why the server disabled a webhook, in the reader's language; a person's switch says so. */
function DisabledReason({ t, text }: { t: TFunction; text: string | null }) {
  return (
    <div className="line-clamp-2" title={text ?? undefined}>
      {text ?? t("security.webhooks.byPerson")}
    </div>
  );
}

function ApiKeysCard({ overview }: { overview: OverviewQuery }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const texts = useListTexts("apiKeys");
  const rows = overview.data?.apiKeys ?? [];
  return (
    <Card className="min-w-0" data-testid="security-api-keys-card">
      <CardHeader>
        <CardTitle>{t("security.apiKeys.title")}</CardTitle>
        <CardDescription>{t("security.apiKeys.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={overview}
        rowCount={rows.length}
        testId="security-api-keys-list"
        {...texts}
        table={{
          label: t("security.apiKeys.title"),
          className: "min-w-[40rem] table-fixed",
          columns: 4,
          head: (
            <>
              <TableHead>{t("security.apiKeys.columns.key")}</TableHead>
              <TableHead className="w-28">{t("security.apiKeys.columns.scope")}</TableHead>
              <TableHead className="w-52">{t("security.apiKeys.columns.createdBy")}</TableHead>
              <TableHead className="w-36">{t("security.apiKeys.columns.lastUsed")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((key) => (
          <TableRow key={key.id}>
            <TableCell>
              <div className="truncate font-medium" title={key.label}>
                {key.label}
              </div>
              <div className="truncate font-mono text-xs text-muted-foreground">{key.keyPrefix}…</div>
            </TableCell>
            <TableCell>
              <Badge variant="outline">{key.scope}</Badge>
            </TableCell>
            <TableCell className="truncate text-xs" title={key.createdBy}>
              {key.createdBy}
            </TableCell>
            <TableCell className="text-xs">{key.lastUsed ? format.dateTime(key.lastUsed) : t("security.apiKeys.neverUsed")}</TableCell>
          </TableRow>
        ))}
      </DataTableState>
    </Card>
  );
}

function EventsCard({ overview }: { overview: OverviewQuery }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const texts = useListTexts("events");
  const rows: SecurityOverview["recentEvents"] = overview.data?.recentEvents ?? [];
  return (
    <Card className="min-w-0" data-testid="security-events-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Ban aria-hidden="true" className="size-4" />
          {t("security.events.title")}
        </CardTitle>
        <CardDescription>{t("security.events.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={overview}
        rowCount={rows.length}
        testId="security-events-list"
        {...texts}
        table={{
          label: t("security.events.title"),
          className: "min-w-[40rem] table-fixed",
          columns: 4,
          head: (
            <>
              <TableHead className="w-36">{t("security.events.columns.when")}</TableHead>
              <TableHead className="w-48">{t("security.events.columns.action")}</TableHead>
              <TableHead>{t("security.events.columns.details")}</TableHead>
              <TableHead className="w-32">{t("security.events.columns.address")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((event) => (
          <TableRow key={event.id} data-testid="security-event-row">
            <TableCell className="text-xs">{format.dateTime(event.createdAt)}</TableCell>
            <TableCell className="truncate font-mono text-xs" title={event.action}>
              {event.action}
            </TableCell>
            <TableCell className="text-xs">
              <div className="truncate" title={event.userEmail ?? undefined}>
                {event.userEmail ?? t("security.unknown")}
              </div>
              <div className="truncate text-muted-foreground" title={auditDetails(t, format.language, event) || undefined}>
                {auditDetails(t, format.language, event)}
              </div>
            </TableCell>
            <TableCell className="truncate text-xs">{event.ipAddress ?? ""}</TableCell>
          </TableRow>
        ))}
      </DataTableState>
    </Card>
  );
}
