// Demo records for the Perpetual Stewardship & Living Archive page (part of `npm run seed:demo`, through
// seed-demo-records.ts). Dates are relative to the run and spread over two years, so review trends, the reviews per
// year and the current stewardship all mean something.
import type { FamilyTable } from "../server/src/db/record-table";
import { communityTransitions, legacyStewardshipReviews, livingArchives, livingLegacyPackages, perpetualDeclarations } from "../server/src/db/schema";

const DAY = 86_400_000;
const MB = 1_000_000;
/** Sizes in decimal units, as the app shows them (1 GB = 10^9 bytes). */
const GB = 1_000_000_000;

export function perpetualStewardshipDemo(now: Date): [FamilyTable, Record<string, unknown>[]][] {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);

  const packages = (
    [
      ["Leadwell complete system hand-off kit", "complete_system", "confirmed", -620, "Marco Ruiz", 4.2 * GB, true, true],
      ["CRM source code and build scripts", "source_code", "confirmed", -480, "Marco Ruiz", 850 * MB, true, true],
      ["2023 onboarding pack", "documentation", "archived", -700, "Ada Admin", 40 * MB, true, true],
      ["Operations runbooks", "operations", "delivered", -300, "Lena Fischer", 12 * MB, true, false],
      ["Customer data dictionary", "documentation", "delivered", -210, "Sofía Martín", 3.4 * MB, true, true],
      ["Governance charter and decision log", "governance", "ready", -120, "Ada Admin", 1.1 * MB, true, false],
      ["Support knowledge base export", "knowledge_base", "preparing", -60, "Lena Fischer", null, false, false],
      ["Integration partner guide", "documentation", "draft", -20, null, null, false, false],
    ] as const
  ).map(([title, packageType, status, date, stewardName, totalSize, packageIntegrity, stewardConfirmation]) => ({
    title,
    packageType,
    status,
    packageDate: day(date),
    stewardName,
    totalSize: totalSize === null ? null : Math.round(totalSize),
    packageIntegrity,
    stewardConfirmation,
  }));

  const vault = "AES-256-GCM; keys in the company vault, two holders";
  const archives = (
    [
      ["Full system snapshot, year end", "full_system", "verified", -330, 48.5 * GB, "Database, uploaded files and configuration", "verified", true],
      ["Webinar recordings", "media", "deprecated", -600, 15 * GB, "Customer webinars 2023", "failed", false],
      ["Wiki and handbook export", "documentation", "completed", -150, 220 * MB, "Staff wiki and handbook", "pending", true],
      ["Git repositories mirror", "source_code", "verified", -90, 1.3 * GB, "Application and infrastructure repositories", "verified", false],
      ["PostgreSQL logical dump", "database", "completed", -45, 6.2 * GB, "Every CRM table", "verified", true],
      ["Support mailbox archive", "communications", "in_progress", -10, null, "Support mailbox, last two years", "pending", true],
    ] as const
  ).map(([title, archiveType, status, date, size, archiveScope, integrityVerification, encrypted]) => ({
    title,
    archiveType,
    status,
    archiveDate: day(date),
    archiveSize: size === null ? null : Math.round(size),
    archiveScope,
    integrityVerification,
    encrypted,
    encryptionDetails: encrypted ? vault : null,
  }));

  const reviews = (
    [
      ["Annual stewardship review", "annual", "completed", -700, 68, 72, ["Name a deputy steward", "Write the restore runbook"]],
      ["Quarterly stewardship check", "quarterly", "completed", -520, 72, 75, ["Test the backup restore"]],
      ["Quarterly stewardship check", "quarterly", "completed", -400, 75, 78, []],
      ["Annual stewardship review", "annual", "approved", -330, 79, 82, ["Encrypt the media archive", "Renew the repository mirror"]],
      ["Maintainership transition review", "transition", "completed", -160, 83, 85, ["Publish the contributor guide"]],
      ["Quarterly stewardship check", "quarterly", "approved", -40, 86, 88, []],
      ["Special review before the reporting release", "special", "planning", 20, null, null, []],
    ] as const
  ).map(([title, reviewType, status, date, reviewScore, stewardPerformance, actionItems]) => ({
    title,
    reviewYear: Number(day(date).slice(0, 4)),
    reviewType,
    status,
    reviewDate: day(date),
    reviewedBy: reviewType === "quarterly" ? "Lena Fischer" : "Ada Admin",
    reviewScore,
    stewardPerformance,
    actionItems: [...actionItems],
    summary: status === "planning" ? null : "Packages, archives and declarations checked against the stewardship plan.",
  }));

  const transitions = (
    [
      ["Steering group for the CSV import library", "governance", "completed", -540, "4000.00", "Library governance and releases", true, true, true],
      ["Maintainership of the CSV library to two contributors", "maintainership", "completed", -300, "1500.00", "Commit rights and release keys", true, true, true],
      ["Community documentation foundation", "foundation", "in_progress", -90, "12000.00", "Documentation site and its funding", true, false, true],
      ["Plugin ecosystem to community ownership", "community_ownership", "preparing", -30, "6500.00", "Plugin registry and reviews", true, false, false],
      ["Open-source release of the reporting module", "open_source_release", "planning", 45, null, "Reporting module", false, false, false],
    ] as const
  ).map(([title, transitionType, status, date, transitionBudget, transitionScope, governanceStructure, assetTransfer, trainingPrograms]) => ({
    title,
    transitionType,
    status,
    transitionDate: day(date),
    transitionScope,
    transitionBudget,
    governanceStructure,
    assetTransfer,
    trainingPrograms,
  }));

  const declarations = (
    [
      ["Original perpetual licence statement", "perpetual", "archived", "1.0", -720, "Licences of the first release", 900, "Ada Admin"],
      ["Perpetual open-data commitment", "perpetual", "active", "2.0", -400, "Customer data export formats", 3200, "Board of directors"],
      ["Stewardship pledge to customers", "stewardship", "published", "1.1", -250, "Every customer account", 1850, "Ada Admin"],
      ["Community governance declaration", "community", "approved", "1.0", null, "Open-source libraries", 0, "Steering group"],
      ["Succession declaration", "succession", "draft", "0.9", null, "Founders and key staff", 0, null],
    ] as const
  ).map(([title, declarationType, status, version, published, declarationScope, distributionReach, approvedBy]) => ({
    title,
    declarationType,
    status,
    version,
    publishedDate: published === null ? null : day(published),
    declarationScope,
    distributionReach,
    approvedBy,
    statement: "Leadwell's records, code and knowledge stay available and cared for beyond any one person.",
  }));

  return [
    [livingLegacyPackages, packages],
    [livingArchives, archives],
    [legacyStewardshipReviews, reviews],
    [communityTransitions, transitions],
    [perpetualDeclarations, declarations],
  ];
}
