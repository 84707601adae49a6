import { useTranslation } from "react-i18next";
import type { IssueStatus } from "@contract/issues";
import { Badge } from "@/components/ui/badge";
import { isIssueStatus, issueStatusLabel } from "./issue-labels";

/** Spec §4: open yellow, approved green, any other value red; awaiting review is still waiting on staff, so yellow too. */
const VARIANT = {
  open: "warning",
  awaiting_review: "warning",
  approved: "success",
  rejected: "destructive",
  failed: "destructive",
} as const satisfies Record<IssueStatus, "warning" | "success" | "destructive">;

/** Takes any string: Global Search returns the status untyped. */
export function IssueStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={isIssueStatus(status) ? VARIANT[status] : "destructive"} data-testid="issue-status" data-status={status}>
      {issueStatusLabel(t, status)}
    </Badge>
  );
}
