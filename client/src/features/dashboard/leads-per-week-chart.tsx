import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslation } from "react-i18next";
import type { DashboardStats } from "@contract/dashboard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormatters } from "@/lib/use-formatters";

type Week = DashboardStats["leadsPerWeek"][number];

/** New leads in each of the last 12 weeks (oldest first, empty weeks included by the server). */
export function LeadsPerWeekChart({ weeks }: { weeks: Week[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const weekLabel = (weekStart: string) =>
    new Intl.DateTimeFormat(format.language, { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${weekStart}T00:00:00Z`));
  const data = weeks.map((week) => ({ label: weekLabel(week.weekStart), count: week.count }));
  const total = weeks.reduce((sum, week) => sum + week.count, 0);

  return (
    <Card data-testid="leads-per-week">
      <CardHeader>
        <CardTitle>{t("dashboard.charts.perWeekTitle")}</CardTitle>
        <CardDescription>{t("dashboard.charts.perWeekDescription", { count: total, total: format.number(total) })}</CardDescription>
      </CardHeader>
      <CardContent>
        {data.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{t("dashboard.charts.noData")}</p>
        ) : (
          <figure>
            {/* Hidden from screen readers (the list beside it says the same), so it must take no keyboard focus either: no accessibilityLayer. */}
            <div aria-hidden="true">
              <BarChart responsive accessibilityLayer={false} style={{ width: "100%", height: 220 }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid vertical={false} stroke="var(--color-border)" />
                <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={11} interval="preserveStartEnd" />
                <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={11} width={40} />
                <Tooltip
                  cursor={{ fill: "var(--color-muted)" }}
                  formatter={(value) => [format.number(Number(value)), t("dashboard.charts.newLeads")]}
                  contentStyle={{ fontSize: 12, borderRadius: 6 }}
                />
                <Bar dataKey="count" fill="var(--color-primary)" radius={[3, 3, 0, 0]} maxBarSize={32} isAnimationActive={false} />
              </BarChart>
            </div>
            <figcaption className="sr-only">
              <ul>
                {data.map((week) => (
                  <li key={week.label}>{t("dashboard.charts.weekItem", { week: week.label, count: week.count })}</li>
                ))}
              </ul>
            </figcaption>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
