import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRefusedAddress, RefusedAddressError, refusePrivateAddresses, type AddressPolicy } from "./outbound-address";
import { outboundFetch } from "./outbound-fetch";

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A peer recording what reaches it; `answer` decides the reply by path. */
async function peerOn(host: string, answer: (path: string, response: http.ServerResponse) => void = (_path, response) => response.writeHead(200).end("ok")) {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      seen.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      answer(request.url ?? "", response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Only 127.0.0.1 counts as public here; every other address follows the real rule. */
const onlyPublicPeer: AddressPolicy = (address) => address !== "127.0.0.1" && isRefusedAddress(address);
const fetchWith = (policy: AddressPolicy, maxResponseBytes = 64 * 1024) => outboundFetch({ policy, timeoutMs: 5000, maxResponseBytes, userAgent: "Leadwell-Test/1" });

describe("a fetch under the outbound address rule", () => {
  let inside: Awaited<ReturnType<typeof peerOn>>;
  let publicPeer: Awaited<ReturnType<typeof peerOn>>;
  beforeAll(async () => {
    inside = await peerOn("127.0.0.2");
    publicPeer = await peerOn("127.0.0.1", (path, response) => {
      if (path === "/json") return response.writeHead(200, { "content-type": "application/json", "x-answer": "1" }).end('{"ok":true}');
      if (path === "/echo") return response.writeHead(201).end("echoed");
      if (path === "/big") return response.writeHead(200).end("x".repeat(10_000));
      if (path === "/slow") return void setTimeout(() => response.writeHead(200).end("late"), 2000);
      if (path === "/empty") return response.writeHead(204).end();
      if (path.startsWith("/to/")) return response.writeHead(302, { location: decodeURIComponent(path.slice(4)) }).end();
      response.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await inside.close();
    await publicPeer.close();
  });

  it("answers like fetch where the rule allows: status, headers and body, sending the method, headers and form body", async () => {
    const fetch = fetchWith(onlyPublicPeer);
    const json = await fetch(`http://127.0.0.1:${publicPeer.port}/json`, { headers: { accept: "application/json", "user-agent": "library/1" } });
    expect(json.status).toBe(200);
    expect(json.headers.get("x-answer")).toBe("1");
    expect(await json.json()).toEqual({ ok: true });
    const posted = await fetch(`http://127.0.0.1:${publicPeer.port}/echo`, { method: "POST", body: new URLSearchParams({ grant_type: "authorization_code", code: "a b" }) });
    expect(posted.status).toBe(201);
    expect(await posted.text()).toBe("echoed");
    const [get, post] = publicPeer.seen.slice(-2);
    expect(get).toMatchObject({ method: "GET", path: "/json", headers: { accept: "application/json", "user-agent": "Leadwell-Test/1" } });
    expect(post).toMatchObject({ method: "POST", body: "grant_type=authorization_code&code=a+b", headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8", "content-length": "38" } });
    const empty = await fetch(`http://127.0.0.1:${publicPeer.port}/empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe("");
  });

  it("refuses a private address written as an IP in any form, and a name resolving to loopback, before connecting", async () => {
    const fetch = fetchWith(refusePrivateAddresses);
    for (const url of [
      `http://127.0.0.2:${inside.port}/`,
      `http://2130706434:${inside.port}/`,
      `http://0x7f000002:${inside.port}/`,
      `http://[::ffff:127.0.0.2]:${inside.port}/`,
      `http://localhost:${inside.port}/`,
      "http://169.254.169.254/latest/meta-data",
    ]) {
      await expect(fetch(url), url).rejects.toBeInstanceOf(RefusedAddressError);
    }
    expect(inside.seen).toHaveLength(0);
  });

  it("never follows a redirect: one inward is refused, any other comes back as it is", async () => {
    const fetch = fetchWith(onlyPublicPeer);
    const inward = `http://127.0.0.2:${inside.port}/metadata`;
    await expect(fetch(`http://127.0.0.1:${publicPeer.port}/to/${encodeURIComponent(inward)}`)).rejects.toThrow(/127\.0\.0\.2 is or resolves to a private/);
    await expect(fetch(`http://127.0.0.1:${publicPeer.port}/to/${encodeURIComponent("http://[::1]/x")}`)).rejects.toBeInstanceOf(RefusedAddressError);
    expect(inside.seen).toHaveLength(0);
    const elsewhere = await fetch(`http://127.0.0.1:${publicPeer.port}/to/${encodeURIComponent("/json")}`, { redirect: "follow" });
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("location")).toBe("/json");
  });

  it("stops reading an answer larger than allowed, and gives up when the signal aborts", async () => {
    await expect(fetchWith(onlyPublicPeer, 1000)(`http://127.0.0.1:${publicPeer.port}/big`)).rejects.toThrow(/larger than 1000 bytes/);
    const started = Date.now();
    await expect(fetchWith(onlyPublicPeer)(`http://127.0.0.1:${publicPeer.port}/slow`, { signal: AbortSignal.timeout(200) })).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("refuses what it cannot send: another scheme, a streamed body", async () => {
    const fetch = fetchWith(onlyPublicPeer);
    await expect(fetch("file:///etc/passwd")).rejects.toThrow(/only http and https/);
    const stream = new ReadableStream({ start: (controller) => controller.close() });
    await expect(fetch(`http://127.0.0.1:${publicPeer.port}/echo`, { method: "POST", body: stream })).rejects.toThrow(/streamed request body/);
  });
});
