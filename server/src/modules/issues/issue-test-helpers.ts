import { expect } from "vitest";
import type { Issue } from "@contract/issues";
import type { TestClient } from "../../test/test-runtime";

export const anIssue = (description: string, extra: Record<string, unknown> = {}) => ({
  email: "reporter@example.com",
  description,
  screenshotUrl: "",
  ...extra,
});

export async function submitIssue(client: TestClient, body: Record<string, unknown>): Promise<Issue> {
  const res = await client.post<Issue>("/api/issues", body);
  expect(res.status).toBe(201);
  return res.body;
}

/** Polls the issue until its proposal job has settled it (status no longer open). */
export async function untilSettled(client: TestClient, id: number, deadlineMs = 30_000): Promise<Issue> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const res = await client.get<Issue>(`/api/issues/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status !== "open") return res.body;
    if (Date.now() > deadline) throw new Error(`Issue #${id} was still open after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
