// @vitest-environment node
import { describe, expect, it } from "vitest";
import { npsBand } from "./community-tab";
import { googleFormSchema, slackFormSchema, stripeFormSchema } from "./integration-forms";

const SLACK = { kind: "slack" as const, channelLabel: "#sales", events: ["lead.created" as const], enabled: true };

describe("the integration forms", () => {
  it("asks for the secret the first time, and keeps the saved one when left empty afterwards", () => {
    const first = slackFormSchema(false).safeParse({ ...SLACK, webhookUrl: "  " });
    expect(first.success ? [] : first.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["webhookUrl", "integration.secret_required"]]);

    const again = slackFormSchema(true).parse({ ...SLACK, webhookUrl: "" });
    expect(again).toEqual({ ...SLACK, webhookUrl: undefined });
    expect("webhookUrl" in JSON.parse(JSON.stringify(again))).toBe(false);
  });

  it("checks a typed secret with the contract's own rule", () => {
    const notSlack = slackFormSchema(true).safeParse({ ...SLACK, webhookUrl: "https://example.com/hook" });
    expect(notSlack.success ? [] : notSlack.error.issues.map((issue) => issue.message)).toEqual(["integration.invalid_slack_url"]);
    expect(slackFormSchema(false).parse({ ...SLACK, webhookUrl: " https://hooks.slack.com/services/T1/B2/xyz " }).webhookUrl).toBe("https://hooks.slack.com/services/T1/B2/xyz");

    const publishableAsSecret = stripeFormSchema(false).safeParse({ kind: "stripe", secretKey: "pk_test_123", publishableKey: "" });
    expect(publishableAsSecret.success ? [] : publishableAsSecret.error.issues.map((issue) => issue.message)).toEqual(["integration.invalid_stripe_key"]);
  });

  it("says an empty client id is required, and lower-cases the domain as the server does", () => {
    const empty = googleFormSchema(true).safeParse({ kind: "google_workspace", domain: "Example.COM", clientId: " ", clientSecret: "" });
    expect(empty.success ? [] : empty.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["clientId", "field.required"]]);
    expect(googleFormSchema(true).parse({ kind: "google_workspace", domain: "Example.COM", clientId: "id", clientSecret: "" }).domain).toBe("example.com");
  });
});

describe("the NPS label", () => {
  it("reads 50 or more as Excellent, 0 or more as Good, below 0 as Needs Improvement", () => {
    expect([100, 50, 49, 0, -1, -100].map(npsBand)).toEqual(["excellent", "excellent", "good", "good", "needsImprovement", "needsImprovement"]);
  });
});
