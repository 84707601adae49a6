import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MailCheck, MailWarning, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { mailEndpoints, type MailStatus, type OutboxMail } from "@contract/mail";
import { DataTableState, offsetPaging } from "@/components/data-table-state";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { callApi, callPage } from "@/lib/api-client";
import { useFormatters } from "@/lib/use-formatters";
import { translateValidationMessage } from "@/lib/validation-message";
import { useCan } from "@/lib/authorization";

const PAGE_SIZE = 10;
const COLUMNS = 5;
const STATUS_VARIANTS = { pending: "outline", sent: "success", failed: "destructive", held: "warning" } as const satisfies Record<MailStatus, string>;

/** Sent mail (Settings): what the app sent or held, so a message that did not leave is never lost silently. */
export function MailOutboxCard() {
  const { t } = useTranslation();
  const mayRead = useCan("mail.readOutbox") === true;

  return (
    <Card className="min-w-0" data-testid="settings-mail-outbox">
      <CardHeader>
        <CardTitle>{t("settings.mailOutbox.title")}</CardTitle>
        <CardDescription>{t("settings.mailOutbox.description")}</CardDescription>
      </CardHeader>
      {mayRead ? (
        <>
          <MailSettingsLine />
          <MailOutboxList />
        </>
      ) : (
        <CardContent>
          <Alert data-testid="mail-outbox-admin-only">
            <ShieldAlert aria-hidden="true" />
            {t("settings.mailOutbox.adminOnly")}
          </Alert>
        </CardContent>
      )}
    </Card>
  );
}

/** Whether an SMTP server is configured: without one every message is held, and staff should know why. */
function MailSettingsLine() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: ["/api/settings/mail-status"], queryFn: ({ signal }) => callApi(mailEndpoints.status, {}, { signal }) });
  if (!status.data) return null;
  const configured = status.data.smtpConfigured;
  return (
    <CardContent>
      <p className="flex items-center gap-2 text-sm" data-testid="mail-smtp-status">
        {configured ? <MailCheck aria-hidden="true" className="size-4" /> : <MailWarning aria-hidden="true" className="size-4" />}
        {configured ? t("settings.mailOutbox.configured", { from: status.data.from }) : t("settings.mailOutbox.notConfigured")}
      </p>
    </CardContent>
  );
}

function MailOutboxList() {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(0);
  const outbox = useQuery({
    queryKey: ["/api/settings/mail-outbox", pageIndex],
    queryFn: ({ signal }) => callPage(mailEndpoints.outbox, { query: { limit: PAGE_SIZE, offset: pageIndex * PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
  const page = outbox.data;
  const rows = page?.rows ?? [];

  return (
    <DataTableState
      query={outbox}
      rowCount={rows.length}
      testId="mail-outbox"
      loadingText={t("settings.mailOutbox.loading")}
      errorText={(message) => t("settings.mailOutbox.loadFailed", { message })}
      empty={t("settings.mailOutbox.empty")}
      table={{
        label: t("settings.mailOutbox.caption"),
        className: "min-w-[44rem] table-fixed",
        columns: COLUMNS,
        head: (
          <>
            <TableHead className="w-48">{t("settings.mailOutbox.to")}</TableHead>
            <TableHead>{t("settings.mailOutbox.subject")}</TableHead>
            <TableHead className="w-28">{t("settings.mailOutbox.status")}</TableHead>
            <TableHead className="w-44">{t("settings.mailOutbox.time")}</TableHead>
            <TableHead className="w-56">{t("settings.mailOutbox.error")}</TableHead>
          </>
        ),
      }}
      // One page needs no Previous / Next.
      paging={
        page && page.total > PAGE_SIZE
          ? { label: t("settings.mailOutbox.pagination"), testId: "mail-outbox-pagination-summary", ...offsetPaging(pageIndex, PAGE_SIZE, page.total, setPageIndex) }
          : undefined
      }
    >
      {rows.map((mail) => (
        <MailRow key={mail.id} mail={mail} />
      ))}
    </DataTableState>
  );
}

function MailRow({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  // A held message carries an error code (translated); a failed one the SMTP server's own answer, shown as it is.
  const error = translateValidationMessage(t, mail.error ?? undefined);
  return (
    <TableRow data-testid="mail-outbox-row">
      <TableCell>
        <div className="truncate" title={mail.to}>
          {mail.to}
        </div>
      </TableCell>
      <TableCell>
        <div className="truncate font-medium" title={mail.subject}>
          {mail.subject}
        </div>
      </TableCell>
      <TableCell>
        <Badge variant={STATUS_VARIANTS[mail.status]} data-testid="mail-outbox-status">
          {t(`settings.mailOutbox.statuses.${mail.status}`)}
        </Badge>
      </TableCell>
      <TableCell>{format.dateTime(mail.sentAt ?? mail.createdAt)}</TableCell>
      <TableCell>
        <div className="line-clamp-2 text-sm text-muted-foreground" title={error}>
          {error}
        </div>
      </TableCell>
    </TableRow>
  );
}
