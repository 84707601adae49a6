import { z } from "zod";
import { defineFamily } from "./family";
import { recordSchemaOf } from "./schemas";

/**
 * The Future Stewardship & Historical Record page's record families (spec integrations-enterprise-monitoring §2, §3).
 * Each analytics schema says how its figures are computed where the spec is silent; the SQL is in
 * server/src/modules/records/future-stewardship.data.ts. The spec names no list keys for these paths: the lists
 * answer under the plain plural (charters, records, playbooks, reviews, declarations).
 *
 * Flattened from the spec: a charter's coreValues (an object) is a list of values, a playbook's emergencyContacts (an
 * object) is a list of contacts ("name, role, phone"); counts are what the page shows of them.
 */

export const FUTURE_STEWARDSHIP_TAG = "Future Stewardship";

/** Status values (spec §4, future-stewardship badges): green, blue, yellow, grey. */
const charterStatuses = ["draft", "preparing", "approved", "active", "superseded", "archived"] as const;

/**
 * The six areas a charter's stewardship should cover: stewardship coverage is the share of them the current charter
 * names in its stewardship areas (case-insensitive).
 */
export const STEWARDSHIP_AREAS = ["governance", "data", "finance", "technology", "community", "knowledge"] as const;

const countsBy = (what: string) => z.record(z.string(), z.number().int()).describe(`How many records per ${what}`);
const percent = (how: string) => z.number().min(0).max(100).describe(how);

export const legacyCharterFamily = defineFamily({
  key: "legacyCharter",
  table: "legacy_charters",
  path: "/legacy-charters",
  listKey: "charters",
  tag: FUTURE_STEWARDSHIP_TAG,
  noun: "legacy charter",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    charterVersion: { kind: "text", default: "1.0", max: 20 },
    charterDate: { kind: "date", required: true },
    status: { kind: "enum", values: charterStatuses, default: "draft", filter: true },
    missionStatement: { kind: "longText", required: true },
    coreValues: { kind: "list", default: [] },
    trustedParties: { kind: "list", default: [] },
    stewardshipAreas: { kind: "list", default: [] },
    ethicalPrinciples: { kind: "list", default: [] },
    successionClause: { kind: "longText" },
    nextReviewDate: { kind: "date" },
  },
  order: [{ field: "charterDate", direction: "desc" }],
  analytics: z.object({
    total_charters: z.number().int(),
    charter_completeness: percent(
      "The current charter (status active, latest charter date) as the share of its six parts that are filled: mission statement, core values, trusted parties, stewardship areas, ethical principles, succession clause; rounded; 0 without a current charter",
    ),
    stewardship_coverage: percent(`The share of the six stewardship areas (${STEWARDSHIP_AREAS.join(", ")}) the current charter names, rounded; 0 without one`),
    by_status: countsBy("charter status"),
    ethical_integration: percent("Charters neither superseded nor archived that state at least one ethical principle, as a % of those charters, rounded; 0 when none"),
  }),
});

export const historicalRecordFamily = defineFamily({
  key: "historicalRecord",
  table: "historical_records",
  path: "/historical-records",
  listKey: "records",
  tag: FUTURE_STEWARDSHIP_TAG,
  noun: "historical record",
  titleField: "eventTitle",
  fields: {
    eventTitle: { kind: "text", required: true },
    eventType: {
      kind: "enum",
      required: true,
      values: ["founding", "milestone", "decision", "release", "partnership", "leadership_change", "policy", "incident", "anniversary"],
      filter: true,
    },
    recordDate: { kind: "date", required: true },
    eventDescription: { kind: "longText", required: true },
    publicAccess: { kind: "boolean", default: false },
  },
  order: [{ field: "recordDate", direction: "desc" }],
  seal: { field: "immutableHash" },
  analytics: z.object({
    total_records: z.number().int(),
    verified_records: z.number().int().describe("Records whose stored immutable hash equals the one recomputed from their content and their predecessor's stored hash"),
    immutable_verification: percent("Verified records as a % of all records, rounded down to 1 decimal (100 only when every record verifies); null without records").nullable(),
    unverified_record_ids: z.array(z.number().int()).describe("The records whose hash does not verify (changed behind the API's back)"),
    by_event_type: countsBy("event type"),
    integrity_score: percent("The unbroken part of the chain: records before the first one that fails verification, as a % of all records, rounded down to 1 decimal; 0 without records"),
    historical_completeness: percent("Calendar years from the earliest record's year to this year (UTC) that hold at least one record, as a %, rounded; 0 without records"),
  }),
});

