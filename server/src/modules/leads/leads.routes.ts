import { z } from "zod";
import { idParamsSchema, okSchema } from "@contract/common";
import { apiErrorSchema } from "@contract/errors";
import {
  createdLeadSchema,
  leadFilterSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadSchema,
  leadSortSchema,
  leadUpdateSchema,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  TOTAL_EXACT_HEADER,
} from "@contract/leads";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { csvExportRoute } from "../../kernel/http/csv-export";
import { requestMeta } from "../../kernel/http/request-meta";
import { sendJsonText } from "../../kernel/http/send-json-text";
import { signedIn } from "../auth/auth.hook";
import { createLead, deleteLead, getLead, leadsCsv, listLeads, updateLead } from "./leads.service";

const tags = ["Leads"];
const fieldNames =
  "The API answers some fields under a second name that some screens read: businessOwnerEmail (= email), businessType (= industry), " +
  "pipelineStage ('New' when none is set) and kpi {ytdRevenue, mrr, updatedAt} (the lead's KPI record, or null).";

export function leadRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/leads",
    {
      schema: {
        tags,
        summary: "A page of leads",
        description:
          `A JSON array, newest first by default. The ${TOTAL_COUNT_HEADER} header holds the total matching; with a search term it counts ` +
          `up to 1,000 and ${TOTAL_EXACT_HEADER} says whether that total is exact. When another page follows, ${NEXT_CURSOR_HEADER} ` +
          `holds the cursor for it. ${fieldNames}`,
        querystring: leadListQuerySchema,
        response: { 200: z.array(leadSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await listLeads(ctx.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total)).header(TOTAL_EXACT_HEADER, String(page.exact));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return sendJsonText(reply, page.leadsJson);
    },
  );

  csvExportRoute(app, {
    url: "/leads/export.csv",
    tags,
    summary: "Every lead matching the filters",
    querystring: leadFilterSchema.extend({ sort: leadSortSchema.default("-createdAt") }),
    csv: ({ sort, ...filter }) => leadsCsv(ctx.db, filter, sort),
  });

  app.get(
    "/leads/:id",
    { schema: { tags, summary: "One lead", description: fieldNames, params: idParamsSchema, response: { 200: leadSchema, 404: apiErrorSchema } } },
    async (request) => getLead(ctx.db, request.params.id),
  );

  app.post(
    "/leads",
    {
      config: { apiKeyScopes: ["leads:write", "full"] },
      schema: {
        tags,
        summary: "Create a lead (staff form, or a website/quiz funnel with an API key)",
        description:
          "Email must be unique regardless of letter case (409 otherwise). Unsent optional fields take their defaults. " +
          "An affiliateCode of an active affiliate records a referral; an unknown or suspended code still creates the lead, " +
          "and `attribution` says why no referral was recorded.",
        body: leadInputSchema,
        response: { 201: createdLeadSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const lead = await createLead(ctx.db, request.body, { principal: signedIn(request), meta: requestMeta(request) });
      return reply.status(201).send(lead);
    },
  );

  app.put(
    "/leads/:id",
    {
      schema: {
        tags,
        summary: "Change a lead: only the fields sent change",
        params: idParamsSchema,
        body: leadUpdateSchema,
        response: { 200: leadSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => updateLead(ctx.db, request.params.id, request.body, signedIn(request), requestMeta(request)),
  );

  app.delete(
    "/leads/:id",
    {
      schema: { tags, summary: "Delete a lead and its KPI data", params: idParamsSchema, response: { 200: okSchema, 404: apiErrorSchema } },
    },
    async (request) => {
      await deleteLead(ctx.db, request.params.id, signedIn(request), requestMeta(request));
      return { ok: true as const };
    },
  );
}
