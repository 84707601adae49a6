import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import {
  ArrowRightLeft,
  Bot,
  Bug,
  CircleDollarSign,
  GitBranch,
  GitMerge,
  History,
  ListTodo,
  Mail,
  MessageSquareText,
  Paperclip,
  PencilLine,
  Smile,
  Trash2,
  TrendingUp,
  UserCheck,
  UserPlus,
  type LucideIcon,
} from "lucide-react";
import { issueStatuses, type IssueStatus } from "@contract/issue-statuses";
import { leadFields, leadPriorities, leadStatuses, type LeadFieldName } from "@contract/lead-fields";
import { TIMELINE_KINDS, type TimelineActor, type TimelineEntry, type TimelineKind } from "@contract/timeline";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { apiErrorMessage } from "@/lib/api";
import { formatDateTime, formatRelativeTime, formatUsd } from "@/lib/format";
import { eventLabel, stageLabel } from "@/lib/labels";
import { changeValueText, entryParams, entryTextKey, isEmailStatus, isRunOutcome } from "./timeline-text";
import { useLeadTimeline } from "./timeline-queries";

const KIND_ICONS: Record<TimelineKind, LucideIcon> = {
  created: UserPlus,
  changed: PencilLine,
  stage: GitBranch,
  assignment: UserCheck,
  task: ListTodo,
  kpi: TrendingUp,
  referral: ArrowRightLeft,
  commission: CircleDollarSign,
  issue: Bug,
  automation: Bot,
  email: Mail,
  survey: Smile,
  note: MessageSquareText,
  attachment: Paperclip,
  merged: GitMerge,
  deleted: Trash2,
};

const ALL = "all";

const isLeadStatus = (value: string): value is (typeof leadStatuses)[number] => (leadStatuses as readonly string[]).includes(value);
const isLeadPriority = (value: string): value is (typeof leadPriorities)[number] => (leadPriorities as readonly string[]).includes(value);

/**
 * Everything that happened to the lead, newest first (issue 25.2): each entry was written by the database in the
 * transaction of its change, so nothing is missing. Filter by kind; Show more reads the next page.
 */
