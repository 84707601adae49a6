import { describe, expect, expectTypeOf, it } from "vitest";
import type { EndpointReply } from "../endpoint";
import { riskFamily, type Trend } from "./business-health";
import { defineFamily } from "./family";
import { archivalSystemFamily } from "./final-stewardship";
import { endpointsOf, recordSchemaOf, type FamilyAnalytics, type FamilyInput, type FamilyListReply, type FamilyRecord } from "./schemas";

/*
 * A family's types come from its declaration alone (issue 24.2). `npm run typecheck` checks this file: each
 * `@ts-expect-error` below must meet an error, so a declaration whose field or figure is renamed fails the typecheck
 * wherever the old name is read, here and in the pages that read it.
 */

/** The risk family with one field renamed (risk → title) and one figure renamed (critical_risks → criticalRisks). */
const renamedRisk = defineFamily({
  ...riskFamily,
  titleField: "title",
  fields: (({ risk, ...others }) => ({ title: risk, ...others }))(riskFamily.fields),
  analytics: riskFamily.analytics.transform(({ critical_risks, ...others }) => ({ ...others, criticalRisks: critical_risks })),
});

describe("a family's types, inferred from its declaration", () => {
  it("types a record's fields from their kinds: enums as their values, optional fields nullable, money as a decimal string", () => {
    type Risk = FamilyRecord<typeof riskFamily>;
    expectTypeOf<Risk["risk"]>().toEqualTypeOf<string>();
    expectTypeOf<Risk["likelihood"]>().toEqualTypeOf<"critical" | "high" | "medium" | "low">();
    expectTypeOf<Risk["status"]>().toEqualTypeOf<"active" | "mitigated">();
    expectTypeOf<Risk["nextReviewDate"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Risk["id"]>().toEqualTypeOf<number>();
    expectTypeOf<Risk["createdBy"]>().toEqualTypeOf<string | null>();
    type Archive = FamilyRecord<typeof archivalSystemFamily>;
    expectTypeOf<Archive>().toHaveProperty("id");
    // The type and the schema the API answers with agree: a parsed record is the typed record.
    expectTypeOf(recordSchemaOf(riskFamily).parse).returns.toEqualTypeOf<Risk>();
  });

  it("types the input: required fields must be sent, the others may be left out or cleared with null", () => {
    const input: FamilyInput<typeof riskFamily> = { risk: "Key supplier", category: "operational", likelihood: "high", impact: "medium", mitigation: "Second supplier", owner: "Ops" };
    // @ts-expect-error a required field (owner) is missing
    const missing: FamilyInput<typeof riskFamily> = { risk: "Key supplier", category: "operational", likelihood: "high", impact: "medium", mitigation: "Second supplier" };
    // @ts-expect-error a value the enum does not have
    const wrong: FamilyInput<typeof riskFamily> = { ...input, likelihood: "extreme" };
    expect([missing, wrong]).toHaveLength(2);
  });

  it("types the list's answer and its analytics from the declaration", () => {
    type Reply = EndpointReply<ReturnType<typeof endpointsOf<typeof riskFamily>>["list"]>;
    expectTypeOf<Reply>().toEqualTypeOf<FamilyListReply<typeof riskFamily>>();
    expectTypeOf<Reply["risks"]>().toEqualTypeOf<FamilyRecord<typeof riskFamily>[]>();
    expectTypeOf<Reply["analytics"]>().toEqualTypeOf<FamilyAnalytics<typeof riskFamily>>();
    expectTypeOf<FamilyAnalytics<typeof riskFamily>["critical_risks"]>().toEqualTypeOf<number>();
    expectTypeOf<FamilyAnalytics<typeof riskFamily>["by_category"]>().toEqualTypeOf<Record<string, number>>();
    expectTypeOf<Trend>().toEqualTypeOf<"improving" | "declining" | "stable" | "no_data">();
  });

  it("fails the typecheck wherever a renamed field or figure is still read by its old name", () => {
    expect(Object.keys(recordSchemaOf(renamedRisk).shape)).toContain("title");
    expect(Object.keys(recordSchemaOf(renamedRisk).shape)).not.toContain("risk");
    const record = {} as FamilyRecord<typeof renamedRisk>;
    const analytics = {} as FamilyAnalytics<typeof renamedRisk>;
    expectTypeOf(record.title).toEqualTypeOf<string>();
    expectTypeOf(analytics.criticalRisks).toEqualTypeOf<number>();
    // @ts-expect-error the field was renamed: reading `risk` no longer compiles
    const oldField: unknown = record.risk;
    // @ts-expect-error the figure was renamed: reading `critical_risks` no longer compiles
    const oldFigure: unknown = analytics.critical_risks;
    expect([oldField, oldFigure]).toEqual([undefined, undefined]);
  });

  it("keeps a family typed only as RecordFamily open: the generic engine reads any field by name", () => {
    expectTypeOf<FamilyRecord["anything"]>().toEqualTypeOf<unknown>();
  });
});
