import { apiErrorSchema } from "@contract/errors";
import { searchQuerySchema, searchResultSchema } from "@contract/search";
import type { AppContext, ZodApp } from "../../app-context";
import { globalSearch } from "./search.service";

export function searchRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/search",
    {
      schema: {
        tags: ["Search"],
        summary: "Search leads, affiliates and technical issues at once",
        description:
          "Case- and accent-insensitive substring match, ranked (name prefix first, then trigram similarity); each group lists at most 5 " +
          "and counts all matches (leads up to 1,000). An empty term answers 400.",
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: apiErrorSchema },
      },
    },
    async (request) => globalSearch(ctx.db, request.query.q),
  );
}
