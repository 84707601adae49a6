import type { AiConfig } from "../../../config";
import { RepairAttemptError } from "./repair-attempt-error";
import type { ChatMessage } from "./repair-prompt";

// A proposal is a judgement, not prose: keep the model close to its most likely answer.
const TEMPERATURE = 0.2;
const ERROR_TEXT_MAX = 300;

/** "300 ms", "1.5 s", "60 s". */
const duration = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${Number((ms / 1_000).toFixed(1))} s`);

/** The host of the configured server: what a proposal records as its endpoint (never the key or the path). */
export const endpointHost = (ai: AiConfig) => new URL(ai.baseUrl).host;

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** The error message an OpenAI-compatible server put in its body ({error: {message}} or {error: "…"}), else the text. */
function errorText(body: string, statusText: string): string {
  let text = body.trim();
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === "string" && message.trim()) text = message.trim();
  } catch {
    // not JSON: keep the text
  }
  text ||= statusText;
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX)}…` : text;
}

/**
 * POSTs {baseUrl}/chat/completions (the OpenAI protocol, which most local and hosted servers speak) and answers the
 * first choice's message content. Every way it can fail throws a RepairAttemptError saying what happened.
 */
export async function requestChatCompletion(ai: AiConfig, messages: ChatMessage[]): Promise<string> {
  const url = `${ai.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  let status: number;
  let body: string;
  let statusText: string;
  try {
    // One deadline for the whole exchange: a server that sends headers and then stalls is as slow as a silent one.
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}) },
      body: JSON.stringify({ model: ai.model, messages, temperature: TEMPERATURE, response_format: { type: "json_object" } }),
      signal: AbortSignal.timeout(ai.timeoutMs),
    });
    status = response.status;
    statusText = response.statusText;
    body = await response.text();
  } catch (error) {
    if (isTimeout(error)) throw new RepairAttemptError({ code: "repair.timeout", params: { duration: duration(ai.timeoutMs) } });
    throw new RepairAttemptError({ code: "repair.unreachable", params: { host: endpointHost(ai), cause: networkCause(error) } });
  }
  if (status < 200 || status > 299) throw new RepairAttemptError({ code: "repair.http_error", params: { status, detail: errorText(body, statusText) } });

  let completion: { choices?: { message?: { content?: unknown } }[] };
  try {
    completion = JSON.parse(body) as typeof completion;
  } catch {
    throw new RepairAttemptError({ code: "repair.response_not_json", params: {} });
  }
  const content = completion.choices?.[0]?.message?.content;
  if (typeof content !== "string") throw new RepairAttemptError({ code: "repair.response_no_content", params: {} });
  return content;
}
