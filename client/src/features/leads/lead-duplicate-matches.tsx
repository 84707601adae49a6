import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DuplicateMatch, DuplicateReason } from "@contract/lead-duplicates";
import type { LeadSummary } from "@contract/leads";
import { Badge } from "@/components/ui/badge";
import { LeadLink } from "./lead-link";

/** How sure a match is, as a percentage in the reader's language ("90 %" in Spanish). */
export function useConfidenceLabel() {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  return (confidence: number) => t("leads.duplicates.confidence", { percent: percent.format(confidence) });
}

/** A lead's owner, first and last name. */
export const ownerNameOf = (lead: Pick<LeadSummary, "businessOwnerName" | "businessOwnerLastName">) =>
  `${lead.businessOwnerName} ${lead.businessOwnerLastName}`.trim();

/** Why two leads look alike, each reason as a small label. */
export function DuplicateReasons({ reasons }: { reasons: readonly DuplicateReason[] }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1" data-testid="lead-duplicate-reasons">
      {reasons.map((reason) => (
        <Badge key={reason} variant="secondary">
          {t(`leads.duplicates.reasons.${reason}`)}
        </Badge>
      ))}
    </span>
  );
}

type MatchListProps = {
  matches: readonly DuplicateMatch[];
  /** What may be done with each match (the lead page's Merge…), at the end of its line. */
  action?: (match: DuplicateMatch) => ReactNode;
  label: string;
};

/** Each likely duplicate: its business (a link to its page), owner and email, the reasons and how likely. */
export function DuplicateMatchList({ matches, action, label }: MatchListProps) {
  const confidenceLabel = useConfidenceLabel();
  return (
    <ul className="grid gap-2" aria-label={label}>
      {matches.map((match) => (
        <li
          key={match.lead.id}
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border px-3 py-2"
          data-testid="lead-duplicate-match"
          data-lead-id={match.lead.id}
        >
          <div className="grid min-w-0 gap-1">
            <p className="min-w-0 text-sm break-words">
              <LeadLink id={match.lead.id} name={match.lead.businessName} className="font-medium" data-testid="lead-duplicate-link" />
              <span className="text-muted-foreground"> · {ownerNameOf(match.lead)} · {match.lead.email}</span>
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <DuplicateReasons reasons={match.reasons} />
              <span className="text-xs text-muted-foreground" data-testid="lead-duplicate-confidence">
                {confidenceLabel(match.confidence)}
              </span>
            </div>
          </div>
          {action ? <div className="shrink-0">{action(match)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
