import { lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { WebhookConfig } from "../../config";

/**
 * Where a webhook may not go: addresses inside this network or the server itself (SSRF). Private, loopback,
 * link-local (cloud metadata at 169.254.169.254), unique-local, carrier-grade NAT, multicast, broadcast, unspecified,
 * documentation and benchmarking ranges, and the IPv6 prefixes that carry an IPv4 address (NAT64).
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  refused.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  refused.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address an IPv4-mapped or -compatible IPv6 address (::ffff:a.b.c.d, ::a.b.c.d) stands for. */
function embeddedIpv4(address: string): string | undefined {
  // The URL parser writes every IPv6 address in one canonical form, the embedded IPv4 as two hex groups.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const match = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!match) return undefined;
  const high = parseInt(match[1]!, 16);
  const low = parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether a webhook may not be sent to this IP address (the SSRF rule). Anything that is not an IP is refused. */
export function isRefusedAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return refused.check(address, "ipv4");
  if (version !== 6) return true;
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== undefined) return refused.check(ipv4, "ipv4");
  return refused.check(address, "ipv6");
}

/** Which addresses a request may not connect to: the SSRF rule, or (ALLOW_PRIVATE_ADDRESSES, tests) none. */
export type AddressPolicy = (address: string) => boolean;
export const refusePrivateAddresses: AddressPolicy = isRefusedAddress;
export const allowEveryAddress: AddressPolicy = () => false;

/**
 * The policy every outbound call follows (webhooks, automation calls, Slack, single sign-on): private addresses
 * refused unless ALLOW_PRIVATE_ADDRESSES; a test may put its own rule in place of both.
 */
export const addressPolicyOf = (config: Pick<WebhookConfig, "allowPrivateAddresses" | "refusedAddress">): AddressPolicy =>
  config.refusedAddress ?? (config.allowPrivateAddresses ? allowEveryAddress : refusePrivateAddresses);

export class RefusedAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} is or resolves to a private, loopback or link-local address`);
  }
}

/** A URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Resolves a host name like the socket would, refusing it when ANY of its addresses is refused (a name answering
 * both a public and a private address could be pointed at the private one at connect time).
 */
export function vettingLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const bad = addresses.find((entry) => policy(entry.address));
      if (bad || addresses.length === 0) return callback(new RefusedAddressError(hostname), "", 0);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}

const LOOKUP_TIMEOUT_MS = 3000;

/**
 * Whether a URL may be stored as an endpoint: its host is not a refused address, and does not resolve to one. A host
 * that does not resolve now is accepted (every delivery checks again at connect time, which is what protects).
 */
export async function vetEndpointUrl(rawUrl: string, policy: AddressPolicy): Promise<boolean> {
  const host = hostOf(new URL(rawUrl));
  if (isIP(host) !== 0) return !policy(host);
  const resolved = await Promise.race([
    new Promise<{ address: string }[]>((resolve) => lookup(host, { all: true }, (error, addresses) => resolve(error ? [] : addresses))),
    new Promise<{ address: string }[]>((resolve) => setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS).unref()),
  ]);
  return !resolved.some((entry) => policy(entry.address));
}

export interface WebhookResponse {
  statusCode: number;
  /** The start of the answer's body, at most `snippetLength` characters. */
  snippet: string;
}

export interface SendOptions {
  policy: AddressPolicy;
  timeoutMs: number;
  snippetLength: number;
  /** Redirects followed (each target checked again); one more is an error. */
  maxRedirects?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Bytes of an answer read at most: enough for the snippet, never a whole large body. */
const READ_LIMIT = 8 * 1024;

/** One POST to one URL, connecting only to an address the policy allows (checked when the socket connects). */
function postOnce(url: URL, body: string, headers: Record<string, string>, options: SendOptions, deadline: number): Promise<WebhookResponse & { location?: string }> {
  return new Promise((resolve, reject) => {
    const host = hostOf(url);
    if (isIP(host) !== 0 && options.policy(host)) return reject(new RefusedAddressError(host));
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "Leadwell-Webhooks/1" },
      lookup: vettingLookup(options.policy),
      agent: false,
      timeout: Math.max(1, deadline - Date.now()),
    });
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)), Math.max(1, deadline - Date.now()));
    request.on("timeout", () => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)));
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const finish = () => {
        clearTimeout(timer);
        const location = response.headers.location;
        resolve({ statusCode: response.statusCode ?? 0, snippet: Buffer.concat(chunks).toString("utf8").slice(0, options.snippetLength), location });
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        read += chunk.length;
        if (read >= READ_LIMIT) {
          response.destroy();
          finish();
        }
      });
      response.on("end", finish);
      response.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    request.end(body);
  });
}

/**
 * POSTs a signed webhook, following at most `maxRedirects` redirects by hand: each target must be http(s) and pass
 * the address policy again when its socket connects, so a public receiver cannot bounce the request inward. The same
 * signed body is posted to each target; the whole exchange shares one timeout.
 */
export async function sendWebhookRequest(rawUrl: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<WebhookResponse> {
  const deadline = Date.now() + options.timeoutMs;
  let url = new URL(rawUrl);
  for (let redirects = 0; ; redirects++) {
    const answer = await postOnce(url, body, headers, options, deadline);
    if (!REDIRECTS.has(answer.statusCode) || answer.location === undefined) return { statusCode: answer.statusCode, snippet: answer.snippet };
    if (redirects >= (options.maxRedirects ?? 3)) throw new Error(`More than ${options.maxRedirects ?? 3} redirects`);
    const next = URL.canParse(answer.location, url) ? new URL(answer.location, url) : undefined;
    if (!next || (next.protocol !== "http:" && next.protocol !== "https:")) throw new Error(`Redirected to an unsupported location: ${answer.location.slice(0, 200)}`);
    url = next;
  }
}
