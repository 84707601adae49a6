import { z } from "zod";
import { errorMessage } from "../error-message";
import { defineFamily } from "./family";

/**
 * The Innovation & Legacy page's record families (spec integrations-enterprise-monitoring §2, §3, §4, §7; issue 14
 * points 6–9). Each analytics schema says how its figures are computed; the SQL is in
 * server/src/modules/records/innovation.data.ts. The spec does not name the lists' keys: technologies, experiments,
 * articles, audits and integrations were chosen.
 */

export const INNOVATION_TAG = "Innovation & Legacy";

/** Tech radar rings, innermost first (spec §4). */
export const radarRings = ["adopt", "trial", "assess", "hold"] as const;
export type RadarRing = (typeof radarRings)[number];
/** The radar's four quadrants, clockwise from the top right. */
export const radarQuadrants = ["techniques", "tools", "platforms", "languages_frameworks"] as const;
export type RadarQuadrant = (typeof radarQuadrants)[number];

export const experimentStatuses = ["planning", "in_progress", "completed"] as const;
export const legacyIntegrationStatuses = ["active", "deprecated", "sunset"] as const;

/** The spec caps the page's lists: 10 technology items and 5 deadlines, the deadlines within 30 days. */
export const TECH_ITEMS_SHOWN = 10;
export const DEADLINES_SHOWN = 5;
export const DEADLINE_WINDOW_DAYS = 30;

const countsBy = (what: string) => z.record(z.string(), z.number().int()).describe(`How many records per ${what}`);

export const techRadarItemFamily = defineFamily({
  key: "techRadarItem",
  table: "tech_radar_items",
  path: "/innovation/tech-radar",
  listKey: "technologies",
  tag: INNOVATION_TAG,
  noun: "technology",
  titleField: "name",
  fields: {
    name: { kind: "text", required: true, max: 80 },
    quadrant: { kind: "enum", required: true, values: radarQuadrants, filter: true },
    status: { kind: "enum", values: radarRings, default: "assess", filter: true },
    movedInDate: { kind: "date", required: true },
    description: { kind: "longText" },
    owner: { kind: "text" },
  },
  order: [
    { field: "movedInDate", direction: "desc" },
    { field: "name", direction: "asc" },
  ],
  analytics: z.object({
    total_technologies: z.number().int(),
    by_status: countsBy("ring (adopt, trial, assess, hold)"),
    by_quadrant: countsBy("quadrant"),
    moved_last_90_days: z.number().int().describe("Technologies whose date moved in is within the last 90 days (UTC), today included"),
  }),
});

export const experimentFamily = defineFamily({
  key: "experiment",
  table: "innovation_experiments",
  path: "/innovation/experiments",
  listKey: "experiments",
  tag: INNOVATION_TAG,
  noun: "experiment",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    hypothesis: { kind: "longText", required: true },
    metric: { kind: "text", required: true },
    status: { kind: "enum", values: experimentStatuses, default: "planning", filter: true },
    startDate: { kind: "date" },
    endDate: { kind: "date" },
    outcome: { kind: "enum", values: ["validated", "invalidated", "inconclusive"], filter: true },
    result: { kind: "longText" },
  },
  order: [
    { field: "endDate", direction: "asc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    total_experiments: z.number().int(),
    by_status: countsBy("status"),
    active_experiments: z.number().int().describe("Experiments with status in_progress"),
    completed_experiments: z.number().int(),
    success_rate: z
      .number()
      .describe("Completed experiments whose outcome is validated, as a % of completed experiments that recorded an outcome, rounded; 0 when none"),
  }),
});

export const knowledgeArticleFamily = defineFamily({
  key: "knowledgeArticle",
  table: "knowledge_articles",
  path: "/knowledge-base",
  listKey: "articles",
  tag: INNOVATION_TAG,
  noun: "knowledge article",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    body: { kind: "markdown", required: true },
    tags: { kind: "list", max: 20 },
    version: { kind: "text", default: "1.0", max: 20 },
    author: { kind: "text" },
  },
  order: [{ field: "title", direction: "asc" }],
  analytics: z.object({
    total_articles: z.number().int(),
    distinct_tags: z.number().int().describe("How many different tags the articles carry"),
    updated_last_30_days: z.number().int().describe("Articles created or changed in the last 30 days"),
  }),
});

export const complianceAuditFamily = defineFamily({
  key: "complianceAudit",
  table: "compliance_audits",
  path: "/compliance/audits",
  listKey: "audits",
  tag: INNOVATION_TAG,
  noun: "compliance audit",
  titleField: "title",
  fields: {
    title: { kind: "text", required: true },
    framework: { kind: "enum", required: true, values: ["soc2", "iso27001", "gdpr", "hipaa", "pci_dss", "internal"], filter: true },
    dueDate: { kind: "date", required: true },
    status: { kind: "enum", values: ["planning", "in_progress", "passed", "failed"], default: "planning", filter: true },
    openFindings: { kind: "integer", default: 0, min: 0, max: 10_000 },
    findings: { kind: "longText" },
  },
  order: [
    { field: "dueDate", direction: "asc" },
    { field: "title", direction: "asc" },
  ],
  analytics: z.object({
    total_audits: z.number().int(),
    by_status: countsBy("status"),
    pass_rate: z.number().describe("Passed audits as a % of audits that passed or failed, rounded; 0 when none has finished"),
    overdue_audits: z.number().int().describe("Audits still planning or in progress whose due date is before today (UTC)"),
    open_findings: z.number().int().describe("Sum of open findings over every audit"),
  }),
});

