import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export type StatCardProps = {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  icon: LucideIcon;
  loading?: boolean;
  "data-testid"?: string;
};

/**
 * One figure with its title and caption; the value carries the test id so tests read just the figure. While loading,
 * the caption waits too: a caption quoting the figure ("$0.00 paid") would otherwise state a zero nobody measured.
 */
export function StatCard({ title, value, caption, icon: Icon, loading, ...rest }: StatCardProps) {
  const { t } = useTranslation();
  return (
    <Card className="@container flex flex-col gap-1 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      {loading ? (
        <>
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-8 w-20" data-testid={rest["data-testid"] ? `${rest["data-testid"]}-loading` : undefined} />
        </>
      ) : (
        // A smaller figure in a narrow card, so "1250 mil US$" stays on one line beside a side form.
        <p className="text-xl font-semibold tabular-nums tracking-tight @[11rem]:text-2xl" data-testid={rest["data-testid"]}>
          {value}
        </p>
      )}
      {caption && loading ? <Skeleton className="h-4 w-32" /> : caption ? <div className="text-xs text-muted-foreground">{caption}</div> : null}
    </Card>
  );
}
