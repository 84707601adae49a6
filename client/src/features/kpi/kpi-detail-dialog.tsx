import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { KpiRecord } from "@contract/kpi";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { FigureBox } from "@/components/figure-box";
import { useKpiRecord } from "./kpi-queries";

const KpiProductsChart = lazy(() => import("./kpi-products-chart"));

type KpiDetailDialogProps = { record: KpiRecord | null; onOpenChange: (open: boolean) => void };

/** A lead's KPI record: its figures, a chart of revenue per top product, and the products' table. */
export function KpiDetailDialog({ record, onOpenChange }: KpiDetailDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={record !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid="kpi-detail-dialog">
        <DialogHeader>
          <DialogTitle>{t("kpi.detail.title")}</DialogTitle>
          <DialogDescription>{record ? `${record.businessName} · ${record.email}` : null}</DialogDescription>
        </DialogHeader>
        {record ? <KpiDetail key={record.id} initial={record} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function KpiDetail({ initial }: { initial: KpiRecord }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const query = useKpiRecord(initial);
  const record = query.data ?? initial;
  const products = Array.isArray(record.topProducts) ? record.topProducts : [];

  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <FigureBox label={t("kpi.columns.ytdRevenue")} value={format.usd(record.ytdRevenue)} testId="kpi-detail-ytd" />
        <FigureBox label={t("kpi.columns.mrr")} value={format.usd(record.mrr)} testId="kpi-detail-mrr" />
        <FigureBox label={t("kpi.columns.lastUpdated")} value={format.dateTime(record.updatedAt) || t("kpi.notAvailable")} />
      </dl>

      <section aria-labelledby="kpi-products-heading" className="grid gap-2">
        <h3 id="kpi-products-heading" className="text-sm font-semibold">
          {t("kpi.detail.productsTitle")}
        </h3>
        {products.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t("kpi.detail.noProducts")}</p>
        ) : (
          <>
            <Suspense fallback={<Skeleton className="h-[200px]" />}>
              <KpiProductsChart products={products} />
            </Suspense>
            <Table aria-labelledby="kpi-products-heading">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{t("kpi.detail.product")}</TableHead>
                  <TableHead className="text-right">{t("kpi.detail.totalSales")}</TableHead>
                  <TableHead className="text-right">{t("kpi.detail.averageRevenue")}</TableHead>
                  <TableHead className="text-right">{t("kpi.detail.totalRevenue")}</TableHead>
                  <TableHead className="text-right">{t("kpi.detail.profitMargin")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {products.map((product, index) => (
                  <TableRow key={`${product.name}-${index}`} data-testid="kpi-product-row">
                    <TableCell className="font-medium">{product.name}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.number(product.totalSales)}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.usd(product.averageRevenue)}</TableCell>
                    <TableCell className="text-right tabular-nums">{format.usd(product.totalRevenue)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatNumber(product.profitMargin / 100, format.language, { style: "percent", maximumFractionDigits: 1 })}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </section>
    </div>
  );
}