export const legacyIntegrationFamily = defineFamily({
  key: "legacyIntegration",
  table: "legacy_integrations",
  path: "/legacy/integrations",
  listKey: "integrations",
  tag: INNOVATION_TAG,
  noun: "legacy integration",
  titleField: "name",
  fields: {
    name: { kind: "text", required: true },
    system: { kind: "text", required: true },
    status: { kind: "enum", values: legacyIntegrationStatuses, default: "active", filter: true },
    sunsetDate: { kind: "date" },
    replacement: { kind: "text" },
    notes: { kind: "longText" },
  },
  order: [
    { field: "sunsetDate", direction: "asc" },
    { field: "name", direction: "asc" },
  ],
  analytics: z.object({
    total_integrations: z.number().int(),
    by_status: countsBy("status"),
    upcoming_sunsets: z.number().int().describe("Integrations not yet sunset whose sunset date is today or later"),
    overdue_sunsets: z.number().int().describe("Integrations not yet sunset whose sunset date has passed"),
  }),
});

export const innovationFamilies = [
  techRadarItemFamily,
  experimentFamily,
  knowledgeArticleFamily,
  complianceAuditFamily,
  legacyIntegrationFamily,
] as const;

// The dashboard (GET /api/innovation/dashboard)

export const deadlineKinds = ["compliance_audit", "legacy_sunset", "experiment_end"] as const;
export type DeadlineKind = (typeof deadlineKinds)[number];

export const innovationDashboardSchema = z.object({
  tech_radar: z.object({
    total: z.number().int(),
    adopt: z.number().int(),
    trial: z.number().int(),
    assess: z.number().int(),
    hold: z.number().int(),
    adoption_rate: z.number().describe("Technologies in adopt as a % of every technology on the radar, rounded; 0 when none"),
  }),
  experiments: z.object({
    total: z.number().int(),
    active: z.number().int().describe("Experiments in progress"),
    completed: z.number().int(),
    success_rate: z.number().describe("As the experiments' analytics: validated of completed experiments with an outcome, %"),
  }),
  knowledge: z.object({
    total_articles: z.number().int(),
    updated_last_30_days: z.number().int(),
  }),
  compliance: z.object({
    total_audits: z.number().int(),
    pass_rate: z.number().describe("Passed of finished (passed or failed) audits, %, rounded; 0 when none"),
    overdue_audits: z.number().int(),
    open_findings: z.number().int(),
  }),
  legacy: z.object({
    active: z.number().int(),
    deprecated: z.number().int(),
    sunset: z.number().int(),
  }),
  upcoming_deadlines: z
    .array(
      z.object({
        kind: z.enum(deadlineKinds),
        title: z.string(),
        date: z.string(),
        days_remaining: z.number().int().describe("Whole days from today (UTC)"),
      }),
    )
    .describe(
      "The first 5 deadlines from today to 30 days ahead, soonest first: due dates of audits still planning or in progress, sunset dates of integrations not yet sunset, end dates of experiments not completed",
    ),
  deadline_counts: z
    .object({
      total: z.number().int().describe("Every deadline of the next 30 days, today included (the list shows the first 5)"),
      compliance_audit: z.number().int().describe("Of them, due dates of audits still planning or in progress"),
      legacy_sunset: z.number().int().describe("Of them, sunset dates of integrations not yet sunset"),
      experiment_end: z.number().int().describe("Of them, end dates of experiments not completed"),
    })
    .describe("How many deadlines the next 30 days hold in all, and per family"),
  technologies: z
    .array(z.object({ id: z.number().int(), name: z.string(), quadrant: z.enum(radarQuadrants), status: z.enum(radarRings), moved_in_date: z.string() }))
    .describe("At most 10 technologies, the most recently moved first"),
});
export type InnovationDashboard = z.infer<typeof innovationDashboardSchema>;

export const INNOVATION_DASHBOARD_REFRESH_MS = 300_000;
export const EXPERIMENTS_REFRESH_MS = 300_000;

// Full-text search of the knowledge base (GET /api/knowledge-base/search; issue 14.9)

export const KNOWLEDGE_SEARCH_LIMIT = 20;
export const KNOWLEDGE_QUERY_MAX = 200;

export const knowledgeSearchQuerySchema = z.object({
  q: z
    .string({ error: errorMessage("field.required") })
    .trim()
    .min(1, errorMessage("field.required"))
    .max(KNOWLEDGE_QUERY_MAX, errorMessage("field.too_long", { max: KNOWLEDGE_QUERY_MAX })),
});

export const knowledgeSearchReplySchema = z.object({
  articles: z
    .array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        version: z.string(),
        tags: z.array(z.string()),
        excerpt: z.string().describe("The first 240 characters of the Markdown body"),
        rank: z.number().describe("PostgreSQL ts_rank of the article's title and body against the query"),
      }),
    )
    .describe("Articles whose title or body match the words (web-search syntax: words, \"phrases\", -excluded), best first, at most 20"),
});
export type KnowledgeSearchReply = z.infer<typeof knowledgeSearchReplySchema>;
