import { useEffect, useState } from "react";
import { GitMerge, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "wouter";
import { leadEndpoints, type Lead } from "@contract/leads";
import { RetryAlert } from "@/components/retry-alert";
import { RoleNote } from "@/components/when-allowed";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { apiErrorMessage, apiErrorStatus } from "@/lib/api";
import { useMayCall } from "@/lib/authorization";
import { usePageTitle } from "@/lib/page-title";
import { LeadAttachmentsCard } from "@/features/attachments";
import { LeadKpiCard } from "@/features/kpi";
import { LeadEmailButton } from "@/features/mail";
import { LeadTasksCard, TaskCreateDialog } from "@/features/tasks";
import { LeadNotesCard } from "@/features/notes";
import { LeadReferralCard } from "@/features/referrals";
import { LeadTimeline } from "@/features/timeline";
import { LeadPageDelete } from "./lead-delete";
import { LeadDuplicateCard } from "./lead-duplicate-card";
import { mergedIntoOf } from "./lead-duplicate-queries";
import { LEAD_PAGE_GROUPS } from "./lead-form";
import { LeadFieldGroupCard } from "./lead-field-group";
import { useLead } from "./lead-queries";
import { leadPagePath } from "./lead-page-path";
import { LeadStatusBadge } from "./lead-status-badge";

/** What a merged-away lead's page leaves in the history entry it replaces itself with: the id that was opened. */
type MergedFromState = { leadwellMergedFrom: number };

/** The merged-away id the kept lead's page was opened for (the history entry's state), or null. */
function mergedFromOf(state: unknown): number | null {
  const id = typeof state === "object" && state !== null ? (state as Partial<MergedFromState>).leadwellMergedFrom : undefined;
  return typeof id === "number" ? id : null;
}

/** An id the API could hold (a positive whole number); anything else is no lead. */
function leadIdOf(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/**
 * A lead's record page (/leads/:id, issue 25): its name and owner on top, then its fields in the groups the field
 * declarations give them (contract/lead-fields.ts), each editable in place with Edit Lead's rules.
 */
export default function LeadPage() {
  const params = useParams<{ id: string }>();
  const id = leadIdOf(params.id);
  return id === null ? <LeadNotFound id={params.id ?? ""} /> : <LeadRecord key={id} id={id} />;
}

function LeadRecord({ id }: { id: number }) {
  const { t } = useTranslation();
  const lead = useLead(id);
  usePageTitle(lead.data?.businessName ?? null);

  const mergedInto = lead.isError ? mergedIntoOf(lead.error) : null;

  if (lead.isPending) return <LeadPageSkeleton />;
  if (mergedInto !== null) return <MergedAwayRedirect id={id} mergedInto={mergedInto} />;
  if (lead.isError) {
    if (apiErrorStatus(lead.error) === 404) return <LeadNotFound id={String(id)} />;
    return (
      <RetryAlert
        message={t("leadPage.loadFailed", { message: apiErrorMessage(lead.error) })}
        onRetry={() => void lead.refetch()}
        data-testid="lead-page-error"
      />
    );
  }
  return <LeadDetails lead={lead.data} />;
}

/**
 * A merged-away lead's old address (410 with mergedInto): the kept lead's page takes its place in the history (back
 * does not return here), telling which lead was opened.
 */
function MergedAwayRedirect({ id, mergedInto }: { id: number; mergedInto: number }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate(leadPagePath(mergedInto), { replace: true, state: { leadwellMergedFrom: id } satisfies MergedFromState });
  }, [id, mergedInto, navigate]);
  return <LeadPageSkeleton />;
}

function LeadDetails({ lead }: { lead: Lead }) {
  const { t } = useTranslation();
  const mayWrite = useMayCall(leadEndpoints.update);
  const ownerName = `${lead.businessOwnerName} ${lead.businessOwnerLastName}`.trim();
  // Read once as the page opens: the history entry says whether it was reached through a merged-away lead's address.
  const [mergedFrom] = useState(() => mergedFromOf(window.history.state));
  useEffect(() => {
    // Said once: the entry forgets it, so a reload of the kept lead's page (its own address now) does not say it again.
    if (mergedFrom === null) return;
    const { leadwellMergedFrom: _told, ...rest } = (window.history.state ?? {}) as Partial<MergedFromState>;
    window.history.replaceState(rest, "");
  }, [mergedFrom]);
  return (
    <div className="grid gap-4" data-testid="lead-page">
      {mergedFrom !== null ? (
        <p className="flex items-start gap-2 rounded-md border border-l-4 border-l-primary bg-card p-3 text-sm" role="status" data-testid="lead-merged-notice">
          <GitMerge aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{t("leads.merge.redirectNotice", { id: mergedFrom, name: lead.businessName })}</span>
        </p>
      ) : null}
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="grid min-w-0 gap-1">
            <CardTitle className="text-xl" data-testid="lead-page-name">
              {lead.businessName}
            </CardTitle>
            <p className="text-sm" data-testid="lead-page-owner">
              {lead.assignedTo ? t("leadPage.owner", { name: lead.assignedTo }) : t("leadPage.noOwner")}
            </p>
            <p className="truncate text-sm text-muted-foreground">{t("leadPage.contactLine", { name: ownerName, email: lead.email })}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <LeadStatusBadge status={lead.status} />
            <LeadEmailButton lead={lead} />
            <TaskCreateDialog lead={{ id: lead.id, name: lead.businessName }} compact />
            <LeadPageDelete lead={lead} />
          </div>
        </CardHeader>
      </Card>
      {/* Fields on the left, what happened on the right; one column below the large breakpoint. */}
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 gap-4">
          {mayWrite === false ? <RoleNote /> : null}
          {LEAD_PAGE_GROUPS.map((group) => (
            <LeadFieldGroupCard key={group.group} lead={lead} group={group} mayWrite={mayWrite} />
          ))}
          <LeadKpiCard leadId={lead.id} />
          <LeadReferralCard leadId={lead.id} />
          <LeadTasksCard leadId={lead.id} />
          <LeadAttachmentsCard leadId={lead.id} />
        </div>
        <div className="grid min-w-0 gap-4">
          <LeadDuplicateCard lead={lead} />
          <LeadNotesCard leadId={lead.id} />
          <LeadTimeline leadId={lead.id} />
        </div>
      </div>
    </div>
  );
}

function LeadNotFound({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={SearchX}
      title={t("leadPage.notFoundTitle", { id })}
      description={t("leadPage.notFoundDescription")}
      action={
        <Button asChild variant="outline" size="sm">
          <Link href="/leads">{t("leadPage.backToLeads")}</Link>
        </Button>
      }
      data-testid="lead-not-found"
    />
  );
}

function LeadPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid max-w-4xl gap-4" aria-busy="true" aria-label={t("leadPage.loading")} role="status">
      <Skeleton className="h-24" />
      <Skeleton className="h-40" />
      <Skeleton className="h-40" />
    </div>
  );
}
