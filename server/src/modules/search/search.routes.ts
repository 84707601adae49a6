import { apiErrorSchema } from "@contract/errors";
import { searchQuerySchema, searchResultSchema } from "@contract/search";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { globalSearch } from "./search.service";

export function searchRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/search",
    {
      schema: {
        tags: ["Search"],
        summary: "Search leads, affiliates and technical issues at once",
        description:
          "Case- and accent-insensitive match, ranked; each group lists at most 5 and counts all matches (leads up to 1,000). " +
          "Leads must hold every word of the search (3+ characters anywhere, shorter ones at the start of a word) and rank business " +
          "names starting with the search first, then leads whose names hold every word, then trigram similarity. An empty term answers 400.",
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: apiErrorSchema },
      },
    },
    async (request) => globalSearch(ctx.db, request.query.q),
  );
}
