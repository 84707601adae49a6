import { z } from "zod";
import { defineEndpoint, defineEndpoints } from "./endpoint";

export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  time: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

// Endpoints

export const healthEndpoints = defineEndpoints("health", {
  check: defineEndpoint({
    method: "GET",
    permission: "public",
    path: "/health",
    reply: healthSchema,
    errors: [503],
    tags: ["Health"],
    summary: "Liveness with a database round trip",
  }),
});
