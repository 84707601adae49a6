import { describe, expect, it } from "vitest";
import { ConfigError, fastifyTrustProxy, loadConfig } from "./config";

const trustProxyOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset, empty, false or 0", () => {
    for (const value of [undefined, "", " ", "false", "0"]) expect(trustProxyOf(value)).toBe(false);
  });

  it("takes a hop count", () => {
    expect(trustProxyOf("1")).toBe(1);
    expect(trustProxyOf(" 2 ")).toBe(2);
  });

  it("takes a comma-separated list of proxy addresses, CIDR ranges and proxy-addr's range names", () => {
    expect(trustProxyOf("127.0.0.1")).toEqual(["127.0.0.1"]);
    expect(trustProxyOf("10.0.0.0/8, 192.168.1.5,::1,fd00::/8,loopback")).toEqual(["10.0.0.0/8", "192.168.1.5", "::1", "fd00::/8", "loopback"]);
  });

  it("refuses true, saying what to set instead", () => {
    expect(() => trustProxyOf("true")).toThrow(ConfigError);
    expect(() => trustProxyOf("true")).toThrow(/TRUST_PROXY: true would let any client choose its IP address through X-Forwarded-For/);
    expect(() => trustProxyOf("true")).toThrow(/TRUST_PROXY=1 behind one reverse proxy.*TRUST_PROXY=127\.0\.0\.1/);
  });

  it("refuses anything else, naming the entries it could not read", () => {
    for (const value of ["yes", "1.5", "-1", "101", "10.0.0.0/33", "::1/129", "proxy.internal", "127.0.0.1,", "10.0.0.1/8/8", "10.0.0.0/x"]) {
      expect(() => trustProxyOf(value), value).toThrow(/TRUST_PROXY: /);
    }
    expect(() => trustProxyOf("127.0.0.1, proxy.internal")).toThrow(/"proxy\.internal"/);
  });
});

describe("fastifyTrustProxy", () => {
  it("turns a hop count into the nearest hops, and passes false and address lists through", () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(0)).toBe(false);
    expect(fastifyTrustProxy(["127.0.0.1"])).toEqual(["127.0.0.1"]);
    const twoHops = fastifyTrustProxy(2);
    if (typeof twoHops !== "function") throw new Error("a hop count must become a function");
    expect([0, 1, 2, 3].map((hop) => twoHops("203.0.113.9", hop))).toEqual([true, true, false, false]);
  });
});

describe("SMTP_URL and MAIL_FROM", () => {
  it("holds mail when SMTP_URL is unset and sends from a default sender", () => {
    expect(loadConfig({}).mail).toMatchObject({ smtpUrl: undefined, from: "Leadwell <no-reply@localhost>" });
    expect(loadConfig({ SMTP_URL: " " }).mail.smtpUrl).toBeUndefined();
  });

  it("takes an smtp:// or smtps:// URL and a sender", () => {
    const mail = loadConfig({ SMTP_URL: "smtps://user:secret@mail.example.com:465", MAIL_FROM: "Sales <sales@example.com>" }).mail;
    expect(mail).toMatchObject({ smtpUrl: "smtps://user:secret@mail.example.com:465", from: "Sales <sales@example.com>" });
    expect(loadConfig({ MAIL_FROM: "crm@example.com" }).mail.from).toBe("crm@example.com");
  });

  it("refuses to start with an SMTP_URL that is not an SMTP URL, or a sender that is not an address", () => {
    for (const value of ["mail.example.com", "http://mail.example.com", "smtp//x"]) {
      expect(() => loadConfig({ SMTP_URL: value }), value).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    }
    expect(() => loadConfig({ MAIL_FROM: "Leadwell" })).toThrow(/MAIL_FROM: must be an address or "Name <address>"/);
  });
});

describe("ALLOW_PRIVATE_ADDRESSES", () => {
  const allowed = (env: NodeJS.ProcessEnv) => loadConfig(env).webhooks.allowPrivateAddresses;

  it("refuses private addresses unless it is 1 or true", () => {
    expect(allowed({})).toBe(false);
    for (const value of ["", "0", "false"]) expect(allowed({ ALLOW_PRIVATE_ADDRESSES: value })).toBe(false);
    for (const value of ["1", "true"]) expect(allowed({ ALLOW_PRIVATE_ADDRESSES: value })).toBe(true);
    expect(() => loadConfig({ ALLOW_PRIVATE_ADDRESSES: "yes" })).toThrow(/ALLOW_PRIVATE_ADDRESSES: must be 1, true, 0 or false/);
  });

  it("still reads its former name ALLOW_PRIVATE_WEBHOOKS, and refuses the two disagreeing", () => {
    expect(allowed({ ALLOW_PRIVATE_WEBHOOKS: "1" })).toBe(true);
    expect(allowed({ ALLOW_PRIVATE_WEBHOOKS: "false" })).toBe(false);
    expect(allowed({ ALLOW_PRIVATE_WEBHOOKS: "true", ALLOW_PRIVATE_ADDRESSES: "1" })).toBe(true);
    expect(allowed({ ALLOW_PRIVATE_WEBHOOKS: "", ALLOW_PRIVATE_ADDRESSES: "1" })).toBe(true);
    expect(() => loadConfig({ ALLOW_PRIVATE_WEBHOOKS: "1", ALLOW_PRIVATE_ADDRESSES: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOW_PRIVATE_WEBHOOKS: "1", ALLOW_PRIVATE_ADDRESSES: "0" })).toThrow(/disagree; set only ALLOW_PRIVATE_ADDRESSES/);
  });
});

describe("APP_ORIGIN", () => {
  const appOriginsOf = (value: string | undefined) => loadConfig({ APP_ORIGIN: value }).appOrigins;

  it("is empty when unset, and takes comma-separated origins, normalised", () => {
    expect(appOriginsOf(undefined)).toEqual([]);
    expect(appOriginsOf("")).toEqual([]);
    expect(appOriginsOf("https://crm.example.com")).toEqual(["https://crm.example.com"]);
    expect(appOriginsOf(" https://CRM.example.com/ , http://10.0.0.5:5000")).toEqual(["https://crm.example.com", "http://10.0.0.5:5000"]);
  });

  it("refuses to start with anything that is not an http(s) origin", () => {
    for (const value of ["crm.example.com", "https://crm.example.com/app", "ftp://crm.example.com", "https://crm.example.com?x=1", "https://user@crm.example.com"]) {
      expect(() => appOriginsOf(value), value).toThrow(/APP_ORIGIN: must be origins such as https:\/\/crm\.example\.com/);
    }
  });
});
