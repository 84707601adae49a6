import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { LeadLink, LeadStatusBadge } from "@/features/leads";
import { useRecentLeads } from "@/features/leads";
import { apiErrorMessage } from "@/lib/api";
import { initials } from "@/lib/format";

export const RECENT_LEADS = 5;

/** The five newest leads with initials, business name (opening the lead's page), email and status. */
export function RecentLeadsCard() {
  const { t } = useTranslation();
  const recent = useRecentLeads(RECENT_LEADS);
  const leads = Array.isArray(recent.data) ? recent.data : [];

  return (
    <Card data-testid="recent-leads">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{t("dashboard.recentLeads.title")}</CardTitle>
        <Button asChild variant="link" size="sm" className="h-auto px-0">
          <Link href="/leads">{t("dashboard.recentLeads.viewAll")}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">{t("common.loading")}</span>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : recent.isError ? (
          <p role="alert" className="py-6 text-center text-sm text-destructive">
            {t("dashboard.recentLeads.error", { message: apiErrorMessage(recent.error, t("common.networkError")) })}
          </p>
        ) : leads.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t("dashboard.recentLeads.empty")}</p>
        ) : (
          <ul className="divide-y">
            {leads.map((lead) => (
              <li key={lead.id} className="flex items-center gap-3 py-2" data-testid="recent-lead">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground"
                >
                  {initials(lead.businessName) || "?"}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">
                    <LeadLink id={lead.id} name={lead.businessName} />
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{lead.email}</p>
                </div>
                <LeadStatusBadge status={lead.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
