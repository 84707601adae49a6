import { describe, expect, it } from "vitest";
import { googleTokenOutcome, stripeOutcome } from "./integrations.outbound";

// The checks reach api.stripe.com and Google, which this machine cannot: these are the answers those services give.
describe("what a connection check tells the administrator", () => {
  it("reads Stripe's answer to the balance read", () => {
    expect(stripeOutcome("test", { status: 200, body: { object: "balance" } })).toEqual({
      ok: true,
      line: { code: "integration.stripe_accepted", params: { mode: "test" } },
      message: "Stripe accepted the test-mode key (GET /v1/balance answered 200)",
      retryable: false,
    });
    expect(stripeOutcome("live", { status: 403, body: { error: { message: "The provided key does not have the required permissions" } } })).toMatchObject({
      ok: true,
      message: "Stripe accepted the live-mode key; it may not read the balance (The provided key does not have the required permissions)",
    });
    expect(stripeOutcome("test", { status: 401, body: { error: { message: "Invalid API Key provided: sk_test_****Ab12" } } })).toEqual({
      ok: false,
      line: { code: "integration.stripe_refused_saying", params: { status: 401, answer: "Invalid API Key provided: sk_test_****Ab12" } },
      message: "Stripe answered HTTP 401: Invalid API Key provided: sk_test_****Ab12",
      retryable: false,
    });
    expect(stripeOutcome("test", { status: 503, body: "<html>" })).toEqual({
      ok: false,
      line: { code: "integration.stripe_refused", params: { status: 503 } },
      message: "Stripe answered HTTP 503",
      retryable: true,
    });
  });

  it("reads Google's answer to a made-up authorization code", () => {
    expect(googleTokenOutcome({ status: 400, body: { error: "invalid_grant", error_description: "Malformed auth code." } })).toMatchObject({
      ok: true,
      message: "Google's OAuth endpoints answered and accepted the client id and secret (the made-up code got invalid_grant, as expected)",
    });
    expect(googleTokenOutcome({ status: 401, body: { error: "invalid_client", error_description: "The OAuth client was not found." } })).toEqual({
      ok: false,
      line: { code: "integration.google_refused_saying", params: { error: "invalid_client", answer: "The OAuth client was not found." } },
      message: "Google refused the client id or secret (invalid_client: The OAuth client was not found.)",
      retryable: false,
    });
    expect(googleTokenOutcome({ status: 502, body: "Bad Gateway" })).toEqual({
      ok: false,
      line: { code: "integration.google_token_endpoint", params: { status: 502 } },
      message: "Google's token endpoint answered HTTP 502",
      retryable: true,
    });
  });
});
