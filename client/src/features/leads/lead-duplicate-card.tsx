import { useState } from "react";
import { GitMerge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { leadDuplicateEndpoints, type DuplicateMatch } from "@contract/lead-duplicates";
import type { Lead } from "@contract/leads";
import { RefusedButton } from "@/components/refused-button";
import { RegionCard } from "@/components/region-card";
import { QueryStates } from "@/components/query-states";
import { Button } from "@/components/ui/button";
import { useMayCall } from "@/lib/authorization";
import { DuplicateMatchList } from "./lead-duplicate-matches";
import { useLeadDuplicates } from "./lead-duplicate-queries";
import { LEAD_DUPLICATES_PATH, leadMergePath } from "./lead-merge-path";

/**
 * How many matches the lead page shows before "Show all": the likeliest few, so that the notes and the timeline below
 * stay near the top of the column (a lead can have ten stored matches).
 */
export const SHOWN_DUPLICATES = 3;

/**
 * The lead page's "Possible duplicates": the stored leads that look like this one (GET /api/leads/{id}/duplicates),
 * each with its reasons and how likely, and Merge… to compare the two and merge the other into this one (a role that
 * may not merge sees it disabled, with the reason).
 */
export function LeadDuplicateCard({ lead }: { lead: Lead }) {
  const { t } = useTranslation();
  const duplicates = useLeadDuplicates(lead.id);
  const mayMerge = useMayCall(leadDuplicateEndpoints.merge);
  const [showAll, setShowAll] = useState(false);

  const mergeAction = (match: DuplicateMatch) => {
    const label = t("leads.duplicates.mergeLabel", { name: match.lead.businessName });
    if (mayMerge === false) {
      return (
        <RefusedButton reason={t("leads.duplicates.mergeRefused")} aria-label={label} data-testid="lead-duplicate-merge">
          <GitMerge aria-hidden="true" />
          {t("leads.duplicates.merge")}
        </RefusedButton>
      );
    }
    return (
      <Button asChild variant="outline" size="sm">
        <Link href={leadMergePath(lead.id, match.lead.id)} aria-label={label} data-testid="lead-duplicate-merge">
          <GitMerge aria-hidden="true" />
          {t("leads.duplicates.merge")}
        </Link>
      </Button>
    );
  };

  return (
    <RegionCard
      title={t("leads.duplicates.title")}
      description={t("leads.duplicates.sectionDescription")}
      action={
        <Link href={LEAD_DUPLICATES_PATH} className="text-sm underline-offset-4 hover:underline" data-testid="lead-duplicates-all">
          {t("leads.duplicates.viewAll")}
        </Link>
      }
      data-testid="lead-duplicates"
    >
      <QueryStates
        query={duplicates}
        loadingLabel={t("leads.duplicates.loading")}
        failedMessage={(message) => t("leads.duplicates.loadFailed", { message })}
        errorTestId="lead-duplicates-error"
      >
        {(matches) =>
          matches.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="lead-duplicates-none">
              {t("leads.duplicates.none")}
            </p>
          ) : (
            <div className="grid gap-2">
              <DuplicateMatchList matches={showAll ? matches : matches.slice(0, SHOWN_DUPLICATES)} action={mergeAction} label={t("leads.duplicates.title")} />
              {matches.length > SHOWN_DUPLICATES ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="justify-self-start"
                  aria-expanded={showAll}
                  onClick={() => setShowAll((shown) => !shown)}
                  data-testid="lead-duplicates-toggle"
                >
                  {showAll ? t("leads.duplicates.showFewer") : t("leads.duplicates.showAll", { count: matches.length })}
                </Button>
              ) : null}
            </div>
          )
        }
      </QueryStates>
    </RegionCard>
  );
}
