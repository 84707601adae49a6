// Demo records for the Final Stewardship & Legacy page (part of `npm run seed:demo`, through seed-demo-records.ts).
// Dates are relative to the run and spread over two years: validation and audit scores climb as the stewardship
// matures, one audit's actions are overdue, one archive has never been verified, and the final statement is a draft.
import type { FamilyTable } from "../server/src/db/record-table";
import {
  stewardshipArchivalSystems,
  stewardshipLegacyAudits,
  stewardshipPlans,
  stewardshipStatements,
  stewardshipValidations,
} from "../server/src/db/schema";

const DAY = 86_400_000;
/** Sizes in decimal units, as the app shows them (1 GB = 10^9 bytes). */
const GB = 1_000_000_000;

export function demoFinalStewardshipRecords(now: Date) {
  const day = (offset: number | null) => (offset === null ? null : new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10));

  const validations = (
    [
      ["Initial stewardship baseline", "comprehensive", -690, 58, "failed", 62, 60, 55, ["Write the restore runbook", "Name a deputy steward", "Move backups off the app server", "Inventory third-party accounts", "Encrypt backups at rest", "Document the DNS set-up"], -600],
      ["Data integrity check after the migration", "data_integrity", -560, 66, "expired", 70, 64, 63, ["Reconcile lead counts", "Re-run the duplicate check"], -420],
      ["Security posture validation", "security", -400, 74, "conditional", 76, 75, 70, ["Enforce two-factor sign-in", "Rotate API keys"], -300],
      ["Governance and compliance review", "compliance", -250, 81, "certified", 82, 80, 79, ["Publish the data-retention policy"], -100],
      ["Technical systems validation", "technical", -120, 86, "certified", 88, 86, 84, [], -25],
      ["Comprehensive pre-handover validation", "comprehensive", -25, 92, "certified", 94, 91, 89, ["Rotate the backup encryption key", "Record the DNS registrar recovery codes"], 65],
    ] as const
  ).map(([title, validationType, date, overallScore, certificationStatus, systemsHealthScore, dataIntegrityScore, securityScore, actionItems, next]) => ({
    title,
    validationType,
    validationDate: day(date),
    overallScore,
    certificationStatus,
    systemsHealthScore,
    dataIntegrityScore,
    securityScore,
    actionItems: [...actionItems],
    nextValidationDate: day(next),
  }));

  const audits = (
    [
      ["First legacy audit", "comprehensive", -700, "Northbridge Assurance", 61, "completed", ["No off-site backup", "Single administrator account"], ["Runbooks out of date", "Domain renewals on a personal card", "No asset register"], ["Inconsistent naming", "Old staging server", "Unused SaaS seats", "Unlabelled tapes"], ["Buy off-site vault space", "Create a second admin", "Move renewals to the company card"], -600, true],
      ["Security audit of customer data", "security", -520, "Helena Varga", 68, "completed", [], ["Exports kept on laptops"], ["Password policy too short"], ["Purge local exports", "Raise the minimum password length"], -480, true],
      ["Financial continuity audit", "financial", -365, "Olsen & Partners", 74, "approved", [], ["Reserve below three months"], [], ["Top up the reserve fund"], -200, true],
      ["Technical debt audit", "technical", -180, "Marco Ruiz", 79, "completed", [], ["Unpinned dependencies"], ["Dead feature flags"], ["Pin every dependency", "Remove the dead flags"], -20, false],
      ["Governance audit", "governance", -45, "Northbridge Assurance", 84, "completed", [], [], ["Minutes not signed"], ["Sign the steward meeting minutes"], 30, false],
      ["Annual compliance audit", "compliance", 21, "Helena Varga", null, "planning", [], [], [], [], null, false],
    ] as const
  ).map(([title, auditType, date, auditorName, auditScore, status, criticalFindings, majorFindings, minorFindings, actionItems, due, actionsResolved]) => ({
    title,
    auditType,
    auditDate: day(date),
    auditorName,
    auditScore,
    status,
    criticalFindings: [...criticalFindings],
    majorFindings: [...majorFindings],
    minorFindings: [...minorFindings],
    actionItems: [...actionItems],
    actionsDueDate: day(due),
    actionsResolved,
  }));

  const archives = (
    [
      ["Nightly full backup", "full_backup", "verified", -3, 48.3, "cloud", true, -3, 27],
      ["Hourly incremental backups", "incremental_backup", "verified", -1, 2.1, "cloud", true, -7, 7],
      ["Source repository mirror", "source_code", "verified", -14, 1.4, "distributed", false, -14, 76],
      ["CRM database export 2025", "database", "completed", -330, 12.8, "offsite_vault", true, null, -10],
      ["Operations handbook PDF set", "documentation", "verified", -60, 0.3, "offsite_vault", true, -60, 120],
      ["Product demo videos", "media", "in_progress", -5, 23.5, "cold_storage", false, null, null],
      ["2023 mail archive", "documentation", "archived", -700, 6.2, "cold_storage", true, -400, null],
    ] as const
  ).map(([title, archivalType, status, date, sizeGb, storageLocation, encrypted, lastVerified, next]) => ({
    title,
    archivalType,
    status,
    archivalDate: day(date),
    archivalSize: Math.round(sizeGb * GB),
    storageLocation,
    encrypted,
    lastVerified: day(lastVerified),
    nextVerificationDate: day(next),
  }));

  const plans = (
    [
      ["Founder succession plan", "succession", "active", "2.1", -400, 45, ["Primary steward", "Deputy steward", "Board observer"], "Quarterly handover drill with the deputy", "Two months of the steward's salary held in reserve"],
      ["Platform maintenance plan", "maintenance", "active", "1.3", -300, 14, ["Platform steward", "On-call engineer"], "Monthly patching, yearly dependency upgrade", "Hosting and support contract: 1,200 USD a month"],
      ["Stewardship governance charter", "governance", "active", "1.0", -200, 90, ["Chair", "Secretary"], null, null],
      ["Reserve fund plan", "financial", "active", "1.2", -150, 120, ["Finance steward"], null, "Six months of running costs kept in a separate account"],
      ["Knowledge base stewardship", "knowledge", "approved", "0.9", -30, 10, ["Librarian"], "Every page reviewed once a year", null],
      ["Community hand-off plan", "community", "draft", "0.3", -10, null, [], null, null],
      ["2024 interim stewardship plan", "succession", "archived", "1.0", -680, null, ["Interim steward"], "Weekly check of backups", null],
    ] as const
  ).map(([title, planType, status, version, date, next, roles, maintenancePlan, budgetConsiderations]) => ({
    title,
    planType,
    status,
    version,
    planDate: day(date),
    nextReviewDate: day(next),
    stewardshipRoles: [...roles],
    maintenancePlan,
    budgetConsiderations,
  }));

  const statements = (
    [
      ["2024 stewardship statement", "yearly", "published", "1.0", -690, ["First off-site backup", "Deputy steward named", "Runbooks rewritten"], ["Test restores, not just backups", "Write renewals down"], ["Two people hold every credential"], 340],
      ["Migration milestone statement", "milestone", "published", "1.1", -500, ["Moved to managed PostgreSQL", "Zero data loss"], ["Freeze writes during cut-over", "Rehearse twice", "Keep the old host a month"], [], 120],
      ["2025 stewardship statement", "yearly", "published", "1.0", -330, ["Certified validation", "Reserve fund at six months", "All archives encrypted", "Audit score above 80"], ["Overdue actions hide in old audits", "Label every archive", "Budget for verification time"], ["Quarterly restore drill", "Archive checksums", "Signed steward minutes"], 520],
      ["Steward transition statement", "transition", "approved", "1.0", null, ["Deputy ready to lead"], ["Hand over in stages"], ["Shadow for a month", "Overlap the on-call"], 0],
      ["Final stewardship statement", "final", "draft", "0.4", null, ["Everything documented", "Successor in place", "Archives verified", "Community informed", "Costs covered for five years"], ["Start the hand-off early", "Automate verification", "Keep the charter short", "Publish decisions"], ["One owner per system", "Yearly validation", "Two-person credentials", "Open minutes"], 0],
    ] as const
  ).map(([title, statementType, publicationStatus, version, published, keyAchievements, lessonsLearned, bestPractices, totalRecipients]) => ({
    title,
    statementType,
    publicationStatus,
    version,
    publishedDate: day(published),
    keyAchievements: [...keyAchievements],
    lessonsLearned: [...lessonsLearned],
    bestPractices: [...bestPractices],
    totalRecipients,
  }));

  return { validations, audits, archives, plans, statements };
}

/** The page's tables and their demo rows, in the order seed-demo-records.ts adds them. */
export function finalStewardshipDemoBatches(now: Date): [FamilyTable, Record<string, unknown>[]][] {
  const demo = demoFinalStewardshipRecords(now);
  return [
    [stewardshipValidations, demo.validations],
    [stewardshipLegacyAudits, demo.audits],
    [stewardshipArchivalSystems, demo.archives],
    [stewardshipPlans, demo.plans],
    [stewardshipStatements, demo.statements],
  ];
}
