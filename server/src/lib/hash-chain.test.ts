import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson, GENESIS_SEAL, resealFrom, sealOf, verifyChain, type ChainLink } from "./hash-chain";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A chain sealed from scratch, as the server builds it one record at a time. */
function sealed(contents: Record<string, unknown>[]): ChainLink[] {
  let previous = GENESIS_SEAL;
  return contents.map((content, i) => {
    const seal = sealOf(content, previous);
    previous = seal;
    return { id: i + 1, content, seal };
  });
}

describe("canonicalJson", () => {
  it("sorts keys at every depth and keeps list order", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });
});

describe("sealOf", () => {
  it("is SHA-256 over the canonical content and the predecessor's seal", () => {
    expect(sealOf({ title: "Founding" }, GENESIS_SEAL)).toBe(sha256(`{"content":{"title":"Founding"},"previous":"${GENESIS_SEAL}"}`));
    expect(sealOf({ title: "Founding" }, "a")).not.toBe(sealOf({ title: "Founding" }, "b"));
  });
});

describe("verifyChain", () => {
  const chain = sealed([{ t: "one" }, { t: "two" }, { t: "three" }]);

  it("verifies an untouched chain", () => {
    expect(verifyChain(chain)).toEqual({ verified: 3, unverifiedIds: [], intactPrefix: 3 });
    expect(verifyChain([])).toEqual({ verified: 0, unverifiedIds: [], intactPrefix: 0 });
  });

  it("flags only the record whose content changed behind its seal", () => {
    const tampered = chain.map((link) => (link.id === 2 ? { ...link, content: { t: "TWO" } } : link));
    expect(verifyChain(tampered)).toEqual({ verified: 2, unverifiedIds: [2], intactPrefix: 1 });
  });

  it("flags the successor when a forger also re-seals the changed record", () => {
    const forged = chain.map((link) => (link.id === 2 ? { ...link, content: { t: "TWO" }, seal: sealOf({ t: "TWO" }, chain[0]!.seal!) } : link));
    expect(verifyChain(forged)).toEqual({ verified: 2, unverifiedIds: [3], intactPrefix: 2 });
  });

  it("never verifies a record without a seal", () => {
    expect(verifyChain([{ id: 1, content: {}, seal: null }]).unverifiedIds).toEqual([1]);
  });
});

describe("resealFrom", () => {
  it("re-seals a changed record and every later one", () => {
    const chain = sealed([{ t: "one" }, { t: "two" }, { t: "three" }]);
    const edited = chain.map((link) => (link.id === 2 ? { ...link, content: { t: "TWO" } } : link));
    const changes = resealFrom(chain[0]!.seal!, chain[0]!.seal!, edited.slice(1), 2);
    expect([...changes.keys()]).toEqual([2, 3]);
    const after = edited.map((link) => ({ ...link, seal: changes.get(link.id) ?? link.seal }));
    expect(verifyChain(after).verified).toBe(3);
    expect(after).toEqual(sealed([{ t: "one" }, { t: "TWO" }, { t: "three" }]));
  });

  it("re-links the successor of a deleted record", () => {
    const chain = sealed([{ t: "one" }, { t: "two" }, { t: "three" }]);
    const changes = resealFrom(chain[0]!.seal!, chain[1]!.seal!, [chain[2]!], null);
    const after = [chain[0]!, { ...chain[2]!, seal: changes.get(3)! }];
    expect(verifyChain(after)).toEqual({ verified: 2, unverifiedIds: [], intactPrefix: 2 });
  });

  it("never launders a record changed behind the API's back", () => {
    const chain = sealed([{ t: "one" }, { t: "two" }, { t: "three" }]);
    const tampered = chain.map((link) => (link.id === 2 ? { ...link, content: { t: "TWO" } } : link));
    const edited = tampered.map((link) => (link.id === 1 ? { ...link, content: { t: "ONE" } } : link));
    const changes = resealFrom(GENESIS_SEAL, GENESIS_SEAL, edited, 1);
    expect(changes.has(2)).toBe(false);
    const after = edited.map((link) => ({ ...link, seal: changes.get(link.id) ?? link.seal }));
    expect(verifyChain(after).unverifiedIds).toEqual([2]);
  });
});
