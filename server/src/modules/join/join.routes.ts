import { z } from "zod";
import { REFERRAL_COOKIE } from "@contract/affiliates";
import { apiErrorSchema } from "@contract/errors";
import { joinBodySchema, leadInputSchema } from "@contract/leads";
import type { AppContext, ZodApp } from "../../app-context";
import { tooManyRequests } from "../../http/errors";
import { requestMeta } from "../../http/request-meta";
import { lockSecondsLeft, recordAttempt, type ThrottlePolicy } from "../auth/login-throttle.data";
import { createLead } from "../leads/leads.service";

/** Ten submissions per address in ten minutes is plenty for people and little for a script. */
const JOIN_POLICY: ThrottlePolicy = { maxFailures: 10, windowMs: 10 * 60_000, lockMs: 10 * 60_000 };

export function joinRoutes(app: ZodApp, ctx: AppContext) {
  app.post(
    "/join",
    {
      config: { public: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ["Leads"],
        summary: "The public lead form (no sign-in); a referral link's cookie credits the affiliate",
        description: "Same validation as Add Lead. Limited per address; answers nothing about the stored lead.",
        body: joinBodySchema,
        response: { 201: z.object({ received: z.literal(true) }), 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      const key = `join:${meta.ip}`;
      const locked = await lockSecondsLeft(ctx.db, key);
      if (locked > 0) throw tooManyRequests(`Too many submissions from this address. Please try again in ${Math.ceil(locked / 60)} minutes.`, locked);
      await recordAttempt(ctx.db, key, JOIN_POLICY);
      const referralCode = request.cookies[REFERRAL_COOKIE];
      const input = leadInputSchema.parse({ ...request.body, leadSource: "website form", affiliateCode: referralCode ?? null });
      await createLead(ctx.db, input, { principal: null, meta, referralSource: "link" });
      return reply.status(201).send({ received: true as const });
    },
  );
}
