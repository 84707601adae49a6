import { describe, expect, it } from "vitest";
import { asText, fillPlaceholders, valueAt } from "./placeholders";

const scope = {
  lead: { businessName: "Acme Bakery", tags: ["vip", "local"], createdAt: new Date("2026-01-02T03:04:05.000Z"), owner: null, extra: { a: 1 } },
  event: { name: "lead.created" },
};

describe("placeholders", () => {
  it("fills dotted paths, with or without spaces inside the braces", () => {
    expect(fillPlaceholders("Hello {{lead.businessName}} ({{ event.name }})", scope)).toBe("Hello Acme Bakery (lead.created)");
  });

  it("writes lists joined by commas, dates in ISO, objects as JSON and nothing for null", () => {
    expect(fillPlaceholders("{{lead.tags}} | {{lead.createdAt}} | {{lead.extra}} | [{{lead.owner}}]", scope)).toBe(
      'vip, local | 2026-01-02T03:04:05.000Z | {"a":1} | []',
    );
  });

  it("leaves an unknown path empty and never reads inherited properties", () => {
    expect(fillPlaceholders("[{{lead.nothing}}][{{lead.businessName.length}}][{{lead.constructor}}][{{toString}}]", scope)).toBe("[][][][]");
    expect(valueAt(scope, "lead.constructor")).toBeUndefined();
  });

  it("leaves text that is not a placeholder alone", () => {
    expect(fillPlaceholders("{lead.businessName} {{ lead-name }} {{}}", scope)).toBe("{lead.businessName} {{ lead-name }} {{}}");
    expect(asText(42)).toBe("42");
  });
});
