import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { KpiRecord } from "@contract/kpi";
import { RegionCard } from "@/components/region-card";
import { QueryStates } from "@/components/query-states";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { KpiDetailDialog } from "./kpi-detail-dialog";
import { FigureBox } from "@/components/figure-box";
import { useLeadKpi } from "./kpi-queries";

/** How many of the lead's top products its page lists; Details shows them all, with the chart. */
export const LEAD_PAGE_PRODUCTS = 3;

/**
 * The lead page's KPI figures (issue 25.1): YTD revenue and MRR as last synced, the first of its top products in the
 * order the sync gave them, and Details for the whole record (every product, the chart), as KPI Metrics' View opens it.
 */
export function LeadKpiCard({ leadId }: { leadId: number }) {
  const { t } = useTranslation();
  const kpi = useLeadKpi(leadId);
  const [opened, setOpened] = useState<KpiRecord | null>(null);
  const record = kpi.data?.record ?? null;

  return (
    <RegionCard
      title={t("leadPage.kpi.title")}
      description={t("leadPage.kpi.description")}
      action={
        record ? (
          <Button variant="outline" size="sm" onClick={() => setOpened(record)} data-testid="lead-kpi-details">
            {t("leadPage.kpi.details")}
          </Button>
        ) : null
      }
      data-testid="lead-kpi"
    >
      <QueryStates query={kpi} loadingLabel={t("leadPage.kpi.loading")} blockClassName="h-14" failedMessage={(message) => t("leadPage.kpi.loadFailed", { message })}>
        {() =>
          record ? (
            <LeadKpiFigures record={record} />
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="lead-kpi-none">
              {t("leadPage.kpi.none")}{" "}
              <Link href="/kpi" className="underline underline-offset-4">
                {t("leadPage.kpi.whereFrom")}
              </Link>
            </p>
          )
        }
      </QueryStates>
    <KpiDetailDialog record={opened} onOpenChange={(open) => !open && setOpened(null)} />
    </RegionCard>
  );
}

function LeadKpiFigures({ record }: { record: KpiRecord }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const products = (Array.isArray(record.topProducts) ? record.topProducts : []).slice(0, LEAD_PAGE_PRODUCTS);
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <FigureBox label={t("kpi.columns.ytdRevenue")} value={format.usd(record.ytdRevenue)} testId="lead-kpi-ytd" />
        <FigureBox label={t("kpi.columns.mrr")} value={format.usd(record.mrr)} testId="lead-kpi-mrr" />
      </dl>
      {products.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("kpi.detail.noProducts")}</p>
      ) : (
        <ol className="grid gap-1 text-sm" aria-label={t("kpi.detail.productsTitle")}>
          {products.map((product, index) => (
            <li key={`${product.name}-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-md border px-3 py-2" data-testid="lead-kpi-product">
              <span className="min-w-0 font-medium break-words">{product.name}</span>
              <span className="text-xs text-muted-foreground tabular-nums">
                {t("leadPage.kpi.productLine", {
                  revenue: format.usd(product.totalRevenue),
                  margin: formatNumber(product.profitMargin / 100, format.language, { style: "percent", maximumFractionDigits: 1 }),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="text-xs text-muted-foreground">{t("leadPage.kpi.synced", { date: format.dateTime(record.updatedAt) })}</p>
    </div>
  );
}
