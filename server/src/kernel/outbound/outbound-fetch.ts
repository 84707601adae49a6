import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { hostOf, RefusedAddressError, vetEndpointUrl, vettingLookup, type AddressPolicy } from "./outbound-address";

/** What a library hands to a Fetch-compatible function (openid-client's customFetch among them). */
export interface OutboundFetchInit {
  method?: string;
  headers?: Record<string, string> | Headers | [string, string][];
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | ReadableStream | null;
  redirect?: RequestRedirect;
  signal?: AbortSignal | null;
}

export type OutboundFetch = (url: string, init?: OutboundFetchInit) => Promise<Response>;

export interface OutboundFetchOptions {
  policy: AddressPolicy;
  /** Used when the caller gives no signal. */
  timeoutMs: number;
  /** The largest answer read; a larger one is an error (metadata, keys and tokens are small). */
  maxResponseBytes: number;
  /** Sent in place of any the caller sets: the server names itself to whomever it calls. */
  userAgent: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose Response may not carry a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

function requestBody(body: OutboundFetchInit["body"]): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof URLSearchParams) return Buffer.from(body.toString(), "utf8");
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  throw new TypeError("a streamed request body is not supported");
}

function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header the Fetch API cannot hold is left out, as fetch itself would refuse the whole answer.
    }
  }
  return headers;
}

/** One request to one URL, connecting only to an address the policy allows (checked when the socket connects). */
function requestOnce(url: URL, init: OutboundFetchInit, options: OutboundFetchOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (url.protocol !== "http:" && url.protocol !== "https:") return reject(new TypeError(`only http and https URLs are fetched, not ${url.protocol}`));
    const host = hostOf(url);
    if (isIP(host) !== 0 && options.policy(host)) return reject(new RefusedAddressError(host));
    const signal = init.signal ?? AbortSignal.timeout(options.timeoutMs);
    if (signal.aborted) return reject(signal.reason as Error);
    let body: Buffer | undefined;
    try {
      body = requestBody(init.body);
    } catch (error) {
      return reject(error as Error);
    }
    const headers = new Headers(init.headers);
    headers.set("user-agent", options.userAgent);
    if (init.body instanceof URLSearchParams && !headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    if (body) headers.set("content-length", String(body.length));
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", abort);
      request.destroy();
      reject(error);
    };
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, {
      method: init.method ?? "GET",
      headers: Object.fromEntries(headers),
      lookup: vettingLookup(options.policy),
      agent: false,
    });
    function abort() {
      fail(signal.reason instanceof Error ? signal.reason : new Error("The request was aborted"));
    }
    signal.addEventListener("abort", abort, { once: true });
    request.on("error", fail);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 599) return fail(new Error(`Unexpected HTTP status ${status}`));
      const chunks: Buffer[] = [];
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > options.maxResponseBytes) return fail(new Error(`The answer is larger than ${options.maxResponseBytes} bytes`));
        chunks.push(chunk);
      });
      response.on("error", fail);
      response.on("end", () => {
        if (settled) return;
        settled = true;
        signal.removeEventListener("abort", abort);
        resolve(
          new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
            status,
            statusText: response.statusMessage ?? "",
            headers: responseHeaders(response.rawHeaders),
          }),
        );
      });
    });
    request.end(body);
  });
}

/**
 * A Fetch-compatible function that connects only where the address policy allows: an IP literal is checked before
 * anything is sent, a host name when the socket resolves it (every address it answers must pass, so a name cannot be
 * pointed inward between a check and the connection), over a fresh connection each time.
 *
 * Redirects are never followed, whatever `redirect` asks for: the answer comes back as it is (what openid-client asks
 * for, with redirect "manual"). A redirect towards a refused address is rejected with RefusedAddressError instead, so
 * the caller learns why rather than seeing a bare 3xx; nothing connects to its target either way.
 */
export function outboundFetch(options: OutboundFetchOptions): OutboundFetch {
  return async (rawUrl, init = {}) => {
    const url = new URL(rawUrl);
    const response = await requestOnce(url, init, options);
    const location = response.headers.get("location");
    if (REDIRECTS.has(response.status) && location !== null && URL.canParse(location, url)) {
      const target = new URL(location, url);
      if ((target.protocol === "http:" || target.protocol === "https:") && !(await vetEndpointUrl(target.href, options.policy))) {
        throw new RefusedAddressError(hostOf(target));
      }
    }
    return response;
  };
}
