import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslation } from "react-i18next";
import type { TopProduct } from "@contract/kpi";
import { formatNumber } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";

/** Total revenue per top product; the table under it carries the same figures for screen readers. */
export default function KpiProductsChart({ products }: { products: TopProduct[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const data = products.map((p) => ({ name: p.name, totalRevenue: p.totalRevenue }));
  const compactUsd = (value: number) =>
    formatNumber(value, format.language, { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 1 });

  // Hidden from screen readers (the table under it says the same), so it must take no keyboard focus either: no accessibilityLayer.
  return (
    <div aria-hidden="true" data-testid="kpi-products-chart">
      <BarChart responsive accessibilityLayer={false} style={{ width: "100%", height: 200 }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="name" tickLine={false} axisLine={false} fontSize={11} interval={0} />
        <YAxis tickLine={false} axisLine={false} fontSize={11} width={56} tickFormatter={(value) => compactUsd(Number(value))} />
        <Tooltip
          cursor={{ fill: "var(--color-muted)" }}
          formatter={(value) => [format.usd(Number(value)), t("kpi.detail.totalRevenue")]}
          contentStyle={{ fontSize: 12, borderRadius: 6 }}
        />
        <Bar dataKey="totalRevenue" fill="var(--color-primary)" radius={[3, 3, 0, 0]} maxBarSize={40} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}
