import { z } from "zod";
import { isoDateTime } from "./common";
import { aiRepairLogSchema, issueStatusSchema } from "./issues";

export const SEARCH_GROUP_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z.string({ error: "Enter a search term" }).trim().min(1, "Enter a search term").max(200, "Maximum 200 characters allowed"),
});

export const searchLeadSchema = z.object({ id: z.number().int(), businessName: z.string(), email: z.string() });
export const searchAffiliateSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), uniqueCode: z.string() });
export const searchIssueSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  status: issueStatusSchema,
  createdAt: isoDateTime,
  screenshotUrl: z.string().nullable(),
  aiRepairLog: aiRepairLogSchema.nullable(),
});

export const searchResultSchema = z.object({
  leads: z.array(searchLeadSchema),
  affiliates: z.array(searchAffiliateSchema),
  issues: z.array(searchIssueSchema),
  totals: z
    .object({ leads: z.number().int(), affiliates: z.number().int(), issues: z.number().int() })
    .describe("How many matched in each group; each list shows at most the best " + SEARCH_GROUP_LIMIT),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
