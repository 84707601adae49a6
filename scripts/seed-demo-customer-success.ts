// Demo data for the Customer Success page (part of `npm run seed:demo`, through seed-demo-records.ts): NPS answers
// over the last 14 months, onboarding progress, renewal/upsell offers and business reviews. Idempotent per table.
// Engagement and retention are read from real sign-ins and audited actions, so nothing is invented for them.
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../server/src/db/client";
import { businessReviews, npsResponses, onboardingProgress, renewalUpsellOffers } from "../server/src/db/schema";

const DAY = 86_400_000;

export function demoCustomerSuccess(now: Date) {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const at = (offset: number) => new Date(now.getTime() + offset * DAY);

  // A month-by-month pattern of scores that improves over time; a comment on some answers.
  const comments: Record<number, string> = {
    2: "Importing leads from our old CRM took far too long.",
    4: "Reports are fine, but exports time out on big lists.",
    6: "Good, though the pipeline view is slow on Mondays.",
    7: "Does what we need; onboarding could be shorter.",
    8: "Solid product, support answered within the hour.",
    9: "The referral links brought us three new partners.",
    10: "Our sales team lives in Leadwell now. Excellent!",
  };
  const monthly = [
    [3, 6, 7, 8, 9],
    [2, 5, 7, 9],
    [4, 6, 8, 9, 10],
    [6, 7, 7, 9],
    [5, 8, 9, 10],
    [6, 7, 9, 9, 10],
    [3, 8, 9, 10],
    [7, 8, 9, 10, 10],
    [6, 9, 9, 10],
    [8, 9, 10, 10, 7],
    [9, 10, 6, 10],
    [8, 9, 10, 10, 9],
    [10, 9, 7, 10],
    [9, 10, 10, 8],
  ];
  const people = ["maria@northwind.example", "tom@contoso.example", "li@fabrikam.example", "ana@tailspin.example", "olu@adatum.example"];
  const nps = monthly.flatMap((scores, monthIndex) =>
    scores.map((score, n) => ({
      userEmail: people[(monthIndex + n) % people.length]!,
      score,
      feedback: (monthIndex + n) % 3 === 0 ? (comments[score] ?? null) : null,
      campaignId: `2026-m${monthIndex + 1}`,
      surveyType: n === 0 ? "onboarding" : "milestone",
      createdAt: at(-(monthly.length - 1 - monthIndex) * 30 - 3 - n * 4),
    })),
  );

  const onboarding = [
    ["maria@northwind.example", [1, 2, 3, 4, 5]],
    ["tom@contoso.example", [1, 2, 3, 4, 5]],
    ["li@fabrikam.example", [1, 2, 3]],
    ["ana@tailspin.example", [1]],
    ["olu@adatum.example", []],
    ["ken@litware.example", [1, 2]],
    ["eva@proseware.example", [1, 2, 3, 4]],
  ].map(([userEmail, steps]) => {
    const done = steps as number[];
    const isCompleted = done.length === 5;
    return { userEmail: userEmail as string, completedSteps: done, isCompleted, currentStep: isCompleted ? 5 : done.length + 1, totalSteps: 5 };
  });

  const offers = [
    ["maria@northwind.example", "renewal", "pending", "Annual plan, 25 seats, 5% loyalty discount", 12, null, "14400.00"],
    ["tom@contoso.example", "upsell", "pending", "Add the automation pack", 25, null, "3600.00"],
    ["li@fabrikam.example", "renewal", "pending", "Two-year renewal with price lock", 48, null, "21000.00"],
    ["ana@tailspin.example", "cross_sell", "pending", "White-label brand for their reseller arm", null, null, "2400.00"],
    ["olu@adatum.example", "renewal", "accepted", "Annual plan, 10 seats", -40, -45, "6000.00"],
    ["ken@litware.example", "upsell", "accepted", "From 10 to 18 seats", -120, -125, "4800.00"],
    ["eva@proseware.example", "renewal", "declined", "Annual plan; moved to a competitor's bundle", -200, -210, "7200.00"],
    ["maria@northwind.example", "upsell", "expired", "SSO add-on", -300, null, "1200.00"],
  ].map(([userEmail, type, status, offerDetails, expiry, response, revenue]) => ({
    userEmail,
    type,
    status,
    offerDetails,
    expiryDate: expiry === null ? null : day(expiry as number),
    responseDate: response === null ? null : day(response as number),
    revenue,
  }));

  const reviews = [
    ["Northwind", "quarterly", -20, "Leads +18% QoQ; win rate 27%", "Win: referral channel. Challenge: data import backlog.", ["Clean up duplicate leads", "Train two new agents"], "Bulk import in Q1", ["Maria Lopez", "Ada Admin"]],
    ["Contoso", "executive", -75, "Seats 40 → 52; NPS 46", "Win: automation adoption. Challenge: reporting latency.", ["Share the reporting roadmap"], "Faster exports", ["Tom Reed", "Ada Admin", "Sofía Martín"]],
    ["Fabrikam", "annual", -160, "Renewal at 100%; 3 partners live", "Win: partner programme. Challenge: onboarding took 6 weeks.", ["Shorten onboarding to 3 weeks", "Name a success contact"], "Guided onboarding", ["Li Wei", "Lena Fischer"]],
    ["Tailspin", "monthly", -400, "Pipeline value $210k", "Challenge: low usage after the pilot.", ["Run a refresher session"], null, ["Ana Costa"]],
    ["Adatum", "quarterly", -650, "First quarter live", "Win: fast set-up.", [], "Mobile app beta", ["Olu Ade", "Marco Ruiz"]],
  ].map(([accountName, reviewType, date, keyMetrics, winsAndChallenges, actionItems, roadmapUpdates, attendees]) => ({
    accountName,
    reviewType,
    reviewDate: day(date as number),
    keyMetrics,
    winsAndChallenges,
    actionItems,
    roadmapUpdates,
    attendees,
  }));

  return { nps, onboarding, offers, reviews };
}

/** Adds each table's demo rows when the table is empty; answers how many rows were added. */
export async function seedDemoCustomerSuccess(db: Database, now = new Date()): Promise<number> {
  const demo = demoCustomerSuccess(now);
  const batches: [PgTable, Record<string, unknown>[]][] = [
    [npsResponses, demo.nps],
    [onboardingProgress, demo.onboarding],
    [renewalUpsellOffers, demo.offers],
    [businessReviews, demo.reviews],
  ];
  let added = 0;
  for (const [table, rows] of batches) {
    const [existing] = await db.select({ n: count() }).from(table);
    if ((existing?.n ?? 0) > 0) continue;
    await db.insert(table).values(rows as never[]);
    added += rows.length;
  }
  return added;
}
