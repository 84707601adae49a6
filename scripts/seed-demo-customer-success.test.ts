import { describe, expect, it } from "vitest";
import type { NpsAnalytics, OnboardingAnalytics, RenewalAnalytics } from "@contract/customer-success";
import { suiteWithAdmin, testDrivers } from "../server/src/test/test-runtime";
import { seedDemoCustomerSuccess } from "./seed-demo-customer-success";

describe.each(testDrivers)("demo Customer Success data on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("adds the demo rows once, and the page's figures read believably from them", async () => {
    // 62 NPS answers, 7 onboarding accounts, 8 offers, 5 reviews.
    expect(await seedDemoCustomerSuccess(suite.rt.ctx.db)).toBe(82);
    expect(await seedDemoCustomerSuccess(suite.rt.ctx.db)).toBe(0);

    const nps = (await suite.admin.get<NpsAnalytics>("/api/nps/analytics")).body;
    // 34 promoters, 16 passives, 12 detractors: (34 − 12) / 62 = 35.5 → 35.
    expect(nps).toMatchObject({ total_responses: 62, promoters: 34, passives: 16, detractors: 12, nps_score: 35, label: "good" });
    expect(nps.trend.length).toBeGreaterThanOrEqual(11);
    expect(nps.latest_comments.length).toBe(5);

    const onboarding = (await suite.admin.get<OnboardingAnalytics>("/api/onboarding/analytics")).body;
    // 2 of 7 completed: 28.6 → 29 %.
    expect(onboarding).toMatchObject({ total_accounts: 7, completed: 2, completion_rate: 29 });

    const renewals = (await suite.admin.get<RenewalAnalytics>("/api/renewal-upsell/analytics")).body;
    // Pending: 14,400 + 3,600 + 21,000 + 2,400; accepted 6,000 + 4,800; 2 accepted of 3 answered → 67 %.
    expect(renewals).toMatchObject({ pending_offers: 4, pending_revenue: 41_400, revenue_generated: 10_800, acceptance_rate: 67 });
    expect(renewals.upcoming_renewals.map((offer) => offer.revenue)).toEqual([14_400, 3_600, 21_000]);
  });
});
