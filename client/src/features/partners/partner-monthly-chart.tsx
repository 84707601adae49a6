import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslation } from "react-i18next";
import type { AffiliateDashboard } from "@contract/affiliates";
import { useFormatters } from "@/lib/use-formatters";

type Month = AffiliateDashboard["monthly"][number];

/** Referrals and conversions in each of the last 12 months; the list under it says the same for screen readers. */
export default function PartnerMonthlyChart({ months }: { months: Month[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(format.language, { month: "short", year: "2-digit", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
  const data = months.map((m) => ({ label: monthLabel(m.month), referrals: m.referrals, conversions: m.conversions }));
  const referralsName = t("partners.monthly.referrals");
  const conversionsName = t("partners.monthly.conversions");

  if (data.length === 0) return <p className="py-10 text-center text-sm text-muted-foreground">{t("partners.monthly.noData")}</p>;

  return (
    <figure>
      {/* Hidden from screen readers (the list beside it says the same), so it must take no keyboard focus either: no accessibilityLayer. */}
      <div aria-hidden="true" data-testid="partner-monthly-chart">
        <BarChart responsive accessibilityLayer={false} style={{ width: "100%", height: 220 }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={11} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={11} width={40} />
          <Tooltip cursor={{ fill: "var(--color-muted)" }} contentStyle={{ fontSize: 12, borderRadius: 6 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="referrals" name={referralsName} fill="var(--color-primary)" radius={[3, 3, 0, 0]} maxBarSize={24} isAnimationActive={false} />
          <Bar dataKey="conversions" name={conversionsName} fill="var(--color-success)" radius={[3, 3, 0, 0]} maxBarSize={24} isAnimationActive={false} />
        </BarChart>
      </div>
      <figcaption className="sr-only">
        <ul>
          {data.map((m) => (
            <li key={m.label}>{t("partners.monthly.item", { month: m.label, referrals: m.referrals, conversions: m.conversions })}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
