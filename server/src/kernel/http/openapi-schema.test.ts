import { describe, expect, it } from "vitest";
import { withTypedNullables } from "./openapi-schema";

const nullBranch = { type: "string", nullable: true, enum: [null] };

describe("nullable schemas as OpenAPI 3.0 writes them", () => {
  it("moves the null of a union into a branch of its own, at any depth, leaving typed nullables and data alone", () => {
    const dueDate = { anyOf: [{ type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" }, { type: "string", enum: [""] }], nullable: true };
    const schema = {
      type: "object",
      properties: { dueDate, default: { anyOf: [{ type: "number" }], nullable: true }, note: { type: "string", nullable: true } },
      default: { nullable: true },
    };
    expect(withTypedNullables({ body: schema })).toEqual({
      body: {
        type: "object",
        properties: {
          dueDate: { anyOf: [...dueDate.anyOf, nullBranch] },
          default: { anyOf: [{ type: "number" }, nullBranch] },
          note: { type: "string", nullable: true },
        },
        default: { nullable: true },
      },
    });
  });

  it("writes any other untyped nullable as that schema or null", () => {
    expect(withTypedNullables({ $ref: "#/components/schemas/Lead", nullable: true })).toEqual({ anyOf: [{ $ref: "#/components/schemas/Lead" }, nullBranch] });
    expect(withTypedNullables({ nullable: true })).toEqual({});
  });
});
