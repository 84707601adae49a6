import type { TFunction } from "i18next";
import { affiliateStatuses, commissionStatuses, type AffiliateStatus } from "@contract/affiliates";

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

export function affiliateStatusLabel(t: TFunction, status: string): string {
  return isOneOf(affiliateStatuses, status) ? t(`affiliateStatus.${status}`) : status;
}

export function commissionStatusLabel(t: TFunction, status: string): string {
  return isOneOf(commissionStatuses, status) ? t(`commissionStatus.${status}`) : status;
}

export function isAffiliateStatus(value: string): value is AffiliateStatus {
  return isOneOf(affiliateStatuses, value);
}
