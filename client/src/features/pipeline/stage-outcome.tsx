import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { StageOutcome } from "@contract/pipeline";
import { Badge } from "@/components/ui/badge";

export function stageOutcomeLabel(t: TFunction, outcome: StageOutcome): string {
  return t(`productivity.outcome.${outcome}`);
}

/**
 * A won or lost stage's outcome as a small badge (an open stage shows none): leads moved into it become converted or
 * lost. The badge shows the outcome; screen readers and the pointer's tooltip get the sentence that explains it.
 */
export function StageOutcomeBadge({ outcome, className }: { outcome: StageOutcome; className?: string }) {
  const { t } = useTranslation();
  if (outcome === "open") return null;
  const hint = t(outcome === "won" ? "productivity.outcome.wonHint" : "productivity.outcome.lostHint");
  return (
    <Badge variant={outcome === "won" ? "success" : "destructive"} className={className} title={hint} data-testid="stage-outcome" data-outcome={outcome}>
      <span aria-hidden="true">{stageOutcomeLabel(t, outcome)}</span>
      <span className="sr-only">{hint}</span>
    </Badge>
  );
}
