import { z } from "zod";
import { moneyOutput } from "../money";
import { trendSchema } from "./business-health";
import { defineFamily } from "./family";

/**
 * The Perpetual Stewardship & Living Archive page's record families (spec integrations-enterprise-monitoring §2, §3,
 * §7). Each analytics schema says how its figures are computed where the spec is silent; the SQL is in
 * server/src/modules/records/perpetual-stewardship.data.ts.
 *
 * The spec's nested names are flat columns here: stewardIdentification.name → stewardName,
 * legacyPackageContents.total_size → totalSize (bytes), stewardPerformance.overall_score → stewardPerformance,
 * encryptionDetails → encrypted (the flag the figures count) plus encryptionDetails (how, as text).
 */

export const PERPETUAL_STEWARDSHIP_TAG = "Perpetual Stewardship";

const countsBy = (what: string) => z.record(z.string(), z.number().int()).describe(`How many records per ${what}`);
const percent = (how: string) => z.number().int().min(0).max(100).describe(how);

export const livingLegacyPackageFamily = defineFamily({
  key: "livingLegacyPackage",
  table: "living_legacy_packages",
  path: "/living-legacy-packages",
  listKey: "packages",
  tag: PERPETUAL_STEWARDSHIP_TAG,
  noun: "living legacy package",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    packageType: {
      kind: "enum",
      required: true,
      values: ["complete_system", "source_code", "documentation", "knowledge_base", "governance", "operations"],
      filter: true,
    },
    status: { kind: "enum", values: ["draft", "preparing", "ready", "delivered", "confirmed", "archived"], default: "draft", filter: true },
    packageDate: { kind: "date", required: true },
    stewardName: { kind: "text" },
    totalSize: { kind: "number", unit: "GB", min: 0, max: 1e15 },
    packageIntegrity: { kind: "boolean", default: false },
    stewardConfirmation: { kind: "boolean", default: false },
    notes: { kind: "longText" },
  },
  order: [{ field: "packageDate", direction: "desc" }],
  analytics: z.object({
    package_completeness: percent("Share of packages, archived ones aside, that are ready, delivered or confirmed, rounded %; 0 when none"),
    handoff_success_rate: percent(
      "Of the packages handed off (delivered or confirmed), the share whose steward confirmed receipt and whose integrity was verified, rounded %; 0 when none",
    ),
    total_packages: z.number().int(),
    by_type: countsBy("package type"),
    by_status: countsBy("status"),
  }),
});

export const integrityStatuses = ["pending", "verified", "failed"] as const;

export const livingArchiveFamily = defineFamily({
  key: "livingArchive",
  table: "living_archives",
  path: "/living-archives",
  listKey: "archives",
  tag: PERPETUAL_STEWARDSHIP_TAG,
  noun: "living archive",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    archiveType: { kind: "enum", required: true, values: ["full_system", "database", "source_code", "documentation", "communications", "media"], filter: true },
    status: { kind: "enum", values: ["planning", "in_progress", "completed", "verified", "failed", "deprecated"], default: "planning", filter: true },
    archiveDate: { kind: "date", required: true },
    archiveSize: { kind: "number", unit: "GB", min: 0, max: 1e15 },
    archiveScope: { kind: "text" },
    integrityVerification: { kind: "enum", values: integrityStatuses, default: "pending", filter: true },
    encrypted: { kind: "boolean", default: false },
    encryptionDetails: { kind: "text" },
  },
  order: [{ field: "archiveDate", direction: "desc" }],
  analytics: z.object({
    total_archives: z.number().int(),
    total_size_bytes: z.number().describe("Sum of every archive's size in bytes (a missing size counts 0)"),
    total_size: z.string().describe("total_size_bytes as text in 1000 steps (1 GB = 10^9 bytes): B, KB, MB, GB, TB with 1 decimal (\"0 B\" when empty)"),
    by_type: countsBy("archive type"),
    integrity_status: countsBy("integrity verification state"),
    encrypted_archives: z.number().int(),
    encryption_coverage: percent("Share of archives that are encrypted, rounded %; 0 when none"),
    verified_archives: z.number().int().describe("Archives whose integrity verification is verified"),
  }),
});

export const stewardshipReviewFamily = defineFamily({
  key: "stewardshipReview",
  table: "legacy_stewardship_reviews",
  path: "/legacy-stewardship-reviews",
  listKey: "reviews",
  tag: PERPETUAL_STEWARDSHIP_TAG,
  noun: "stewardship review",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    reviewYear: { kind: "integer", required: true, min: 2000, max: 2200 },
    reviewType: { kind: "enum", required: true, values: ["annual", "quarterly", "transition", "special"], filter: true },
    status: { kind: "enum", values: ["planning", "in_progress", "completed", "approved"], default: "planning", filter: true },
    reviewDate: { kind: "date", required: true },
    reviewedBy: { kind: "text", required: true },
    reviewScore: { kind: "percent" },
    stewardPerformance: { kind: "percent" },
    actionItems: { kind: "list", default: [] },
    summary: { kind: "longText" },
  },
  order: [{ field: "reviewDate", direction: "desc" }],
  analytics: z.object({
    average_score: z.number().int().describe("Mean review score over reviews that carry one, rounded; 0 when none"),
    steward_performance: z.object({ average: z.number().int().describe("Mean steward performance score over reviews that carry one, rounded; 0 when none") }),
    by_year: countsBy("review year"),
    review_trends: z.object({
      trend: trendSchema.describe("The latest two reviews with a score, by review date: higher is improving"),
      change: z.number().describe("The latest of those scores minus the one before (1 decimal); 0 with fewer than two"),
    }),
    completed_reviews: z.number().int().describe("Reviews with status completed or approved"),
    total_reviews: z.number().int(),
  }),
});

