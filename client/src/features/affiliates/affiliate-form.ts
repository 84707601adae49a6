import { z } from "zod";
import { affiliateSignupBodySchema, affiliateStatusSchema, affiliateUpdateSchema, payoutBodySchema } from "@contract/affiliates";
import { errorMessage } from "@contract/error-message";
import { toAmount } from "@/lib/format";

/** Edit Affiliate: the registration rules for name and business, plus status and commission amount. */
export const affiliateEditSchema = z.object({
  name: affiliateSignupBodySchema.shape.name,
  businessName: affiliateSignupBodySchema.shape.businessName,
  status: affiliateStatusSchema,
  commissionAmount: affiliateUpdateSchema.shape.commissionAmount.unwrap(),
});
export type AffiliateEditInput = z.input<typeof affiliateEditSchema>;
export type AffiliateEditOutput = z.output<typeof affiliateEditSchema>;
export const AFFILIATE_EDIT_FIELDS = ["name", "businessName", "status", "commissionAmount"] as const;

/** Record payout: the server's rules, plus at most the approved balance (the server answers the same code). */
export function payoutFormSchema(approved: string) {
  return z.object({
    amount: payoutBodySchema.shape.amount.refine(
      (value) => toAmount(value) <= toAmount(approved),
      errorMessage("payout.above_approved_balance", { amount: approved }),
    ),
    notes: z.string().trim().max(500),
  });
}
export type PayoutFormInput = z.input<ReturnType<typeof payoutFormSchema>>;
export type PayoutFormOutput = z.output<ReturnType<typeof payoutFormSchema>>;
