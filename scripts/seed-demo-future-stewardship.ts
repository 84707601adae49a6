// Demo records for the Future Stewardship & Historical Record page (part of `npm run seed:demo`, called from
// seed-demo-records.ts). Idempotent: a family that already holds any record is left as it is. Dates are relative to
// the run and spread over two years. Historical records are written with their seals, chained as the API chains them
// (server/src/lib/hash-chain.ts), so the demo chain verifies.
import { count } from "drizzle-orm";
import type { Database } from "../server/src/db/client";
import type { FamilyTable } from "../server/src/db/record-table";
import { ethicalReviews, historicalRecords, legacyCharters, perpetuityDeclarations, successionPlaybooks } from "../server/src/db/schema";
import { GENESIS_SEAL, sealOf } from "../server/src/lib/hash-chain";

const DAY = 86_400_000;

export function demoFutureStewardship(now: Date) {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const year = (offset: number) => Number(day(offset).slice(0, 4));

  const charters = [
    {
      title: "Leadwell founding charter",
      charterVersion: "1.0",
      charterDate: day(-700),
      status: "superseded",
      missionStatement: "Give small teams a CRM they can trust with their customers' history.",
      coreValues: ["Integrity", "Simplicity"],
      trustedParties: ["Founders"],
      stewardshipAreas: ["Governance", "Technology"],
      ethicalPrinciples: [],
      successionClause: null,
      nextReviewDate: null,
    },
    {
      title: "Leadwell stewardship charter",
      charterVersion: "2.1",
      charterDate: day(-120),
      status: "active",
      missionStatement:
        "Keep Leadwell's customer records, relationships and know-how in trustworthy hands for as long as customers rely on them: documented, open to audit, handed over deliberately, and never sold or abandoned without notice to the people whose data it holds.",
      coreValues: ["Integrity", "Openness", "Care for customer data", "Continuity"],
      trustedParties: ["Board of directors", "Leadwell Foundation", "Notary office Fischer & Partner"],
      stewardshipAreas: ["Governance", "Data", "Finance", "Technology", "Knowledge"],
      ethicalPrinciples: ["Data minimisation", "No dark patterns", "Explainable automation"],
      successionClause: "If the founders step down, the board names an interim steward within 30 days; the foundation holds the source code in escrow.",
      nextReviewDate: day(60),
    },
    {
      title: "Community stewardship addendum",
      charterVersion: "0.3",
      charterDate: day(-15),
      status: "draft",
      missionStatement: "Extend the charter to the open-source modules and their community maintainers.",
      coreValues: ["Openness"],
      trustedParties: [],
      stewardshipAreas: ["Community"],
      ethicalPrinciples: ["Credit every contributor"],
      successionClause: null,
      nextReviewDate: day(14),
    },
  ];

  const records = [
    ["Leadwell founded", "founding", -715, "Two founders incorporate Leadwell to build a CRM for ten-person teams.", true],
    ["First paying customer", "milestone", -640, "A bakery chain with six shops signs the first annual contract.", true],
    ["PostgreSQL chosen as the only datastore", "decision", -600, "One database, no caches to keep in sync: simpler to audit and to hand over.", false],
    ["Version 1.0 released", "release", -520, "Leads, pipeline and tasks; CSV import.", true],
    ["Partnership with the chamber of commerce", "partnership", -410, "Joint mentoring programme and a referral agreement.", true],
    ["Data retention policy adopted", "policy", -330, "Closed leads are anonymised after 36 months unless the customer asks otherwise.", true],
    ["Database fail-over incident", "incident", -250, "Forty minutes of read-only mode; the replica was promoted by hand. Runbook rewritten.", false],
    ["New chief technology officer", "leadership_change", -160, "Marco Ruiz takes over engineering; the founder moves to stewardship.", false],
    ["Stewardship charter 2.0 ratified", "decision", -120, "The board ratifies the charter that governs succession and data care.", true],
    ["Fifth anniversary of the first line of code", "anniversary", -30, "Celebrated with customers; the history page opened to the public.", true],
  ].map(([eventTitle, eventType, date, eventDescription, publicAccess]) => ({
    eventTitle: eventTitle as string,
    eventType: eventType as string,
    recordDate: day(date as number),
    eventDescription: eventDescription as string,
    publicAccess: publicAccess as boolean,
  }));

  const playbooks = [
    ["Founder and CEO succession", "leadership", "2.0", -300, "active", ["Lena Fischer, board chair, +34 600 100 200", "Notary Fischer & Partner, escrow, +34 910 000 111"], ["Board briefing", "Bank mandates", "Customer letters", "Supplier contacts", "Press line"], 4, ["Day 1 access", "Week 1 board meeting", "Month 1 review"], 45],
    ["Platform and on-call handover", "technical", "1.3", -200, "active", ["Marco Ruiz, CTO, +34 600 300 400"], ["Infrastructure map", "Secrets rotation", "Backup restore drill", "Release process"], 3, ["Shadow on-call week", "Lead a release"], 90],
    ["Major outage response", "emergency", "1.1", -90, "ready", ["Marco Ruiz, CTO, +34 600 300 400", "Hosting provider support, 24/7 line"], ["Status page access", "Customer notice templates"], 2, [], 120],
    ["Support team knowledge transfer", "knowledge_transfer", "0.4", -20, "draft", [], ["Top 20 questions", "Refund policy", "Escalation paths"], 0, ["First week answering tickets"], null],
    ["Finance operations 2023", "operations", "1.0", -680, "superseded", ["Former accountant"], ["Month-end close"], 1, [], null],
  ].map(([title, playbookType, playbookVersion, date, status, emergencyContacts, knowledgeTransferSteps, completedTransferSteps, onboardingCheckpoints, review]) => ({
    title,
    playbookType,
    playbookVersion,
    playbookDate: day(date as number),
    status,
    emergencyContacts,
    knowledgeTransferSteps,
    completedTransferSteps,
    onboardingCheckpoints,
    nextReviewDate: review === null ? null : day(review as number),
  }));

  const reviews = [
    ["Annual ethics review", "annual", -690, "Whole company", "published", 71, 48, "External ethics panel", true, false, null],
    ["Privacy impact assessment: CSV import", "privacy", -520, "Import and migration", "completed", 78, 55, "Data protection officer", false, false, null],
    ["Annual ethics review", "annual", -330, "Whole company", "published", 84, 62, "External ethics panel", true, true, null],
    ["Accessibility audit of the web app", "accessibility", -210, "Web client", "completed", 88, 58, "Accessibility consultancy", true, false, null],
    ["AI insights ethics review", "ai_ethics", -60, "AI insights and scoring", "completed", 91, 73, "Ethics board", true, true, 300],
    ["Supplier conduct review", "supplier", 20, "Hosting and payment suppliers", "planned", null, null, "Procurement lead", false, false, 20],
  ].map(([title, reviewType, date, reviewScope, status, ethicalScore, stakeholderEngagement, reviewedBy, publicReport, certified, review]) => ({
    title,
    reviewYear: year(date as number),
    reviewType,
    reviewDate: day(date as number),
    reviewScope,
    status,
    ethicalScore,
    stakeholderEngagement,
    reviewedBy,
    publicReport,
    certified,
    nextReviewDate: review === null ? null : day(review as number),
  }));

  const declarations = [
    ["Customer data perpetuity pledge", "perpetuity", "2.0", "ratified", -110, 48_000, ["en", "es", "de", "fr"], true, 250],
    ["Open access to Leadwell's history", "open_access", "1.0", "published", -28, 12_500, ["en", "es"], true, null],
    ["Open-source stewardship commitment", "stewardship", "1.1", "published", -200, 7_800, ["en"], false, 30],
    ["Governance continuity statement", "governance", "0.2", "draft", null, 0, ["en"], false, null],
    ["Early perpetuity pledge", "perpetuity", "1.0", "superseded", -600, 3_000, ["en"], false, null],
  ].map(([title, declarationType, declarationVersion, status, published, globalReach, languageVersions, digitalPreservation, review]) => ({
    title,
    declarationType,
    declarationVersion,
    status,
    publishedDate: published === null ? null : day(published as number),
    globalReach,
    languageVersions,
    digitalPreservation,
    nextReviewDate: review === null ? null : day(review as number),
  }));

  return { charters, records, playbooks, reviews, declarations };
}

