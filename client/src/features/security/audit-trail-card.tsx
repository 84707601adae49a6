import { useState, type FormEvent } from "react";
import { Download, History, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AuditRow } from "@contract/security";
import { DataTableState, useCursorPaging } from "@/components/data-table-state";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { LeadLink } from "@/features/leads";
import { useFormatters } from "@/lib/use-formatters";
import { auditDetails } from "./audit-details";
import { auditExportUrl, NO_AUDIT_FILTER, useAuditTrail, type AuditFilter } from "./security-queries";
import { useCan } from "@/lib/authorization";

/** Spec: the tab shows the audit trail's first 5 rows; the full view filters, pages and exports it. */
const FIRST_ROWS = 5;
const FULL_PAGE = 25;

export function AuditTrailCard() {
  const { t } = useTranslation();
  const mayRead = useCan("audit.read");
  const [open, setOpen] = useState(false);
  const latest = useAuditTrail({ limit: FIRST_ROWS }, mayRead === true);
  const rows = latest.data?.rows ?? [];
  return (
    <Card className="min-w-0" data-testid="audit-trail-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>{t("security.audit.title")}</CardTitle>
          <CardDescription>{t("security.audit.description")}</CardDescription>
        </div>
        {mayRead ? (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="audit-trail-open">
            <History aria-hidden="true" />
            {t("security.audit.viewAll")}
          </Button>
        ) : null}
      </CardHeader>
      {mayRead === false ? (
        <div className="px-6 pb-6">
          <Alert data-testid="audit-trail-not-allowed">
            <ShieldAlert aria-hidden="true" />
            {t("security.audit.notAllowed")}
          </Alert>
        </div>
      ) : (
        <AuditTable query={latest} rows={rows} testId="audit-trail-latest" />
      )}
      {open ? <AuditTrailDialog onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

type AuditQuery = ReturnType<typeof useAuditTrail>;

function AuditTable({ query, rows, testId, paging }: { query: AuditQuery; rows: AuditRow[]; testId: string; paging?: Parameters<typeof DataTableState>[0]["paging"] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <DataTableState
      query={query}
      rowCount={rows.length}
      testId={testId}
      loadingText={t("security.audit.loading")}
      errorText={(message) => t("security.audit.error", { message })}
      empty={t("security.audit.empty")}
      paging={paging}
      table={{
        label: t("security.audit.title"),
        className: "min-w-[56rem] table-fixed",
        columns: 6,
        head: (
          <>
            <TableHead className="w-36">{t("security.audit.columns.when")}</TableHead>
            <TableHead className="w-48">{t("security.audit.columns.user")}</TableHead>
            <TableHead className="w-44">{t("security.audit.columns.action")}</TableHead>
            <TableHead>{t("security.audit.columns.details")}</TableHead>
            <TableHead className="w-40">{t("security.audit.columns.from")}</TableHead>
            <TableHead className="w-32">{t("security.audit.columns.brandSession")}</TableHead>
          </>
        ),
      }}
    >
      {rows.map((row) => (
        <TableRow key={row.id} data-testid="audit-row">
          <TableCell className="text-xs">{format.dateTime(row.createdAt)}</TableCell>
          <TableCell className="truncate text-xs" title={row.userEmail ?? undefined}>
            {row.userEmail ?? t("security.unknown")}
          </TableCell>
          <TableCell className="truncate font-mono text-xs" title={row.action}>
            {row.action}
          </TableCell>
          <TableCell className="text-xs">
            <div className="line-clamp-2 break-words" title={auditDetails(t, format.language, row) || undefined}>
              {auditDetails(t, format.language, row)}
            </div>
            <AuditLeadLink row={row} />
          </TableCell>
          <TableCell className="text-xs">
            <div className="truncate">{row.ipAddress ?? ""}</div>
            <div className="truncate text-muted-foreground" title={row.userAgent ?? undefined}>
              {row.userAgent ?? ""}
            </div>
          </TableCell>
          <TableCell className="text-xs">
            <div className="truncate" title={row.brand ?? undefined}>
              {row.brand ?? t("security.audit.noBrand")}
            </div>
            <div className="truncate font-mono text-muted-foreground" title={row.sessionId ?? undefined}>
              {row.sessionId ? row.sessionId.slice(0, 8) : t("security.audit.noSession")}
            </div>
          </TableCell>
        </TableRow>
      ))}
    </DataTableState>
  );
}

/**
 * The lead an entry is about, when its coded details name one (the leadId param of codes such as lead.updated or
 * pipeline.lead_moved; never read from the text), as a link to the lead's page. A deleted lead has no page to open.
 */
function AuditLeadLink({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  const params = row.detailsCode?.params;
  const id = params?.leadId;
  if (typeof id !== "number" || row.detailsCode?.code === "lead.deleted") return null;
  const businessName = params?.businessName;
  const name = typeof businessName === "string" && businessName !== "" ? businessName : t("security.audit.lead", { id });
  return <LeadLink id={id} name={name} className="block truncate font-medium" data-testid="audit-lead" />;
}

/** The full audit trail: filters by person, action and dates, pages by cursor, and downloads what the filters match. */
function AuditTrailDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>(NO_AUDIT_FILTER);
  const [draft, setDraft] = useState<AuditFilter>(NO_AUDIT_FILTER);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-6xl" data-testid="audit-trail-dialog">
        <DialogHeader>
          <DialogTitle>{t("security.audit.fullTitle")}</DialogTitle>
          <DialogDescription>{t("security.audit.fullDescription")}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3 sm:grid-cols-[1fr_1fr_10rem_10rem_auto] sm:items-end"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setFilter(draft);
          }}
          data-testid="audit-filters"
        >
          {(["user", "action", "from", "to"] as const).map((name) => (
            <div key={name} className="grid gap-1.5">
              <Label htmlFor={`audit-filter-${name}`}>{t(`security.audit.filters.${name}`)}</Label>
              <Input
                id={`audit-filter-${name}`}
                type={name === "from" || name === "to" ? "date" : "text"}
                value={draft[name]}
                onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
                placeholder={name === "action" ? t("security.audit.filters.actionHint") : undefined}
              />
            </div>
          ))}
          <div className="flex gap-2">
            <Button type="submit" data-testid="audit-filters-apply">
              {t("security.audit.filters.apply")}
            </Button>
            <Button asChild variant="outline">
              <a href={auditExportUrl(filter)} download data-testid="audit-export">
                <Download aria-hidden="true" />
                {t("security.audit.export")}
              </a>
            </Button>
          </div>
        </form>
        {/* A new filter starts again from the first page. */}
        <FilteredAuditTable key={JSON.stringify(filter)} filter={filter} />
      </DialogContent>
    </Dialog>
  );
}

function FilteredAuditTable({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation();
  const { cursor, paging } = useCursorPaging();
  const query = useAuditTrail({ ...filter, limit: FULL_PAGE, cursor }, true);
  const page = query.data;
  return (
    <div className="min-w-0 overflow-hidden rounded-md border">
      <AuditTable
        query={query}
        rows={page?.rows ?? []}
        testId="audit-trail-full"
        paging={page ? { ...paging(page, FULL_PAGE), label: t("security.audit.paging"), testId: "audit-trail-paging" } : undefined}
      />
    </div>
  );
}
