import { describe, expect, it } from "vitest";
import { createApiKeyBodySchema } from "./api-keys";
import { setupBodySchema } from "./auth";
import { decodeErrorMessage, errorText } from "./error-codes";
import { errorMessage, parseErrorMessage } from "./error-message";
import { feedbackBodySchema } from "./feedback";
import { leadListQuerySchema } from "./leads";
import { reportFilterSchema } from "./reports";
import { codeForZodIssue } from "./zod-error-map";

/** The decoded message of the first issue a schema raises for each field of a value (what the API answers). */
function codedIssues(schema: { safeParse: (value: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const issues = schema.safeParse(value).error?.issues ?? [];
  return Object.fromEntries(issues.reverse().map((issue) => [issue.path.join("."), decodeErrorMessage(issue.message)]));
}

describe("error codes from the contract's schemas", () => {
  it("derives field.too_long with its limit from a plain .max() on text", () => {
    const issues = codedIssues(createApiKeyBodySchema, { label: "x".repeat(101) });
    expect(issues).toEqual({ label: { code: "field.too_long", params: { max: 100 } } });
    expect(errorText("field.too_long", { max: 100 })).toBe("Maximum 100 characters allowed");
  });

  it("derives field.required for a missing field, and keeps a schema's own code for a blank one", () => {
    expect(codedIssues(setupBodySchema, { email: "ada@example.com", password: "long enough password", setupToken: "t" })).toEqual({
      name: { code: "field.required" },
    });
    expect(codedIssues(setupBodySchema, { name: " ", email: "ada@example.com", password: "short", setupToken: "t" })).toEqual({
      name: { code: "auth.name_required" },
      password: { code: "auth.password_too_short", params: { min: 12 } },
    });
  });

  it("derives number limits, and gives an enum's own code with its options", () => {
    expect(codedIssues(leadListQuerySchema, { limit: "0" })).toEqual({ limit: { code: "field.at_least", params: { min: 1 } } });
    expect(codedIssues(leadListQuerySchema, { limit: "1.5" })).toEqual({ limit: { code: "field.not_integer" } });
    expect(codedIssues(feedbackBodySchema, { description: "Broken", type: "Rant" })).toEqual({
      type: { code: "feedback.invalid_type", params: { options: "General, Bug, Feature Request" } },
    });
  });

  it("names the field inside date codes and their English", () => {
    const issues = codedIssues(reportFilterSchema, { startDate: "2024-02-30", endDate: "yesterday" });
    expect(issues).toEqual({
      startDate: { code: "field.not_real_date", params: { field: "startDate" } },
      endDate: { code: "field.invalid_date", params: { field: "endDate" } },
    });
    expect(errorText("field.not_real_date", { field: "startDate" })).toBe("startDate is not a real date");
  });

  it("derives a code from an issue the server sees without its input", () => {
    expect(codeForZodIssue({ code: "too_big", origin: "array", maximum: 50, inclusive: true })).toEqual({ code: "field.too_many", params: { max: 50 } });
    expect(codeForZodIssue({ code: "too_small", origin: "number", minimum: 0, inclusive: false })).toEqual({ code: "field.greater_than", params: { min: 0 } });
    expect(codeForZodIssue({ code: "invalid_format", format: "email" })).toEqual({ code: "field.invalid_email" });
    expect(codeForZodIssue({ code: "unrecognized_keys", keys: ["a", "b"] })).toEqual({ code: "field.unknown_keys", params: { keys: "a, b" } });
    expect(codeForZodIssue({ code: "custom" })).toEqual({ code: "field.invalid" });
  });
});

describe("error messages and English text", () => {
  it("round-trips a code and its params through a validation message", () => {
    const message = errorMessage("payout.above_approved_balance", { amount: "500.00" });
    expect(decodeErrorMessage(message)).toEqual({ code: "payout.above_approved_balance", params: { amount: "500.00" } });
    expect(decodeErrorMessage(errorMessage("lead.email_taken"))).toEqual({ code: "lead.email_taken" });
  });

  it("reads plain text and unknown codes as no code", () => {
    expect(decodeErrorMessage("Title is required")).toBeUndefined();
    expect(decodeErrorMessage("lead.no_such_thing")).toBeUndefined();
    expect(parseErrorMessage("lead.no_such_thing")).toEqual({ code: "lead.no_such_thing" });
    expect(decodeErrorMessage('field.too_long|{"max":')).toBeUndefined();
    expect(decodeErrorMessage(undefined)).toBeUndefined();
  });

  it("fills params in, choosing the word for one or many", () => {
    expect(errorText("auth.too_many_sign_ins", { minutes: 15 })).toBe("Too many failed sign-ins for this email. Try again in 15 minutes.");
    expect(errorText("auth.too_many_sign_ins", { minutes: 1 })).toBe("Too many failed sign-ins for this email. Try again in 1 minute.");
    expect(errorText("request.no_route", { method: "GET", path: "/api/x" })).toBe("No API route for GET /api/x");
  });
});
