import { z } from "zod";
import { errorMessage } from "./error-message";
import { isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { aiRepairLogSchema, issueStatusSchema } from "./issues";
import { taskStatusSchema } from "./tasks";

export const SEARCH_GROUP_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: errorMessage("search.term_required") })
    .trim()
    .min(1, errorMessage("search.term_required"))
    .max(200, errorMessage("field.too_long", { max: 200 })),
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

/** A note whose words match, with the lead it is written on (the hit opens the lead's page). */
export const searchNoteSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  businessName: z.string().describe("The lead's business name"),
  excerpt: z.string().describe("Up to 160 characters of the note's Markdown around the match, with … where it was cut"),
});

/** A task whose title matches (the hit opens /tasks?id=…, the task shown above the list). */
export const searchTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: taskStatusSchema,
  dueDate: z.string().nullable().describe("YYYY-MM-DD, or null for no due date"),
});

/** A knowledge article whose title matches (the hit opens it in the Innovation page's Knowledge tab). */
export const searchArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  version: z.string(),
});

export const searchResultSchema = z.object({
  leads: z.array(searchLeadSchema),
  affiliates: z.array(searchAffiliateSchema),
  issues: z.array(searchIssueSchema),
  notes: z.array(searchNoteSchema).describe("Lead notes by their words, newest first"),
  tasks: z.array(searchTaskSchema).describe("Tasks by title, closest first; empty for a caller who may not read tasks"),
  articles: z.array(searchArticleSchema).describe("Knowledge articles by title, closest first; empty for a caller who may not read them"),
  totals: z
    .object({
      leads: z.number().int(),
      affiliates: z.number().int(),
      issues: z.number().int(),
      notes: z.number().int(),
      tasks: z.number().int(),
      articles: z.number().int(),
    })
    .describe("How many matched in each group; each list shows at most the best " + SEARCH_GROUP_LIMIT),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

// Endpoints

export const searchEndpoints = defineEndpoints("search", {
  search: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/search",
    query: searchQuerySchema,
    reply: searchResultSchema,
    errors: [400],
    tags: ["Search"],
    summary: "Search leads, affiliates, technical issues, lead notes, tasks and knowledge articles at once",
    description:
      "Case- and accent-insensitive match, ranked; each group lists at most 5 and counts all matches (leads up to 1,000). " +
      "Leads must hold every word of the search (3+ characters anywhere, shorter ones at the start of a word) and rank business " +
      "names starting with the search first, then leads whose names hold every word, then trigram similarity. Notes match when their " +
      "text holds the search (newest first), each with its lead. Tasks and knowledge articles match when their title holds the search " +
      "(closest first by trigram similarity), and only for a caller whose role may read them. An empty term answers 400.",
  }),
});
