// Demo records for the Perpetual Innovation & Legacy page (part of `npm run seed:demo`, through seed-demo-records.ts).
// Dates are relative to the run and spread over two years: tech refresh reviews every quarter or so with the
// innovation score rising and the technology debt falling, one review overdue and two ahead, handovers, transitions
// and end-of-life dates in the coming months.
import type { FamilyTable } from "../server/src/db/record-table";
import { communityLegacyPlans, handoverPackages, projectLegacyReports, sunsetEvergreenPlans, techRefreshReviews } from "../server/src/db/schema";

const DAY = 86_400_000;

export function perpetualInnovationDemo(now: Date) {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);

  const techRefresh = (
    [
      ["Full stack review", "annual", "completed", -700, 55, 3, 1, "high", 42, 6, 4, ["Move jobs to a queue", "Typed API contract", "Replace the PDF engine"], "18000"],
      ["Quarterly technology check", "quarterly", "completed", -610, 58, 2, 1, "high", 38, 5, 4, ["Server-side search", "Drop jQuery"], "6000"],
      ["Dependency audit", "dependency_audit", "completed", -520, 60, 1, 1, "high", 35, 5, 3, ["Automated update pull requests"], "4000"],
      ["Architecture review: records engine", "architecture", "completed", -430, 64, 4, 2, "medium", 30, 4, 3, ["Declare record families once", "One table per family", "Generated forms", "SQL analytics"], "15000"],
      ["Annual stack review", "annual", "completed", -340, 68, 3, 2, "medium", 26, 3, 2, ["Embedded database for tests", "Browser tests in CI", "Accessibility walk"], "20000"],
      ["Quarterly technology check", "quarterly", "completed", -250, 72, 2, 2, "medium", 21, 3, 2, ["Streamed CSV import", "Background job retries"], "6500"],
      ["Security review", "security", "completed", -160, 75, 1, 1, "medium", 18, 2, 1, ["Single sign-on", "Content security policy"], "9000"],
      ["Quarterly technology check", "quarterly", "completed", -70, 79, 3, 2, "low", 12, 1, 1, ["Printable reports", "Tamper-evident records", "Service-level metrics"], "7000"],
      ["Dependency audit", "dependency_audit", "in_progress", -6, null, 0, 0, null, 0, 0, 0, null, "4500"],
      ["Quarterly technology check", "quarterly", "planning", 21, null, 0, 0, null, 0, 0, 0, null, "7000"],
      ["Annual stack review", "annual", "planning", 110, null, 0, 0, null, 0, 0, 0, null, "22000"],
    ] as const
  ).map(([title, reviewType, status, offset, innovationScore, prototypesBuilt, prototypesSuccessful, technologyDebt, debtIssues, deprecatedTechnologies, atRiskTechnologies, innovationOpportunities, budget]) => ({
    title,
    reviewType,
    status,
    reviewDate: day(offset),
    innovationOpportunities: innovationOpportunities ? [...innovationOpportunities] : null,
    budget,
    innovationScore,
    prototypesBuilt,
    prototypesSuccessful,
    technologyDebt,
    debtIssues,
    deprecatedTechnologies,
    atRiskTechnologies,
    summary: status === "completed" ? "Findings shared with the team; opportunities added to the roadmap." : null,
  }));

  const packages = (
    [
      ["Platform runbooks", "technical", "completed", "Incoming engineering lead", -400, true],
      ["Finance access and payroll", "operational", "completed", "Finance deputy", -200, true],
      ["Customer contracts and renewals", "business", "ready", "Successor CEO", 14, true],
      ["Support rota and escalation", "operational", "ready", "Support team lead", 30, true],
      ["Board and shareholder records", "governance", "preparing", "Company secretary", 60, false],
      ["Open-source maintainer guide", "community", "draft", "Community maintainers", 120, false],
    ] as const
  ).map(([title, packageType, completionStatus, targetAudience, offset, documentation]) => ({
    title,
    packageType,
    completionStatus,
    targetAudience,
    handoverDate: day(offset),
    documentation,
    notes: null,
  }));

  const legacyPlans = (
    [
      ["CSV import library", "open_source", "completed", "https://github.com/leadwell/csv-import", -260, "MIT", 2300],
      ["Plugin directory handed to its users", "community_handover", "completed", "https://github.com/leadwell/plugins", -90, "MIT", 350],
      ["Reporting module", "open_source", "in_progress", "https://github.com/leadwell/reports", 45, "Apache-2.0", 800],
      ["CRM course for small businesses", "education", "announced", null, 90, "CC-BY-4.0", 1200],
      ["Anonymised benchmark dataset", "data_donation", "planning", null, 200, "CC0-1.0", 0],
    ] as const
  ).map(([title, legacyType, status, repositoryUrl, offset, licenseType, stakeholderReach]) => ({
    title,
    legacyType,
    status,
    repositoryUrl,
    transitionDate: day(offset),
    licenseType,
    stakeholderReach,
    description: null,
  }));

  const plans = (
    [
      ["Core CRM evergreen commitment", "evergreen", "active", null, "48000", [true, true, true]],
      ["Legacy REST API v1", "sunset", "active", 180, "6000", [true, true, false]],
      ["Fax-to-lead gateway", "sunset", "completed", -150, "1500", [false, false, false]],
      ["Mobile app v1", "maintenance_mode", "active", 400, "9000", [true, false, true]],
      ["File storage to an object store", "migration", "planning", 75, "12000", [false, true, true]],
    ] as const
  ).map(([title, planType, status, offset, budgetAllocation, [maintenancePlan, supportStructure, securityPlan]]) => ({
    title,
    planType,
    status,
    endOfLifeDate: offset === null ? null : day(offset),
    budgetAllocation,
    maintenancePlan,
    supportStructure,
    securityPlan,
    description: null,
  }));

  const reports = (
    [
      ["Annual legacy report", "annual", "public", "1.0", -330, ["Open-sourced the CSV library", "Succession plan adopted", "Uptime above 99.9%"], ["Document as you build", "Name a deputy for every system"], ["small businesses", "open source"], "120000"],
      ["CSV library impact study", "impact", "public", "1.1", -240, ["2,300 developers reached", "Two outside maintainers"], ["Publish early"], ["open source", "education"], "35000"],
      ["Platform migration retrospective", "retrospective", "internal", "1.0", -120, ["Migration with no downtime"], ["Rehearse the cut-over", "Freeze schema changes", "Keep the old path for a month", "Measure before and after"], ["reliability"], null],
      ["Annual legacy report", "annual", "draft", "0.9", null, ["Records engine shared by five pages", "Reporting module announced"], [], ["small businesses", "reliability"], null],
    ] as const
  ).map(([title, reportType, publicationStatus, version, offset, achievements, lessonsLearned, impactAreas, quantifiedImpact]) => ({
    title,
    reportType,
    publicationStatus,
    version,
    publishDate: offset === null ? null : day(offset),
    achievements: [...achievements],
    lessonsLearned: [...lessonsLearned],
    impactAreas: [...impactAreas],
    quantifiedImpact,
  }));

  return { techRefresh, packages, legacyPlans, plans, reports };
}

/** The page's families and their demo rows, for seedDemoRecords' batches (a family already holding records is skipped). */
export function perpetualInnovationBatches(now: Date): [FamilyTable, Record<string, unknown>[]][] {
  const demo = perpetualInnovationDemo(now);
  return [
    [techRefreshReviews, demo.techRefresh],
    [handoverPackages, demo.packages],
    [communityLegacyPlans, demo.legacyPlans],
    [sunsetEvergreenPlans, demo.plans],
    [projectLegacyReports, demo.reports],
  ];
}