/** Seals historical records in order, from the genesis seal, as the API would have (the table is empty when seeded). */
function sealedInOrder(records: ReturnType<typeof demoFutureStewardship>["records"]) {
  let previous = GENESIS_SEAL;
  return records.map((record) => {
    const immutableHash = sealOf(record, previous);
    previous = immutableHash;
    return { ...record, immutableHash };
  });
}

export async function seedDemoFutureStewardship(db: Database, now = new Date()): Promise<{ added: number; familiesSkipped: number }> {
  const demo = demoFutureStewardship(now);
  const batches: [FamilyTable, Record<string, unknown>[]][] = [
    [legacyCharters, demo.charters],
    [historicalRecords, sealedInOrder(demo.records)],
    [successionPlaybooks, demo.playbooks],
    [ethicalReviews, demo.reviews],
    [perpetuityDeclarations, demo.declarations],
  ];
  let added = 0;
  let familiesSkipped = 0;
  for (const [table, rows] of batches) {
    const [existing] = await db.select({ n: count() }).from(table);
    if ((existing?.n ?? 0) > 0) {
      familiesSkipped++;
      continue;
    }
    // One statement per family: ids follow the list's order, which is the chain's order.
    await db.insert(table).values(rows as never[]);
    added += rows.length;
  }
  return { added, familiesSkipped };
}