export const successionPlaybookFamily = defineFamily({
  key: "successionPlaybook",
  table: "succession_playbooks",
  path: "/succession-playbooks",
  listKey: "playbooks",
  tag: FUTURE_STEWARDSHIP_TAG,
  noun: "succession playbook",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    playbookType: { kind: "enum", required: true, values: ["leadership", "technical", "operations", "emergency", "knowledge_transfer", "community"], filter: true },
    playbookVersion: { kind: "text", default: "1.0", max: 20 },
    playbookDate: { kind: "date", required: true },
    status: { kind: "enum", values: ["draft", "preparing", "ready", "approved", "active", "superseded", "archived"], default: "draft", filter: true },
    emergencyContacts: { kind: "list", default: [] },
    knowledgeTransferSteps: { kind: "list", default: [] },
    completedTransferSteps: { kind: "integer", default: 0, max: 50 },
    onboardingCheckpoints: { kind: "list", default: [] },
    nextReviewDate: { kind: "date" },
  },
  order: [{ field: "playbookDate", direction: "desc" }],
  analytics: z.object({
    total_playbooks: z.number().int(),
    active_playbooks: z.number().int().describe("Playbooks with status active"),
    succession_preparedness: percent("Playbooks in force (ready, approved or active) as a % of playbooks neither superseded nor archived, rounded; 0 when none"),
    emergency_readiness: percent("Playbooks in force that name at least one emergency contact, as a % of playbooks in force, rounded; 0 when none"),
    by_type: countsBy("playbook type"),
    knowledge_transfer_completeness: percent(
      "Completed knowledge transfer steps (each playbook's count capped at its number of steps) over all steps, of playbooks neither superseded nor archived, as a %, rounded; 0 without steps",
    ),
  }),
});

export const ethicalReviewFamily = defineFamily({
  key: "ethicalReview",
  table: "ethical_reviews",
  path: "/ethical-reviews",
  listKey: "reviews",
  tag: FUTURE_STEWARDSHIP_TAG,
  noun: "ethical review",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    reviewYear: { kind: "integer", required: true, min: 2000, max: 2100 },
    reviewType: { kind: "enum", required: true, values: ["annual", "data_ethics", "ai_ethics", "privacy", "accessibility", "stakeholder", "supplier"], filter: true },
    reviewDate: { kind: "date", required: true },
    reviewScope: { kind: "text", required: true },
    status: { kind: "enum", values: ["planned", "in_progress", "completed", "published", "archived"], default: "planned", filter: true },
    ethicalScore: { kind: "percent" },
    stakeholderEngagement: { kind: "percent" },
    reviewedBy: { kind: "text", required: true },
    publicReport: { kind: "boolean", default: false },
    certified: { kind: "boolean", default: false },
    nextReviewDate: { kind: "date" },
  },
  order: [{ field: "reviewDate", direction: "desc" }],
  analytics: z.object({
    total_reviews: z.number().int(),
    average_ethical_score: z.number().int().describe("Mean ethical score (out of 100) over reviews that recorded one, rounded; 0 when none"),
    stakeholder_engagement: percent("Mean stakeholder engagement % over reviews that recorded one, rounded; 0 when none"),
    by_year: countsBy("review year"),
    certification_status: z.number().int().describe("Reviews that certified the organisation (certified set)"),
    ethical_compliance: percent("Scored reviews with an ethical score of at least 75 (the page's yellow threshold), as a % of scored reviews, rounded; 0 when none"),
  }),
});

