// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The affiliate area's failures (contract/affiliates.ts), payouts included, by stable code, with their English. */
export const affiliateErrorMessages = {
  "affiliate.not_found": "Affiliate not found",
  "affiliate.email_taken": "An affiliate with this email already exists",
  "affiliate.full_name_required": "Full name is required",
  "affiliate.business_name_required": "Business name is required",
  "affiliate.invalid_status": "Status must be one of: {options}",
  "affiliate.suspended": "This affiliate account is suspended. Please contact us.",
  "affiliate.own_dashboard_only": "You can only read your own dashboard",
  "affiliate.commission_required": "Commission amount is required",
  "payout.amount_required": "Amount is required",
  "payout.amount_not_positive": "Amount must be greater than zero",
  "payout.above_approved_balance": "At most the approved balance of {amount}",
} as const;
