import { defineEndpoint } from "./endpoint";
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

export const businessHealthEndpoints = {
  dashboard: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/business-health/dashboard",
    reply: businessHealthDashboardSchema,
    tags: [BUSINESS_HEALTH_TAG],
    summary: "The Business Health & Evergreen dashboard, every figure computed from the stored records",
  }),
};

export const perpetualInnovationEndpoints = {
  dashboard: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/perpetual-innovation/dashboard",
    reply: perpetualInnovationDashboardSchema,
    tags: [PERPETUAL_INNOVATION_TAG],
    summary: "The Perpetual Innovation & Legacy dashboard, every figure computed from the stored records",
  }),
};

export const perpetualStewardshipEndpoints = {
  dashboard: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/perpetual-stewardship/dashboard",
    reply: perpetualStewardshipDashboardSchema,
    tags: [PERPETUAL_STEWARDSHIP_TAG],
    summary: "The Perpetual Stewardship & Living Archive dashboard, every figure computed from the stored records",
  }),
};

export const futureStewardshipEndpoints = {
  dashboard: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/future-stewardship/dashboard",
    reply: futureStewardshipDashboardSchema,
    tags: [FUTURE_STEWARDSHIP_TAG],
    summary: "The Future Stewardship & Historical Record dashboard, every figure computed from the stored records",
  }),
};

export const finalStewardshipEndpoints = {
  dashboard: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/final-stewardship/dashboard",
    reply: finalStewardshipDashboardSchema,
    tags: [FINAL_STEWARDSHIP_TAG],
    summary: "The Final Stewardship & Legacy dashboard, every figure computed from the stored records",
  }),
};

export const innovationEndpoints = {
  dashboard: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/innovation/dashboard",
    reply: innovationDashboardSchema,
    tags: [INNOVATION_TAG],
    summary: "The Innovation & Legacy dashboard, every figure computed from the stored records",
  }),
  knowledgeSearch: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/knowledge-base/search",
    query: knowledgeSearchQuerySchema,
    reply: knowledgeSearchReplySchema,
    tags: [INNOVATION_TAG],
    summary: "Full-text search of the knowledge base's titles and bodies, best match first",
  }),
};
