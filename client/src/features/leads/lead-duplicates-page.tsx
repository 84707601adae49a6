import { useState } from "react";
import { ChevronLeft, ChevronRight, GitCompareArrows, ScanSearch } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { leadDuplicateEndpoints, type DuplicatePair } from "@contract/lead-duplicates";
import type { LeadSummary } from "@contract/leads";
import { DataTableState } from "@/components/data-table-state";
import { RefusedButton } from "@/components/refused-button";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { apiErrorMessage } from "@/lib/api";
import { useMayCall } from "@/lib/authorization";
import { useFormatters } from "@/lib/use-formatters";
import { DuplicateReasons, ownerNameOf, useConfidenceLabel } from "./lead-duplicate-matches";
import { checkQueued, useCheckDuplicatesNow, useDuplicatePairs } from "./lead-duplicate-queries";
import { LeadLink } from "./lead-link";
import { leadMergePath } from "./lead-merge-path";

const COLUMNS = 5;

/**
 * Duplicate Leads (/leads/duplicates, issue 26.4): the likely pairs the scheduled check found across every lead, most
 * confident first, with their reasons, paged by cursor; each pair opens the page that compares and merges them.
 */
export default function LeadDuplicatesPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  // The cursors of the pages after the first, newest last: Next pushes the page's nextCursor, Previous pops.
  const [cursors, setCursors] = useState<string[]>([]);
  // The walk's finish time when Check now was asked for: until it changes (or a walk is seen) the check is queued.
  const [askedAfter, setAskedAfter] = useState<string | null | undefined>(undefined);
  const checkNow = useCheckDuplicatesNow();
  const mayCheck = useMayCall(leadDuplicateEndpoints.scan);
  const { pairs, lastRunAt, walking, queued } = useDuplicatePairsWithCheck(cursors.at(-1), askedAfter);
  const rows = pairs.data?.pairs ?? [];
  const nextCursor = pairs.data?.nextCursor ?? null;

  const runLine = walking
    ? t("leads.duplicates.walking")
    : queued
      ? t("leads.duplicates.checkQueued")
      : lastRunAt
        ? t("leads.duplicates.lastRun", { when: format.dateTime(lastRunAt) })
        : lastRunAt === null
          ? t("leads.duplicates.notRunYet")
          : null;

  return (
    <Card className="min-w-0" data-testid="lead-duplicate-pairs">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle>{t("leads.duplicates.pairsTitle")}</CardTitle>
          <CardDescription data-testid="lead-duplicate-pairs-run" aria-live="polite">
            {runLine}
          </CardDescription>
          {checkNow.isError ? (
            <p className="text-sm text-destructive" role="alert">
              {t("leads.duplicates.checkFailed", { message: apiErrorMessage(checkNow.error) })}
            </p>
          ) : null}
        </div>
        {mayCheck === false ? (
          <RefusedButton reason={t("leads.duplicates.checkRefused")} data-testid="lead-duplicates-check">
            <ScanSearch aria-hidden="true" />
            {t("leads.duplicates.checkNow")}
          </RefusedButton>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={walking || queued || checkNow.isPending || pairs.data === undefined}
            onClick={() => {
              setAskedAfter(lastRunAt ?? null);
              checkNow.mutate(undefined, { onError: () => setAskedAfter(undefined) });
            }}
            data-testid="lead-duplicates-check"
          >
            <ScanSearch aria-hidden="true" />
            {walking || queued ? t("leads.duplicates.checking") : t("leads.duplicates.checkNow")}
          </Button>
        )}
      </CardHeader>
      <DataTableState
        query={pairs}
        rowCount={rows.length}
        testId="lead-duplicate-pairs"
        loadingText={t("leads.duplicates.pairsLoading")}
        errorText={(message) => t("leads.duplicates.pairsFailed", { message })}
        empty={
          <span className="grid gap-1">
            <span className="font-medium text-foreground">{t("leads.duplicates.empty")}</span>
            <span>{t("leads.duplicates.emptyDescription")}</span>
          </span>
        }
        table={{
          label: t("leads.duplicates.pairsTitle"),
          className: "min-w-[44rem] table-fixed",
          columns: COLUMNS,
          head: (
            <>
              <TableHead>{t("leads.duplicates.columns.leadA")}</TableHead>
              <TableHead>{t("leads.duplicates.columns.leadB")}</TableHead>
              <TableHead>{t("leads.duplicates.columns.reasons")}</TableHead>
              <TableHead className="w-32">{t("leads.duplicates.columns.confidence")}</TableHead>
              <TableHead className="w-48">
                <span className="sr-only">{t("leads.duplicates.columns.actions")}</span>
              </TableHead>
            </>
          ),
        }}
      >
        {rows.map((pair) => (
          <PairRow key={`${pair.leadA.id}-${pair.leadB.id}`} pair={pair} />
        ))}
      </DataTableState>
      {rows.length > 0 || cursors.length > 0 ? (
        <nav aria-label={t("leads.duplicates.pagesLabel")} className="flex flex-wrap items-center justify-between gap-2 border-t px-3 py-2">
          <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="lead-duplicate-pairs-page">
            {t("leads.duplicates.pageOf", { page: format.number(cursors.length + 1) })}
          </p>
          <div className="flex gap-1">
            <Button variant="outline" size="sm" onClick={() => setCursors((stack) => stack.slice(0, -1))} disabled={cursors.length === 0}>
              <ChevronLeft aria-hidden="true" />
              {t("pagination.previous")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => nextCursor && setCursors((stack) => [...stack, nextCursor])}
              disabled={!nextCursor || pairs.isPlaceholderData}
            >
              {t("pagination.next")}
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </Card>
  );
}

/**
 * The pairs page with where the check stands: walking (the server says so), queued (Check now was asked for and no
 * walk has started or finished since), and when the last walk finished.
 */
function useDuplicatePairsWithCheck(cursor: string | undefined, askedAfter: string | null | undefined) {
  const pairs = useDuplicatePairs(cursor, askedAfter);
  const lastRunAt = pairs.data?.lastRunAt;
  const walking = pairs.data?.walking ?? false;
  const queued = checkQueued(pairs.data, askedAfter);
  return { pairs, lastRunAt, walking, queued };
}

function LeadCell({ lead }: { lead: LeadSummary }) {
  return (
    <TableCell className="min-w-0">
      <span className="grid min-w-0">
        <LeadLink id={lead.id} name={lead.businessName} className="truncate font-medium" />
        <span className="truncate text-xs text-muted-foreground" title={`${ownerNameOf(lead)} · ${lead.email}`}>
          {ownerNameOf(lead)} · {lead.email}
        </span>
      </span>
    </TableCell>
  );
}

function PairRow({ pair }: { pair: DuplicatePair }) {
  const { t } = useTranslation();
  const confidenceLabel = useConfidenceLabel();
  return (
    <TableRow data-testid="lead-duplicate-pair" data-lead-a={pair.leadA.id} data-lead-b={pair.leadB.id}>
      <LeadCell lead={pair.leadA} />
      <LeadCell lead={pair.leadB} />
      <TableCell>
        <DuplicateReasons reasons={pair.reasons} />
      </TableCell>
      <TableCell className="text-sm">{confidenceLabel(pair.confidence)}</TableCell>
      <TableCell className="text-right">
        <Button asChild variant="outline" size="sm">
          <Link
            href={leadMergePath(pair.leadA.id, pair.leadB.id)}
            aria-label={t("leads.duplicates.compareLabel", { a: pair.leadA.businessName, b: pair.leadB.businessName })}
            data-testid="lead-duplicate-compare"
          >
            <GitCompareArrows aria-hidden="true" />
            {t("leads.duplicates.compare")}
          </Link>
        </Button>
      </TableCell>
    </TableRow>
  );
}
