import { useId, type ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type RegionCardProps = {
  title: ReactNode;
  description: ReactNode;
  /** Beside the title, on the right: a link or a button about the whole card. */
  action?: ReactNode;
  children: ReactNode;
  "data-testid"?: string;
};

/**
 * A card that is a named region of its page (screen readers list it by its title), with a short description and an
 * optional action beside the title: the lead page's side cards (tasks, duplicates, KPI figures, partner) share it.
 */
export function RegionCard({ title, description, action, children, ...rest }: RegionCardProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} data-testid={rest["data-testid"]}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="grid gap-1">
          <CardTitle id={headingId} className="text-base">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
