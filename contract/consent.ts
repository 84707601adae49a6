import { z } from "zod";
import { errorMessage } from "./error-message";
import "./zod-error-map";
import { defineEndpoint, defineEndpoints } from "./endpoint";

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
  email: z.string().trim().toLowerCase().max(150).pipe(z.email(errorMessage("field.email_required"))),
  consentType: z.string().trim().min(1, errorMessage("consent.type_required")).max(50),
  granted: z.boolean(),
  preferences: consentPreferencesSchema.optional().describe("The detailed choice, kept as proof of what was agreed"),
});
export type ConsentUpdateBody = z.infer<typeof consentUpdateBodySchema>;

export const consentRecordSchema = z.object({
  id: z.number().int(),
  recordedAt: z.string(),
});

// Endpoints

export const consentEndpoints = defineEndpoints("consent", {
  update: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/consent/update",
    body: consentUpdateBodySchema,
    reply: consentRecordSchema,
    status: 201,
    errors: [400, 429],
    tags: ["Consent"],
    summary: "Record a cookie-consent choice with its time, IP address and user agent, as proof of consent",
    description: "Anonymous visitors send a placeholder email; when a staff session is present the record is also linked to that user.",
  }),
});
