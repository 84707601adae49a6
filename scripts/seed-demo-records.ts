// Demo records for the Business Health & Evergreen page and the Succession tab (part of `npm run seed:demo`).
// Idempotent: a family that already holds any record is left as it is. Dates are relative to the run, spread over
// two years, so trends, "this year" counts, upcoming reviews and overdue documents all mean something.
import { count } from "drizzle-orm";
import type { Database } from "../server/src/db/client";
import type { FamilyTable } from "../server/src/db/record-table";
import {
  businessHealthSnapshots,
  communityEngagements,
  evergreenReviews,
  incidentSimulations,
  legacyPlans,
  riskRegister,
  successionDocuments,
} from "../server/src/db/schema";
import { perpetualInnovationBatches } from "./seed-demo-perpetual-innovation";
import { perpetualStewardshipDemo } from "./seed-demo-perpetual-stewardship";
import { seedDemoFutureStewardship } from "./seed-demo-future-stewardship";
import { finalStewardshipDemoBatches } from "./seed-demo-final-stewardship";
import { innovationDemoBatches } from "./seed-demo-innovation";
import { seedDemoCustomerSuccess } from "./seed-demo-customer-success";

const DAY = 86_400_000;

export function demoRecords(now: Date) {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const risks = [
    ["Cash runway shortens if two large customers churn", "financial", "medium", "critical", "Keep six months of expenses in reserve; review the renewal pipeline monthly", "Ada Admin", 9, "active"],
    ["Single PostgreSQL host with no standby", "technical", "high", "high", "Provision a streaming replica and rehearse fail-over each quarter", "Marco Ruiz", 4, "active"],
    ["Only one person knows the payroll provider set-up", "people", "medium", "high", "Write the payroll runbook and name a deputy", "Lena Fischer", 21, "active"],
    ["GDPR request handled late", "legal", "low", "medium", "Track data requests as tasks with a 20-day due date", "Ada Admin", 45, "active"],
    ["Lead volume depends on one ad channel", "market", "high", "medium", "Grow referral and partner channels to a third of new leads", "Sofía Martín", 30, "active"],
    ["Office lease renewal", "operational", "low", "low", "Lease renewed for three years", "Lena Fischer", -20, "mitigated"],
  ].map(([risk, category, likelihood, impact, mitigation, owner, review, status]) => ({
    risk,
    category,
    likelihood,
    impact,
    mitigation,
    owner,
    nextReviewDate: day(review as number),
    status,
  }));

  const simulations = [
    ["Ransomware on the file server", "security_breach", "completed", -640, 95, 5.5],
    ["Primary database unavailable", "service_outage", "completed", -450, 70, 6.5],
    ["Accidental deletion of lead records", "data_loss", "completed", -300, 55, 7],
    ["CEO unreachable for two weeks", "key_person_loss", "completed", -180, 48, 7.5],
    ["Email provider outage", "supplier_failure", "completed", -75, 35, 8],
    ["Region-wide cloud outage", "service_outage", "mitigated", -20, 28, 8.5],
    ["Leaked API key", "security_breach", "planning", 12, null, null],
  ].map(([scenario, scenarioType, status, date, responseTime, effectiveness]) => ({
    scenario,
    scenarioType,
    status,
    simulationDate: day(date as number),
    responseTime,
    effectiveness,
    lessonsLearned: status === "planning" ? null : "Runbook updated; on-call contact list refreshed.",
  }));

  const engagements = [
    ["Local small-business meetup talk", "event", 140, -400, "Three partner sign-ups within a month"],
    ["Open-sourced the CSV import library", "open_source", 2300, -260, "40 stars and two outside contributors"],
    ["Mentoring programme with the chamber of commerce", "mentoring", 60, -150, "Twelve founders mentored"],
    ["Sponsored the regional hackathon", "sponsorship", 900, -90, "Brand seen by 900 attendees"],
    ["Guide: choosing a CRM for a 10-person team", "content", 5400, -35, "Most read article this quarter"],
    ["Volunteer day at the food bank", "volunteering", 80, -12, "Team of eight, one day"],
  ].map(([title, engagementType, reach, date, impact]) => ({ title, engagementType, reach, date: day(date as number), impact }));

  const plans = [
    ["Founder succession plan", "succession", "active", 60, 5, 3, "Name and train a deputy CEO", 40, "Who steps in, for what, and when"],
    ["Operations handbook", "documentation", "in_progress", 45, 8, 4, "Finance chapter reviewed", 18, "Every recurring process written down"],
    ["Knowledge transfer to the support team", "knowledge_transfer", "planning", 15, 6, 1, "First shadowing week", 25, null],
    ["Open-source the reporting module", "open_source", "completed", 100, 3, 3, null, null, "Published under the MIT licence"],
    ["Reserve fund for the transition", "financial", "active", 70, 4, 3, "Reach five months of reserves", 75, null],
  ].map(([title, planType, status, progress, goalsTotal, goalsAchieved, nextMilestone, milestone, description]) => ({
    title,
    planType,
    status,
    progress,
    goalsTotal,
    goalsAchieved,
    nextMilestone,
    milestoneDate: milestone === null ? null : day(milestone as number),
    description,
  }));

  // Quarterly reviews over two years: business health rises, technical dips then recovers, community grows.
  const reviews = [
    [-690, 62, 70, 48],
    [-600, 64, 72, 51],
    [-510, 66, 69, 55],
    [-420, 69, 66, 58],
    [-330, 71, 68, 60],
    [-240, 73, 72, 64],
    [-150, 76, 75, 67],
    [-60, 79, 78, 71],
  ].map(([offset, businessHealth, technicalHealth, communityHealth], i) => {
    const date = new Date(now.getTime() + (offset as number) * DAY);
    const quarter = `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
    return {
      title: `${quarter} evergreen review`,
      reviewType: i === 3 || i === 7 ? "annual" : "quarterly",
      reviewDate: day(offset as number),
      businessHealth,
      technicalHealth,
      communityHealth,
      summary: "Reviewed finances, the platform and community commitments.",
      nextReviewDate: day((offset as number) + 90),
    };
  });

  const snapshots = [
    [-330, 6.5, 8, 14, "38500.00", 3.4, 99.5, 84, 1.1, 78, "high"],
    [-240, 8.2, 10, 15, "39800.00", 3.1, 99.7, 86, 0.9, 81, "high"],
    [-150, 9.8, 12, 17, "41200.00", 2.8, 99.8, 88, 0.7, 84, "medium"],
    [-60, 11.4, 14, 18, "42600.00", 2.5, 99.9, 91, 0.5, 87, "medium"],
    [-5, 12.6, 15, 19, "43100.00", 2.3, 99.95, 92, 0.4, 89, "medium"],
  ].map(([offset, revenueGrowth, profitability, runwayMonths, monthlyExpenses, churnRate, uptime, performance, errorRate, securityScore, technicalDebt]) => ({
    snapshotDate: day(offset as number),
    revenueGrowth,
    profitability,
    runwayMonths,
    monthlyExpenses,
    churnRate,
    uptime,
    performance,
    errorRate,
    securityScore,
    technicalDebt,
    notes: null,
  }));

  const documents = [
    {
      title: "Bank, payroll and tax access",
      owner: "Lena Fischer",
      body: "## Who holds what\n\n| Service | Holder | Deputy |\n|---|---|---|\n| Bank | Ada Admin | Lena Fischer |\n| Payroll | Lena Fischer | Marco Ruiz |\n\nHardware tokens are in the office safe; the code is with the notary.",
      lastReviewed: day(-400),
      reviewDue: day(-35),
    },
    {
      title: "Restoring Leadwell from backup",
      owner: "Marco Ruiz",
      body: "## Restore\n\n1. Stop the app (`systemctl stop leadwell`).\n2. Restore last night's dump with `pg_restore`.\n3. Start the app and check **/api/health**.\n\nBackups are kept for 30 days.",
      lastReviewed: day(-80),
      reviewDue: day(10),
    },
    {
      title: "Customer contracts and renewals",
      owner: "Sofía Martín",
      body: "- Contracts live in the shared drive under *Legal/Customers*.\n- Renewals are tracked as tasks, 60 days ahead.\n- Price changes need the founder's sign-off.",
      lastReviewed: day(-30),
      reviewDue: day(150),
    },
  ];

  return { risks, simulations, engagements, plans, reviews, snapshots, documents };
}

export async function seedDemoRecords(db: Database, now = new Date()): Promise<{ added: number; familiesSkipped: number }> {
  const demo = demoRecords(now);
  const batches: [FamilyTable, Record<string, unknown>[]][] = [
    [riskRegister, demo.risks],
    [incidentSimulations, demo.simulations],
    [communityEngagements, demo.engagements],
    [legacyPlans, demo.plans],
    [evergreenReviews, demo.reviews],
    [businessHealthSnapshots, demo.snapshots],
    [successionDocuments, demo.documents],
    ...perpetualInnovationBatches(now),
    ...perpetualStewardshipDemo(now),
    ...finalStewardshipDemoBatches(now),
    ...innovationDemoBatches(now),
  ];
  let added = 0;
  let familiesSkipped = 0;
  for (const [table, rows] of batches) {
    const [existing] = await db.select({ n: count() }).from(table);
    if ((existing?.n ?? 0) > 0) {
      familiesSkipped++;
      continue;
    }
    await db.insert(table).values(rows as never[]);
    added += rows.length;
  }
  await seedDemoFutureStewardship(db, now); // counts its own families (seed-demo-future-stewardship.test.ts)
  await seedDemoCustomerSuccess(db, now); // counts its own tables (seed-demo-customer-success.test.ts)
  return { added, familiesSkipped };
}
