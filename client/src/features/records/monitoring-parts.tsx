import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Trend } from "@contract/records/business-health";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { apiErrorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { valueLabel } from "./record-labels";

/*
 * The building blocks the monitoring pages share: a figure, counts as badges, a trend with its icon, a card of a
 * family's analytics with its own loading and error states, and a dashboard score card.
 */

export type Analytics = Record<string, unknown>;
export const num = (value: unknown) => (typeof value === "number" ? value : 0);
export const counts = (value: unknown) => Object.entries((value ?? {}) as Record<string, number>);

export function Figure({ label, value, testId, className }: { label: string; value: ReactNode; testId?: string; className?: string }) {
  return (
    <div className="grid gap-0.5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className={cn("text-2xl font-semibold tabular-nums", className)} data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export function CountsByBadges({ label, entries, emptyText }: { label: string; entries: [string, number][]; emptyText: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <p className="text-sm text-muted-foreground">{label}</p>
      {entries.length === 0 ? (
        <p className="text-sm">{emptyText}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {entries.map(([key, count]) => (
            <li key={key}>
              <Badge variant="secondary">
                {valueLabel(t, key)}: {count}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function TrendBadge({ label, trend }: { label: string; trend: Trend | undefined }) {
  const { t } = useTranslation();
  const value = trend ?? "no_data";
  const Icon = value === "improving" ? TrendingUp : value === "declining" ? TrendingDown : Minus;
  const tone = value === "improving" ? "text-success-strong" : value === "declining" ? "text-destructive-strong" : "text-muted-foreground";
  return (
    <div className="flex items-center gap-2 text-sm">
      <Icon aria-hidden="true" className={cn("size-4", tone)} />
      <span>
        {label}: <span className={tone}>{t(`records.trends.${value}`)}</span>
      </span>
    </div>
  );
}

/** A card of figures from a family's analytics: loading and error states of their own. */
export function AnalyticsCard({
  title,
  description,
  query,
  loadingText,
  columns = 3,
  testId,
  children,
}: {
  title: string;
  /** A line under the title (how the figures are computed). */
  description?: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The panel's own loading text (spec §8); "Loading..." when it has none. */
  loadingText?: string;
  /** The figures' columns on a wider screen. */
  columns?: 3 | 5;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const span = columns === 5 ? "sm:col-span-5" : "sm:col-span-3";
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={columns === 5 ? "grid gap-4 sm:grid-cols-5" : "grid gap-4 sm:grid-cols-3"}>
        {query.isError ? (
          <RetryAlert className={span} message={apiErrorMessage(query.error, t("common.networkError"))} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <p className={`text-sm text-muted-foreground ${span}`}>{loadingText ?? t("records.loading")}</p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

/** A dashboard card: title and icon, the figure, and a line (or progress bar) below it. */
export function StatCard({ title, icon: Icon, value, extra, testId }: { title: string; icon: LucideIcon; value: ReactNode; extra?: ReactNode; testId?: string }) {
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </p>
      {extra !== undefined && <div className="text-xs text-muted-foreground">{extra}</div>}
    </Card>
  );
}
