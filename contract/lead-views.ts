import { z } from "zod";
import type { Permission } from "./access-policy";
import { idParamsSchema, isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { leadColumnIdSchema } from "./lead-table";
import { leadFilterSchema, leadSortFields, sortDirections, type LeadFilter, type LeadFilterValues } from "./leads";

/**
 * Saved views of the leads table (issue 26.2): a name, the list's filters, sort and the columns shown in order;
 * personal, or shared with everyone. Anyone who reads leads may save personal views (as in HubSpot); sharing one needs
 * the permission below, which managers and administrators hold ("shaping the work").
 */
export const LEAD_VIEW_SHARE_PERMISSION: Permission = "pipeline.manage";
export const LEAD_VIEW_NAME_MAX = 60;

/**
 * A view's filters as stored and answered: the list's query fields in the form a client sends them (each a string or
 * a list of strings, hasKpi "true"/"false"), so a view applies to GET /api/leads and to the table's address as is.
 */
const storedFilterValue = z.union([z.string(), z.array(z.string())]).optional();
type LeadFilterField = keyof typeof leadFilterSchema.shape;
export const leadViewQuerySchema = z.object(
  Object.fromEntries(Object.keys(leadFilterSchema.shape).map((key) => [key, storedFilterValue])) as Record<LeadFilterField, typeof storedFilterValue>,
);
export type LeadViewQuery = z.infer<typeof leadViewQuerySchema>;

/** A view's stored filters as the table's filter: the server validated them with leadFilterSchema when the view was saved. */
export const leadViewFilter = (query: LeadViewQuery): LeadFilter => query as LeadFilter;

/** The parsed filters (z.output of leadFilterSchema) back in the form a client sends them, without the empty ones. */
export function storedLeadViewQuery(filter: LeadFilterValues): LeadFilter {
  const stored: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    stored[key] = typeof value === "boolean" ? String(value) : (value as string | string[]);
  }
  return stored as LeadFilter;
}

export const leadViewInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, errorMessage("field.required"))
    .max(LEAD_VIEW_NAME_MAX, errorMessage("field.too_long", { max: LEAD_VIEW_NAME_MAX })),
  shared: z.boolean().default(false).describe(`Shown to everyone; needs ${LEAD_VIEW_SHARE_PERMISSION} (manager or above)`),
  query: leadFilterSchema
    .strict()
    .prefault({})
    .describe("The list's filter fields (GET /api/leads: q, status, priority, stage, ...); a bad one is a 400 naming query.<field>"),
  sort: z.enum(leadSortFields).default("createdAt"),
  dir: z.enum(sortDirections).default("desc"),
  columns: z.array(leadColumnIdSchema).min(1).max(50).describe("The columns shown, in order (ids of contract/lead-table.ts)"),
});
export type LeadViewInput = z.input<typeof leadViewInputSchema>;

export const leadViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  query: leadViewQuerySchema,
  sort: z.enum(leadSortFields),
  dir: z.enum(sortDirections),
  columns: z.array(leadColumnIdSchema),
  ownerId: z.number().int(),
  ownerName: z.string().describe("The owner's full name"),
  mine: z.boolean().describe("The signed-in person owns it"),
  isDefault: z.boolean().describe("The signed-in person's default view (it may be a shared one)"),
  canEdit: z.boolean().describe("The signed-in person may change or delete it"),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type LeadView = z.infer<typeof leadViewSchema>;

const tags = ["Lead views"];

export const leadViewEndpoints = defineEndpoints("leadViews", {
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/lead-views",
    reply: z.array(leadViewSchema),
    tags,
    summary: "The saved views the signed-in person may use: their own and every shared one (theirs first, then by name)",
  }),
  create: defineEndpoint({
    method: "POST",
    permission: "crm.read",
    path: "/lead-views",
    body: leadViewInputSchema,
    reply: leadViewSchema,
    status: 201,
    errors: [400, 403, 409],
    tags,
    summary: "Save a view",
    description:
      "Anyone who reads leads may save personal views; shared: true needs a manager or above (403 lead_view.share_forbidden). " +
      "Names are unique per owner, in any letter case (409 lead_view.name_taken naming name).",
  }),
  update: defineEndpoint({
    method: "PUT",
    permission: "crm.read",
    path: "/lead-views/:id",
    params: idParamsSchema,
    body: leadViewInputSchema,
    reply: leadViewSchema,
    errors: [400, 403, 404, 409],
    tags,
    summary: "Replace a view (rename, share, or store the table's current state)",
    description:
      "Its owner may change it; a manager or above may change a shared one too (403 lead_view.edit_forbidden otherwise). " +
      "A personal view of someone else answers 404.",
  }),
  delete: defineEndpoint({
    method: "DELETE",
    permission: "crm.read",
    path: "/lead-views/:id",
    params: idParamsSchema,
    status: 204,
    errors: [403, 404],
    tags,
    summary: "Delete a view (it stops being anyone's default)",
  }),
  setDefault: defineEndpoint({
    method: "PUT",
    permission: "crm.read",
    path: "/lead-views/:id/default",
    params: idParamsSchema,
    reply: leadViewSchema,
    errors: [404],
    tags,
    summary: "Make a view (one's own or a shared one) the signed-in person's default: the leads table opens with it",
  }),
  clearDefault: defineEndpoint({
    method: "DELETE",
    permission: "crm.read",
    path: "/lead-views/default",
    status: 204,
    tags,
    summary: "The signed-in person has no default view any more (the table opens with its own defaults)",
  }),
});
