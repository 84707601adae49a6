import type { z } from "zod";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { recordFamilies } from "./records/index";
import { BUSINESS_HEALTH_TAG, businessHealthDashboardSchema } from "./records/business-health";
import { PERPETUAL_INNOVATION_TAG, perpetualInnovationDashboardSchema } from "./records/perpetual-innovation";
import { PERPETUAL_STEWARDSHIP_TAG, perpetualStewardshipDashboardSchema } from "./records/perpetual-stewardship";
import { FUTURE_STEWARDSHIP_TAG, futureStewardshipDashboardSchema } from "./records/future-stewardship";
import { FINAL_STEWARDSHIP_TAG, finalStewardshipDashboardSchema } from "./records/final-stewardship";
import { INNOVATION_TAG, innovationDashboardSchema, knowledgeSearchQuerySchema, knowledgeSearchReplySchema } from "./records/innovation";
import { endpointsOf, type FamilyEndpoints } from "./records/schemas";

/**
 * Every record family's five endpoints (list, get, create, update, remove), built from its declaration in
 * contract/records/, keyed "<family>.<operation>" so the route table and the API document list them all.
 */
export const recordFamilyEndpoints = Object.fromEntries(
  recordFamilies.flatMap((family) => Object.entries(endpointsOf(family)).map(([operation, endpoint]) => [`${family.key}.${operation}`, endpoint])),
) as Record<string, FamilyEndpoints[keyof FamilyEndpoints]>;

/** A record page's dashboard: one GET whose every figure is computed from the stored records. */
const dashboardEndpoint = <const R extends z.ZodType, const P extends string>(page: { path: P; reply: R; tag: string; title: string }) =>
  defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: page.path,
    reply: page.reply,
    tags: [page.tag],
    summary: `The ${page.title} dashboard, every figure computed from the stored records`,
  });

export const businessHealthEndpoints = defineEndpoints("businessHealth", {
  dashboard: dashboardEndpoint({ path: "/business-health/dashboard", reply: businessHealthDashboardSchema, tag: BUSINESS_HEALTH_TAG, title: "Business Health & Evergreen" }),
});

export const perpetualInnovationEndpoints = defineEndpoints("perpetualInnovation", {
  dashboard: dashboardEndpoint({ path: "/perpetual-innovation/dashboard", reply: perpetualInnovationDashboardSchema, tag: PERPETUAL_INNOVATION_TAG, title: "Perpetual Innovation & Legacy" }),
});

export const perpetualStewardshipEndpoints = defineEndpoints("perpetualStewardship", {
  dashboard: dashboardEndpoint({ path: "/perpetual-stewardship/dashboard", reply: perpetualStewardshipDashboardSchema, tag: PERPETUAL_STEWARDSHIP_TAG, title: "Perpetual Stewardship & Living Archive" }),
});

export const futureStewardshipEndpoints = defineEndpoints("futureStewardship", {
  dashboard: dashboardEndpoint({ path: "/future-stewardship/dashboard", reply: futureStewardshipDashboardSchema, tag: FUTURE_STEWARDSHIP_TAG, title: "Future Stewardship & Historical Record" }),
});

export const finalStewardshipEndpoints = defineEndpoints("finalStewardship", {
  dashboard: dashboardEndpoint({ path: "/final-stewardship/dashboard", reply: finalStewardshipDashboardSchema, tag: FINAL_STEWARDSHIP_TAG, title: "Final Stewardship & Legacy" }),
});

export const innovationEndpoints = defineEndpoints("innovation", {
  dashboard: dashboardEndpoint({ path: "/innovation/dashboard", reply: innovationDashboardSchema, tag: INNOVATION_TAG, title: "Innovation & Legacy" }),
  knowledgeSearch: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/knowledge-base/search",
    query: knowledgeSearchQuerySchema,
    reply: knowledgeSearchReplySchema,
    tags: [INNOVATION_TAG],
    summary: "Full-text search of the knowledge base's titles and bodies, best match first",
  }),
});