export function LeadTimeline({ leadId }: { leadId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TimelineKind | undefined>(undefined);
  const timeline = useLeadTimeline(leadId, kind);
  const headingId = useId();
  const entries = timeline.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Card role="region" aria-labelledby={headingId} data-testid="lead-timeline">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle id={headingId} className="flex items-center gap-2 text-base">
          <History aria-hidden="true" className="size-4" />
          {t("timeline.title")}
        </CardTitle>
        <Select value={kind ?? ALL} onValueChange={(value) => setKind(value === ALL ? undefined : (value as TimelineKind))}>
          <SelectTrigger className="h-8 w-48" aria-label={t("timeline.filterLabel")} data-testid="timeline-kind">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("timeline.allKinds")}</SelectItem>
            {TIMELINE_KINDS.map((option) => (
              <SelectItem key={option} value={option}>
                {t(`timeline.kinds.${option}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardHeader>
      <CardContent className="grid gap-3">
        {timeline.isPending ? (
          <div className="grid gap-3" role="status" aria-label={t("timeline.loading")}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </div>
        ) : timeline.isError ? (
          <RetryAlert message={t("timeline.loadFailed", { message: apiErrorMessage(timeline.error) })} onRetry={() => void timeline.refetch()} />
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="timeline-empty">
            {kind ? t("timeline.emptyKind", { kind: t(`timeline.kinds.${kind}`) }) : t("timeline.empty")}
          </p>
        ) : (
          <ol className="grid gap-3" aria-label={t("timeline.title")}>
            {entries.map((entry) => (
              <TimelineItem key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
        {timeline.hasNextPage ? (
          <Button variant="outline" size="sm" className="justify-self-start" disabled={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
            {timeline.isFetchingNextPage ? t("timeline.loadingMore") : t("timeline.showMore")}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  const { t, i18n } = useTranslation();
  const Icon = KIND_ICONS[entry.kind];
  const params = { ...entryParams(entry), ...shownParams(t, i18n.language, entry), actor: actorName(t, entry.actor) };
  return (
    <li className="flex gap-3 text-sm" data-testid="timeline-entry" data-kind={entry.kind}>
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-3.5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="break-words">
          {t(entryTextKey(entry), params)}
          {entry.kind === "email" && isEmailStatus(entry.subject?.status) ? (
            <Badge variant={entry.subject.status === "sent" ? "success" : entry.subject.status === "failed" ? "destructive" : "secondary"} className="ml-2">
              {t(`timeline.emailStatus.${entry.subject.status}`)}
            </Badge>
          ) : null}
          {entry.kind === "automation" && isRunOutcome(entry.subject?.outcome) ? (
            <Badge variant={entry.subject.outcome === "success" ? "success" : entry.subject.outcome === "pending" ? "secondary" : "destructive"} className="ml-2">
              {t(`timeline.runOutcome.${entry.subject.outcome}`)}
            </Badge>
          ) : null}
        </p>
        {entry.changes && entry.changes.length > 0 ? <ChangeList entry={entry} /> : null}
        {entry.kind === "note" && typeof entry.subject?.body === "string" ? (
          <p className="line-clamp-3 whitespace-pre-wrap rounded-md border bg-muted/40 px-2 py-1 text-muted-foreground">{entry.subject.body}</p>
        ) : null}
        <time className="text-xs text-muted-foreground" dateTime={entry.at} title={formatDateTime(entry.at, i18n.language)}>
          {formatRelativeTime(entry.at, i18n.language)}
        </time>
      </div>
    </li>
  );
}

/** The sentence's params a person reads in their language: money as money, an event and a status by their names. */
function shownParams(t: TFunction, language: string, entry: TimelineEntry): Record<string, string> {
  const subject = entry.subject ?? {};
  const shown: Record<string, string> = {};
  for (const key of ["ytdRevenue", "mrr", "amount"] as const) {
    if (subject[key] !== undefined && subject[key] !== null) shown[key] = formatUsd(subject[key], language);
  }
  if (typeof subject.eventName === "string") shown.eventName = eventLabel(t, subject.eventName);
  if (entry.kind === "issue" && isIssueStatus(subject.status)) shown.status = t(`issueStatus.${subject.status}`);
  return shown;
}

const isIssueStatus = (value: unknown): value is IssueStatus => (issueStatuses as readonly unknown[]).includes(value);

function ChangeList({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-0.5 text-muted-foreground" data-testid="timeline-changes">
      {entry.changes!.map((change) => (
        <li key={change.field} className="break-words">
          <span className="font-medium text-foreground">{fieldLabel(t, change.field)}</span>
          {": "}
          {valueText(t, change.field, change.from)} → {valueText(t, change.field, change.to)}
        </li>
      ))}
    </ul>
  );
}

const isLeadField = (field: string): field is LeadFieldName => field in leadFields;

function fieldLabel(t: TFunction, field: string): string {
  if (isLeadField(field)) {
    const declared = leadFields[field];
    if ("label" in declared) return t(declared.label);
  }
  if (field === "aiAnalysis") return t("timeline.fields.aiAnalysis");
  if (field === "quizHistory") return t("timeline.fields.quizHistory");
  return field;
}

function valueText(t: TFunction, field: string, value: unknown): string {
  const text = changeValueText(value);
  if (typeof text === "boolean") return text ? t("timeline.yes") : t("timeline.no");
  if (text === "—") return text;
  if (field === "pipelineStage") return stageLabel(t, text);
  if (field === "status" && isLeadStatus(text)) return t(`leadStatus.${text}`);
  if (field === "priority" && isLeadPriority(text)) return t(`leadPriority.${text}`);
  return text;
}

function actorName(t: TFunction, actor: TimelineActor): string {
  switch (actor.kind) {
    case "user":
      return actor.name;
    case "apiKey":
      return t("timeline.actor.apiKey", { label: actor.label ?? `#${actor.apiKeyId}`, name: actor.name });
    case "public":
      return t("timeline.actor.public");
    case "import":
      return t("timeline.actor.import", { id: actor.importId });
    case "automation":
      return t("timeline.actor.automation", { name: actor.name });
    case "system":
      return t("timeline.actor.system");
  }
}
