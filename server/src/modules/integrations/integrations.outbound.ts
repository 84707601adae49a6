import { englishText, integrationOutcomes, type IntegrationOutcome } from "@contract/server-messages";
import type { AppConfig } from "../../config";
import { loggableError } from "../../kernel/http/error-log";
import { addressPolicyOf, sendWebhookRequest } from "../../kernel/outbound/outbound-address";

/** Like a webhook receiver, Slack and the connection checks have this long to answer. */
export const INTEGRATION_TIMEOUT_MS = 15_000;
const SNIPPET_LENGTH = 300;

/** What one use of an integration came to: `line` says what was done and what came back, as a code; `message` in English. */
export interface OutboundOutcome {
  ok: boolean;
  line: IntegrationOutcome;
  message: string;
  /** Worth trying again later (no answer, a 5xx, a 429); a refusal of the settings is not. */
  retryable: boolean;
}

/** An outcome with its English. */
export const outcome = (ok: boolean, line: IntegrationOutcome, retryable: boolean): OutboundOutcome => ({
  ok,
  line,
  message: englishText(integrationOutcomes[line.code], line.params),
  retryable,
});

/** The reason a request got no answer, with the low-level cause (getaddrinfo ENOTFOUND …) that says why. */
function failureText(error: unknown): string {
  const base = loggableError(error).message;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return (cause && !base.includes(cause) ? `${base} (${cause})` : base).slice(0, 500);
}

const noAnswer = (service: string, error: unknown): OutboundOutcome =>
  outcome(false, { code: "integration.unreachable", params: { service, cause: failureText(error) } }, true);

const retryableStatus = (status: number) => status === 429 || status >= 500;

/**
 * Posts a message to a Slack incoming webhook, through the same SSRF-safe sender as webhooks (the address policy
 * holds at connect time, redirects included). Slack answers 200 "ok" or an error word such as "no_service".
 */
export async function postToSlack(config: AppConfig, webhookUrl: string, text: string): Promise<OutboundOutcome> {
  try {
    const answer = await sendWebhookRequest(webhookUrl, JSON.stringify({ text }), {}, {
      policy: addressPolicyOf(config.webhooks),
      timeoutMs: INTEGRATION_TIMEOUT_MS,
      snippetLength: SNIPPET_LENGTH,
    });
    if (answer.statusCode >= 200 && answer.statusCode < 300) return outcome(true, { code: "integration.slack_accepted", params: {} }, false);
    const said = answer.snippet.trim();
    const status = answer.statusCode;
    return outcome(
      false,
      said ? { code: "integration.slack_refused_saying", params: { status, answer: said } } : { code: "integration.slack_refused", params: { status } },
      retryableStatus(status),
    );
  } catch (error) {
    return noAnswer("Slack", error);
  }
}

/**
 * One request to a fixed, well-known HTTPS host (Stripe's or Google's API, never an address someone typed), so the
 * address policy is not needed; redirects are refused. Answers the status and the body (JSON when it parses); never
 * throws.
 */
async function requestJson(url: string, init: { method?: "GET" | "POST"; headers?: Record<string, string>; form?: Record<string, string> }) {
  try {
    const response = await fetch(url, {
      method: init.method ?? "GET",
      headers: { ...init.headers, ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}), "user-agent": "Leadwell-Integrations/1" },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: "error",
      signal: AbortSignal.timeout(INTEGRATION_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body };
  } catch (error) {
    return { error };
  }
}

/** A string field of a JSON answer, if there is one. */
function field(body: unknown, ...path: string[]): string | undefined {
  let value: unknown = body;
  for (const key of path) {
    if (typeof value !== "object" || value === null || !(key in value)) return undefined;
    value = Object.getOwnPropertyDescriptor(value, key)?.value;
  }
  return typeof value === "string" ? value : undefined;
}

export const STRIPE_BALANCE_URL = "https://api.stripe.com/v1/balance";

/**
 * Asks Stripe for the account balance with the secret key: the cheapest authenticated read, changing nothing. 200
 * means the key works; a restricted key without the balance permission is refused with 403 but did authenticate.
 */
export async function checkStripe(secretKey: string): Promise<OutboundOutcome> {
  const answer = await requestJson(STRIPE_BALANCE_URL, { headers: { authorization: `Bearer ${secretKey}` } });
  if ("error" in answer) return noAnswer("Stripe (api.stripe.com)", answer.error);
  return stripeOutcome(secretKey.includes("_live_") ? "live" : "test", answer);
}

/** What Stripe's answer to the balance read says about the key. */
export function stripeOutcome(mode: "live" | "test", answer: { status: number; body: unknown }): OutboundOutcome {
  if (answer.status === 200) return outcome(true, { code: "integration.stripe_accepted", params: { mode } }, false);
  const said = field(answer.body, "error", "message");
  if (answer.status === 403) {
    return outcome(
      true,
      said ? { code: "integration.stripe_accepted_no_balance_saying", params: { mode, answer: said } } : { code: "integration.stripe_accepted_no_balance", params: { mode } },
      false,
    );
  }
  const status = answer.status;
  return outcome(
    false,
    said ? { code: "integration.stripe_refused_saying", params: { status, answer: said } } : { code: "integration.stripe_refused", params: { status } },
    retryableStatus(status),
  );
}

export const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

/**
 * Checks what can be checked without a person signing in: Google's OpenID discovery document answers, and its token
 * endpoint knows the client. Exchanging a made-up authorization code makes Google authenticate the client first
 * (RFC 6749 §5.2): `invalid_client` means the id or secret is wrong; any other refusal (`invalid_grant` for the
 * made-up code) comes after the client was accepted. Signing staff in with Google, which is what the domain is for,
 * belongs to single sign-on (issue 12); nothing here signs anyone in.
 */
export async function checkGoogle(clientId: string, clientSecret: string): Promise<OutboundOutcome> {
  const discovery = await requestJson(GOOGLE_DISCOVERY_URL, {});
  if ("error" in discovery) return noAnswer("Google (accounts.google.com)", discovery.error);
  if (discovery.status !== 200 || field(discovery.body, "token_endpoint") === undefined) {
    return outcome(false, { code: "integration.google_no_token_endpoint", params: { status: discovery.status } }, true);
  }
  const exchange = await requestJson(GOOGLE_TOKEN_URL, {
    method: "POST",
    form: {
      grant_type: "authorization_code",
      code: "leadwell-connection-check",
      client_id: clientId,
      client_secret: clientSecret,
    },
  });
  if ("error" in exchange) return noAnswer("Google (oauth2.googleapis.com)", exchange.error);
  return googleTokenOutcome(exchange);
}

/** What Google's token endpoint said to the made-up code about the client id and secret. */
export function googleTokenOutcome(exchange: { status: number; body: unknown }): OutboundOutcome {
  const error = field(exchange.body, "error");
  const said = field(exchange.body, "error_description");
  if (error === "invalid_client" || error === "unauthorized_client") {
    return outcome(
      false,
      said ? { code: "integration.google_refused_saying", params: { error, answer: said } } : { code: "integration.google_refused", params: { error } },
      false,
    );
  }
  if (error !== undefined && exchange.status >= 400 && exchange.status < 500) {
    return outcome(true, { code: "integration.google_accepted", params: { error } }, false);
  }
  const status = exchange.status;
  const line: IntegrationOutcome =
    error === undefined
      ? { code: "integration.google_token_endpoint", params: { status } }
      : said
        ? { code: "integration.google_token_endpoint_error_saying", params: { status, error, answer: said } }
        : { code: "integration.google_token_endpoint_error", params: { status, error } };
  return outcome(false, line, retryableStatus(status));
}
