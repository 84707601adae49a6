import { z } from "zod";

export { ANONYMOUS_CONSENT_EMAIL, CONSENT_STORAGE_KEY } from "./consent-constants";

export const consentPreferencesSchema = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
});

export const storedConsentSchema = consentPreferencesSchema.extend({
  timestamp: z.string(),
});
export type StoredConsent = z.infer<typeof storedConsentSchema>;

export const consentUpdateBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(150, "Maximum 150 characters allowed").pipe(z.email("Valid email is required")),
  consentType: z.string().trim().min(1, "Consent type is required").max(50, "Maximum 50 characters allowed"),
  granted: z.boolean(),
  preferences: consentPreferencesSchema.optional().describe("The detailed choice, kept as proof of what was agreed"),
});
export type ConsentUpdateBody = z.infer<typeof consentUpdateBodySchema>;

export const consentRecordSchema = z.object({
  id: z.number().int(),
  recordedAt: z.string(),
});
