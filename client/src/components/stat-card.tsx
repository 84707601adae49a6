import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

type StatCardProps = {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  icon: LucideIcon;
  loading?: boolean;
  "data-testid"?: string;
};

/** One figure with its title and caption; the value carries the test id so tests read just the figure. */
export function StatCard({ title, value, caption, icon: Icon, loading, ...rest }: StatCardProps) {
  return (
    <Card className="flex flex-col gap-1 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      {loading ? (
        <Skeleton className="h-8 w-20" />
      ) : (
        <p className="text-2xl font-semibold tabular-nums tracking-tight" data-testid={rest["data-testid"]}>
          {value}
        </p>
      )}
      {caption ? <div className="text-xs text-muted-foreground">{caption}</div> : null}
    </Card>
  );
}
