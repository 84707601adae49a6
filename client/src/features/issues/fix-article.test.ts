import { describe, expect, it } from "vitest";
import type { Issue } from "@contract/issues";
import { articleFromApprovedFix } from "./fix-article";

const approvedIssue = (overrides: Partial<Issue> = {}): Issue => ({
  id: 42,
  leadId: null,
  email: "reporter@example.com",
  description: "Webhook deliveries fail\nwith 401 since the secret was rotated",
  screenshotUrl: null,
  status: "approved",
  aiRepairLog: {
    summary: "Send the partner the new signing secret, then replay.",
    codeDiff: "--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b",
    timestamp: "2026-11-20T10:00:00.000Z",
    source: { kind: "model", model: "m", endpoint: "ai.local" },
    references: [],
  },
  repairFailure: null,
  approvalRequested: false,
  approvalTimestamp: "2026-11-21T10:00:00.000Z",
  manualNotes: "Checked with the partner.",
  reviewedBy: "grace@leadwell.test",
  reviewedAt: "2026-11-21T10:00:00.000Z",
  createdAt: "2026-11-20T09:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
  ...overrides,
});

describe("articleFromApprovedFix", () => {
  it("writes the problem, the model's fix, the reviewer's notes and the diff as Markdown, tagged with the issue", () => {
    const article = articleFromApprovedFix(approvedIssue(), "21 Nov 2026");
    expect(article).toEqual({
      title: "Fix: Webhook deliveries fail with 401 since the secret was rotated",
      body: [
        "## Problem\n\nWebhook deliveries fail\nwith 401 since the secret was rotated",
        "## Fix\n\nSend the partner the new signing secret, then replay.",
        "## Reviewer's notes\n\nChecked with the partner.",
        "## Code change\n\n```diff\n--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n```",
        "_From approved issue #42, approved by grace@leadwell.test on 21 Nov 2026._",
      ].join("\n\n"),
      tags: ["fix", "issue-42"],
      author: "grace@leadwell.test",
    });
  });

  it("leaves out a retrieval-only summary, absent notes and an empty diff, and cuts a long title", () => {
    const article = articleFromApprovedFix(
      approvedIssue({
        description: "x".repeat(300),
        manualNotes: null,
        reviewedBy: null,
        aiRepairLog: { summary: "No AI model is configured", codeDiff: "", timestamp: "2026-11-20T10:00:00.000Z", source: { kind: "retrieval", model: null, endpoint: null }, references: [] },
      }),
      null,
    );
    expect(article.title).toBe(`Fix: ${"x".repeat(119)}…`);
    expect(article.body).toBe(`## Problem\n\n${"x".repeat(300)}\n\n_From approved issue #42._`);
    expect(article.author).toBeNull();
  });

  it("fences a diff that itself holds a code fence with a longer fence", () => {
    const article = articleFromApprovedFix(approvedIssue({ aiRepairLog: { ...approvedIssue().aiRepairLog!, codeDiff: "+```ts\n+code\n+```" } }), null);
    expect(article.body).toContain("````diff\n+```ts\n+code\n+```\n````");
  });
});
