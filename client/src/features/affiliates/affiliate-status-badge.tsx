import { useTranslation } from "react-i18next";
import type { AffiliateStatus } from "@contract/affiliates";
import type { z } from "zod";
import type { commissionStatusSchema } from "@contract/affiliates";
import { Badge } from "@/components/ui/badge";
import { affiliateStatusLabel, commissionStatusLabel } from "./affiliate-labels";

const AFFILIATE_VARIANT: Record<AffiliateStatus, "success" | "warning" | "destructive"> = {
  active: "success",
  pending: "warning",
  suspended: "destructive",
};

/** The affiliate's real status: active green, pending yellow, suspended red. */
export function AffiliateStatusBadge({ status }: { status: AffiliateStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={AFFILIATE_VARIANT[status] ?? "secondary"} data-testid="affiliate-status">
      {affiliateStatusLabel(t, status)}
    </Badge>
  );
}

type CommissionStatus = z.infer<typeof commissionStatusSchema>;

const COMMISSION_VARIANT: Record<CommissionStatus, "success" | "warning" | "destructive" | "secondary"> = {
  pending: "warning",
  approved: "secondary",
  paid: "success",
  voided: "destructive",
};

export function CommissionStatusBadge({ status }: { status: CommissionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={COMMISSION_VARIANT[status] ?? "secondary"} data-testid="commission-status">
      {commissionStatusLabel(t, status)}
    </Badge>
  );
}