export const communityTransitionFamily = defineFamily({
  key: "communityTransition",
  table: "community_transitions",
  path: "/community-transitions",
  listKey: "transitions",
  tag: PERPETUAL_STEWARDSHIP_TAG,
  noun: "community transition",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    transitionType: { kind: "enum", required: true, values: ["governance", "maintainership", "foundation", "community_ownership", "open_source_release"], filter: true },
    status: { kind: "enum", values: ["planning", "preparing", "ready", "in_progress", "completed", "failed"], default: "planning", filter: true },
    transitionDate: { kind: "date", required: true },
    transitionScope: { kind: "text" },
    transitionBudget: { kind: "money" },
    governanceStructure: { kind: "boolean", default: false },
    assetTransfer: { kind: "boolean", default: false },
    trainingPrograms: { kind: "boolean", default: false },
  },
  order: [{ field: "transitionDate", direction: "desc" }],
  analytics: z.object({
    community_readiness: percent(
      "Mean readiness over transitions not failed: a completed one counts 100, any other the share of its three preparations in place (governance structure, asset transfer, training programmes); rounded, 0 when none",
    ),
    completed_transitions: z.number().int(),
    active_transitions: z.number().int().describe("Transitions preparing, ready or in progress"),
    total_transitions: z.number().int(),
    by_type: countsBy("transition type"),
    by_status: countsBy("status"),
    budget_allocation: moneyOutput.describe("Sum of every transition's budget, failed ones aside"),
  }),
});

export const perpetualDeclarationFamily = defineFamily({
  key: "perpetualDeclaration",
  table: "perpetual_declarations",
  path: "/perpetual-declarations",
  listKey: "declarations",
  tag: PERPETUAL_STEWARDSHIP_TAG,
  noun: "perpetual declaration",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    declarationType: { kind: "enum", required: true, values: ["perpetual", "stewardship", "community", "governance", "succession"], filter: true },
    status: { kind: "enum", values: ["draft", "approved", "published", "active", "archived"], default: "draft", filter: true },
    version: { kind: "text", default: "1.0", max: 20 },
    publishedDate: { kind: "date" },
    declarationScope: { kind: "text" },
    distributionReach: { kind: "integer", default: 0, min: 0, max: 1_000_000_000 },
    approvedBy: { kind: "text" },
    statement: { kind: "longText" },
  },
  order: [
    { field: "publishedDate", direction: "desc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    active_commitments: z.number().int().describe("Declarations with status active"),
    distribution_reach: z.number().int().describe("Sum of the reach of declarations published or active"),
    by_type: countsBy("declaration type"),
    by_status: countsBy("status"),
    perpetual_commitments: z.number().int().describe("Declarations of type perpetual that are published or active"),
    total_declarations: z.number().int(),
  }),
});

export const perpetualStewardshipFamilies = [
  livingLegacyPackageFamily,
  livingArchiveFamily,
  stewardshipReviewFamily,
  communityTransitionFamily,
  perpetualDeclarationFamily,
] as const;

// The dashboard (GET /api/perpetual-stewardship/dashboard)

export const perpetualStewardshipDashboardSchema = z.object({
  perpetual_readiness: percent("The mean of the other four cards (legacy preservation, stewardship continuity, archive integrity, community transition), rounded"),
  legacy_preservation: percent("The packages' completeness: share of packages, archived aside, that are ready, delivered or confirmed"),
  stewardship_continuity: percent("Mean steward performance score over the reviews that carry one, rounded; 0 without one"),
  archive_integrity: percent("Share of archives, deprecated aside, whose integrity is verified, rounded; 0 without one"),
  community_transition_status: percent("The transitions' community readiness (see the community transition analytics)"),
  perpetual_metrics: z.object({
    system_maturity: percent(
      "How many of five stewardship pillars are in place, as a %: a confirmed package its steward confirmed, a verified encrypted archive, a completed or approved review in the last 365 days, a completed community transition, an active perpetual declaration (20 each)",
    ),
    total_packages: z.number().int(),
    verified_archives: z.number().int(),
    completed_reviews: z.number().int(),
    active_declarations: z.number().int(),
    pillars: z
      .object({
        package: z.boolean().describe("A confirmed package its steward confirmed"),
        archive: z.boolean().describe("A verified, encrypted archive"),
        review: z.boolean().describe("A completed or approved review in the last 365 days"),
        transition: z.boolean().describe("A completed community transition"),
        declaration: z.boolean().describe("An active perpetual declaration"),
      })
      .describe("Each pillar of system maturity, in place or not"),
  }),
  current_stewardship: z
    .object({
      steward: z.string().nullable().describe("The current package's steward; null when not named"),
      commitment_type: z.string().nullable().describe("The current declaration's type"),
      package: z.object({ type: z.string(), status: z.string(), date: z.string() }).nullable().describe("The latest package (by date) that is ready, delivered or confirmed"),
      declaration: z.object({ type: z.string(), status: z.string(), version: z.string() }).nullable().describe("The latest active or published declaration (by published date)"),
    })
    .nullable()
    .describe("null when there is neither a current package nor a current declaration"),
  transition_progress: z.object({
    progress: percent("Completed transitions among those not failed, rounded %; 0 when none"),
    active: z.number().int().describe("Transitions preparing, ready or in progress"),
    completed: z.number().int(),
  }),
});
export type PerpetualStewardshipDashboard = z.infer<typeof perpetualStewardshipDashboardSchema>;
