import { z } from "zod";
import { affiliateSignupBodySchema, affiliateStatusSchema, affiliateUpdateSchema, payoutBodySchema } from "@contract/affiliates";
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

/** Record payout: the server's rules, plus at most the approved balance (the server says the same in English). */
export function payoutFormSchema(approved: string) {
  return z.object({
    amount: payoutBodySchema.shape.amount.refine((value) => toAmount(value) <= toAmount(approved), `At most the approved balance of ${approved}`),
    notes: z.string().trim().max(500, "Maximum 500 characters allowed"),
  });
}
export type PayoutFormInput = z.input<ReturnType<typeof payoutFormSchema>>;
export type PayoutFormOutput = z.output<ReturnType<typeof payoutFormSchema>>;
