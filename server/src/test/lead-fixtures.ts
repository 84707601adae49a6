import { expect } from "vitest";
import type { CreatedLead } from "@contract/leads";
import type { TestClient } from "./test-runtime";

/**
 * Creates a lead through POST /api/leads as `client` and answers its id. The owner's names default to ones no other
 * fixture shares ("Zed", "Nobody<key>"), so only the fields a test names can make two leads look alike.
 */
export async function createLead(client: TestClient, key: string, fields: Record<string, unknown>): Promise<number> {
  const res = await client.post<CreatedLead>("/api/leads", { businessOwnerName: "Zed", businessOwnerLastName: `Nobody${key}`, ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** createLead remembering each lead's id under its key in `ids`, for tests that name their leads. */
export function leadMaker(client: () => TestClient, ids: Record<string, number>) {
  return async (key: string, fields: Record<string, unknown>) => {
    ids[key] = await createLead(client(), key, fields);
    return ids[key];
  };
}
