import { Bar, BarChart, Cell, LabelList, XAxis, YAxis } from "recharts";
import { useTranslation } from "react-i18next";
import { leadStatuses, type LeadStatus } from "@contract/leads";
import type { DashboardStats } from "@contract/dashboard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { statusLabel } from "@/features/leads";
import { useFormatters } from "@/lib/use-formatters";

const COLORS: Record<LeadStatus, string> = {
  new: "var(--color-success)",
  contacted: "var(--color-ring)",
  qualified: "var(--color-warning)",
  converted: "var(--color-primary)",
  lost: "var(--color-destructive)",
};

/** How many leads are in each status; every status is listed, in its lifecycle order. */
export function LeadsByStatusChart({ byStatus }: { byStatus: DashboardStats["leadsByStatus"] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const counts = new Map(byStatus.map((entry) => [entry.status, entry.count]));
  const data = leadStatuses.map((status) => ({ status, label: statusLabel(t, status), count: counts.get(status) ?? 0 }));

  return (
    <Card data-testid="leads-by-status">
      <CardHeader>
        <CardTitle>{t("dashboard.charts.byStatusTitle")}</CardTitle>
        <CardDescription>{t("dashboard.charts.byStatusDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <figure>
          {/* Hidden from screen readers (the list beside it says the same), so it must take no keyboard focus either: no accessibilityLayer. */}
          <div aria-hidden="true">
            <BarChart responsive accessibilityLayer={false} layout="vertical" style={{ width: "100%", height: 220 }} data={data} margin={{ top: 4, right: 40, bottom: 4, left: 0 }}>
              <XAxis type="number" hide allowDecimals={false} />
              <YAxis type="category" dataKey="label" tickLine={false} axisLine={false} fontSize={12} width={90} />
              <Bar dataKey="count" radius={[0, 3, 3, 0]} maxBarSize={22} isAnimationActive={false}>
                {data.map((entry) => (
                  <Cell key={entry.status} fill={COLORS[entry.status]} />
                ))}
                <LabelList dataKey="count" position="right" fontSize={12} formatter={(value) => format.number(Number(value))} />
              </Bar>
            </BarChart>
          </div>
          <figcaption className="sr-only">
            <ul>
              {data.map((entry) => (
                <li key={entry.status}>{`${entry.label}: ${format.number(entry.count)}`}</li>
              ))}
            </ul>
          </figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}
