import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRefusedAddress, refusePrivateAddresses, sendWebhookRequest, type AddressPolicy } from "./outbound-address";

describe("the webhook address rule", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.10",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fd12:3456::1",
    "fc00::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::a00:1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });
});

/** A receiver counting the requests that reach it, answering 200 or redirecting. */
async function receiverOn(host: string, redirectTo?: () => string) {
  let hits = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      hits++;
      if (redirectTo) response.writeHead(307, { location: redirectTo() }).end();
      else response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { port, hits: () => hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const send = (url: string, policy: AddressPolicy) => sendWebhookRequest(url, "{}", {}, { policy, timeoutMs: 5000, snippetLength: 500 });

describe("sending a webhook", () => {
  // Two loopback receivers: 127.0.0.2 stands for an inside address, 127.0.0.1 for a public receiver that redirects.
  let inside: Awaited<ReturnType<typeof receiverOn>>;
  let bouncer: Awaited<ReturnType<typeof receiverOn>>;
  let redirectTarget = "";
  beforeAll(async () => {
    inside = await receiverOn("127.0.0.2");
    bouncer = await receiverOn("127.0.0.1", () => redirectTarget);
  });
  afterAll(async () => {
    await inside.close();
    await bouncer.close();
  });

  it("refuses a host name that resolves to a loopback address before connecting", async () => {
    await expect(send(`http://localhost:${inside.port}/hook`, refusePrivateAddresses)).rejects.toThrow(/private, loopback or link-local/);
    await expect(send(`http://127.0.0.2:${inside.port}/hook`, refusePrivateAddresses)).rejects.toThrow(/private, loopback or link-local/);
    expect(inside.hits()).toBe(0);
  });

  it("checks every redirect target again, by IP literal and by name", async () => {
    // Only 127.0.0.1 counts as public here: the redirect's target must pass the same rule.
    const onlyBouncer: AddressPolicy = (address) => address !== "127.0.0.1";
    for (const target of [`http://127.0.0.2:${inside.port}/hook`, `http://[::ffff:127.0.0.2]:${inside.port}/hook`]) {
      redirectTarget = target;
      await expect(send(`http://127.0.0.1:${bouncer.port}/hook`, onlyBouncer)).rejects.toThrow(/private, loopback or link-local/);
    }
    expect(bouncer.hits()).toBe(2);
    expect(inside.hits()).toBe(0);

    // The same chain with both addresses allowed reaches the target: redirects are followed.
    redirectTarget = `http://127.0.0.2:${inside.port}/hook`;
    await expect(send(`http://127.0.0.1:${bouncer.port}/hook`, () => false)).resolves.toEqual({ statusCode: 200, snippet: "ok" });
    expect(inside.hits()).toBe(1);
  });

  it("follows at most three redirects", async () => {
    redirectTarget = `http://127.0.0.1:${bouncer.port}/again`;
    await expect(send(`http://127.0.0.1:${bouncer.port}/hook`, () => false)).rejects.toThrow("More than 3 redirects");
  });
});
