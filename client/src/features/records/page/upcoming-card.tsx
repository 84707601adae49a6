import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDay, valueLabel } from "../record-labels";

/** One dated entry of an upcoming card: its kind (a badge), its title, its day and how far off it is. */
export type UpcomingItem = { type?: string; title: string; date: string; note?: ReactNode };

/**
 * The dashboards' "upcoming reviews" card (Business Health, Perpetual Innovation, Future and Final Stewardship):
 * the next dated entries as the dashboard endpoint answers them, each with its kind, title, day and a note (days left).
 */
export function UpcomingCard({ title, emptyText, items }: { title: string; emptyText: string; items: readonly UpcomingItem[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className="grid gap-2">
            {items.map((item) => (
              <li key={`${item.type ?? ""}-${item.title}-${item.date}`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="flex items-center gap-2">
                  {item.type ? <Badge variant="outline">{valueLabel(t, item.type)}</Badge> : null}
                  {item.title}
                </span>
                <span className="text-muted-foreground">
                  {formatDay(item.date, i18n.language)}
                  {item.note ? <> · {item.note}</> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