export const perpetuityDeclarationFamily = defineFamily({
  key: "perpetuityDeclaration",
  table: "perpetuity_declarations",
  path: "/legacy-perpetuity-declarations",
  listKey: "declarations",
  tag: FUTURE_STEWARDSHIP_TAG,
  noun: "perpetuity declaration",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    declarationType: { kind: "enum", required: true, values: ["perpetuity", "stewardship", "open_access", "preservation", "governance"], filter: true },
    declarationVersion: { kind: "text", default: "1.0", max: 20 },
    status: { kind: "enum", values: ["draft", "approved", "published", "ratified", "superseded"], default: "draft", filter: true },
    publishedDate: { kind: "date" },
    globalReach: { kind: "integer", default: 0, max: 2_000_000_000 },
    languageVersions: { kind: "list", default: [] },
    digitalPreservation: { kind: "boolean", default: false },
    nextReviewDate: { kind: "date" },
  },
  order: [
    { field: "publishedDate", direction: "desc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    total_declarations: z.number().int(),
    published_declarations: z.number().int().describe("Declarations published or ratified"),
    global_reach: z.number().int().describe("Sum of the global reach of published and ratified declarations"),
    by_status: countsBy("declaration status"),
    language_coverage: z.number().int().describe("Distinct languages (case-insensitive) across published and ratified declarations' language versions"),
    perpetuity_readiness: percent("Published or ratified declarations with digital preservation, as a % of declarations not superseded, rounded; 0 when none"),
  }),
});

export const futureStewardshipFamilies = [legacyCharterFamily, historicalRecordFamily, successionPlaybookFamily, ethicalReviewFamily, perpetuityDeclarationFamily] as const;

// The dashboard (GET /api/future-stewardship/dashboard)

export const futureStewardshipDashboardSchema = z.object({
  legacy_perpetuity_readiness: percent("The perpetuity declarations' perpetuity_readiness"),
  historical_preservation: percent("Mean of the historical records' verification coverage and historical completeness, rounded; 0 without records"),
  ethical_compliance: percent("The ethical reviews' ethical_compliance: scored reviews at 75 or more"),
  succession_preparedness: percent("The succession playbooks' succession_preparedness"),
  future_sustainability: percent(
    "Mean of charter completeness, historical preservation, ethical compliance, succession preparedness and legacy perpetuity readiness, rounded",
  ),
  immutable_verification: percent("The historical records' verification coverage; null without records").nullable(),
  global_impact_metrics: z.object({
    total_records: z.number().int().describe("Historical records"),
    ethical_reviews: z.number().int(),
    succession_plans: z.number().int().describe("Succession playbooks"),
    perpetuity_declarations: z.number().int(),
    global_reach: z.number().int().describe("Sum of the global reach of published and ratified declarations"),
    historical_completeness: percent("The historical records' historical_completeness"),
  }),
  upcoming_reviews: z
    .array(z.object({ title: z.string(), type: z.string().describe("charter_review, playbook_review, ethical_review or declaration_review"), date: z.string() }))
    .describe("The next 5 review dates from today (UTC) across charters, playbooks, ethical reviews and declarations, soonest first"),
  current_charter: recordSchemaOf(legacyCharterFamily).nullable().describe("The active charter with the latest charter date; null when none is active"),
  recent_records: z
    .array(recordSchemaOf(historicalRecordFamily).extend({ verified: z.boolean().describe("Its immutable hash verifies") }))
    .describe("The 5 latest historical records by record date"),
  active_playbooks: z.array(recordSchemaOf(successionPlaybookFamily)).describe("Playbooks with status active, latest first (at most 5)"),
  recent_ethical_reviews: z.array(recordSchemaOf(ethicalReviewFamily)).describe("The 5 latest ethical reviews by review date"),
  published_declarations: z.array(recordSchemaOf(perpetuityDeclarationFamily)).describe("Published and ratified declarations, latest first (at most 5)"),
});
export type FutureStewardshipDashboard = z.infer<typeof futureStewardshipDashboardSchema>;

export const FUTURE_STEWARDSHIP_REFRESH_MS = 300_000;
