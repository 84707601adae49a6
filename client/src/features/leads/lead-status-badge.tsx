import { useTranslation } from "react-i18next";
import type { LeadStatus } from "@contract/leads";
import { Badge } from "@/components/ui/badge";
import { statusLabel } from "./lead-labels";

const VARIANT: Record<LeadStatus, "success" | "secondary" | "warning" | "default" | "destructive"> = {
  new: "success",
  contacted: "secondary",
  qualified: "warning",
  converted: "default",
  lost: "destructive",
};

export function LeadStatusBadge({ status }: { status: LeadStatus | null | undefined }) {
  const { t } = useTranslation();
  const value = status ?? "new";
  return (
    <Badge variant={VARIANT[value] ?? "secondary"} data-testid="lead-status">
      {statusLabel(t, value)}
    </Badge>
  );
}
