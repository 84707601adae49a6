import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { ClipboardCopy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { AiRepairLog } from "@contract/issues";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { formatDateTime, formatNumber } from "@/lib/format";
import { DiffView } from "./diff-view";
import { issueReviewPath } from "./issue-labels";
import { Section } from "./review-section";

export function RepairLog({ log, action }: { log: AiRepairLog; action: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  return (
    <Section title={t("issues.review.repairLog")} action={action} testId="issue-repair-log">
      <div className="grid gap-4 rounded-lg border p-4">
        <Field label={t("issues.review.summary")}>
          <p className="whitespace-pre-wrap break-words text-sm" data-testid="repair-summary">
            {log.source.kind === "retrieval" ? retrievalSummary(t, log) : log.summary}
          </p>
        </Field>
        <Field label={t("issues.review.codeChanges")} action={log.codeDiff.trim() ? <CopyDiffButton diff={log.codeDiff} /> : null}>
          {log.codeDiff.trim() ? <DiffView diff={log.codeDiff} /> : <p className="text-sm text-muted-foreground">{t("issues.review.noCodeChanges")}</p>}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("issues.review.source")}>
            <ProposalSource log={log} />
          </Field>
          <Field label={t("issues.review.generated")}>
            <time dateTime={log.timestamp} className="text-sm" data-testid="repair-timestamp">
              {formatDateTime(log.timestamp, language)}
            </time>
          </Field>
        </div>
        <Field label={t("issues.review.references")}>
          <References log={log} />
        </Field>
      </div>
    </Section>
  );
}

/**
 * A proposal made without a model says so in the reader's language, with how many earlier fixes and articles look
 * related; the references below name them. (The stored summary is the same in English, for API clients.)
 */
function retrievalSummary(t: TFunction, log: AiRepairLog): string {
  const related = log.references.filter((reference) => reference.kind === "issue").length;
  const articles = log.references.filter((reference) => reference.kind === "knowledge").length;
  const parts = [
    t("issues.review.retrievalSummary.noModel"),
    related === 0 ? t("issues.review.retrievalSummary.noRelated") : t("issues.review.retrievalSummary.related", { count: related }),
  ];
  if (articles > 0) parts.push(t("issues.review.retrievalSummary.articles", { count: articles }));
  return parts.join(" ");
}

function Field({ label, action, children }: { label: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
        {action}
      </div>
      {children}
    </div>
  );
}

/** Says plainly whether a model wrote the proposal or it was assembled from earlier fixes alone. */
function ProposalSource({ log }: { log: AiRepairLog }) {
  const { t } = useTranslation();
  const { source } = log;
  if (source.kind === "retrieval") {
    return (
      <p className="text-sm" data-testid="repair-source">
        {t("issues.review.sourceRetrieval")}
      </p>
    );
  }
  const model = source.model ?? t("issues.review.sourceUnnamedModel");
  return (
    <p className="text-sm" data-testid="repair-source">
      {source.endpoint ? t("issues.review.sourceModelAt", { model, endpoint: source.endpoint }) : t("issues.review.sourceModel", { model })}
    </p>
  );
}

function References({ log }: { log: AiRepairLog }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  if (log.references.length === 0) return <p className="text-sm text-muted-foreground">{t("issues.review.noReferences")}</p>;
  return (
    <ul className="grid gap-1" data-testid="repair-references">
      {log.references.map((reference) => (
        <li key={`${reference.kind}-${reference.id}`} className="flex min-w-0 items-center gap-2 text-sm">
          {reference.kind === "issue" ? (
            <Link href={issueReviewPath(reference.id)} className="min-w-0 truncate text-primary underline-offset-4 hover:underline">
              {t("issues.number", { id: reference.id })} {reference.title}
            </Link>
          ) : (
            <>
              <Badge variant="secondary">{t("issues.review.knowledge")}</Badge>
              <span className="min-w-0 truncate">{reference.title}</span>
            </>
          )}
          <span className="ml-auto shrink-0 text-xs text-muted-foreground" title={t("issues.review.scoreHint")}>
            {t("issues.review.score", { score: formatNumber(reference.score, language, { style: "percent", maximumFractionDigits: 0 }) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Staff apply the patch by hand, so the raw diff is one click away. */
function CopyDiffButton({ diff }: { diff: string }) {
  const { t } = useTranslation();
  // The Clipboard API exists only on secure origins (https, localhost).
  if (typeof navigator === "undefined" || !navigator.clipboard) return null;
  const copy = () =>
    navigator.clipboard.writeText(diff).then(
      () => toast({ title: t("issues.review.copied") }),
      () => toast({ variant: "destructive", title: t("common.error"), description: t("issues.review.copyFailed") }),
    );
  return (
    <Button variant="ghost" size="sm" onClick={() => void copy()}>
      <ClipboardCopy aria-hidden="true" />
      {t("issues.review.copyDiff")}
    </Button>
  );
}
