import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { businessHealthDashboardSchema } from "@contract/records/business-health";
import { renewalAnalyticsSchema } from "@contract/customer-success";
import { finalStewardshipDashboardSchema } from "@contract/records/final-stewardship";
import { futureStewardshipDashboardSchema } from "@contract/records/future-stewardship";
import { recordFamilies } from "@contract/records/index";
import { innovationDashboardSchema } from "@contract/records/innovation";
import { perpetualInnovationDashboardSchema } from "@contract/records/perpetual-innovation";
import { perpetualStewardshipDashboardSchema } from "@contract/records/perpetual-stewardship";
import { sampleRecord } from "@contract/records/samples";
import type { Database } from "../../db/client";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";
import { businessHealthDashboard } from "./business-health.data";
import { renewalAnalytics } from "../customer-success/customer-success-records.data";
import { analyticsByKey } from "../../record-family-analytics";
import { finalStewardshipDashboard } from "./final-stewardship.data";
import { futureStewardshipDashboard } from "./future-stewardship.data";
import { innovationDashboard } from "./innovation.data";
import { perpetualInnovationDashboard } from "./perpetual-innovation.data";
import { perpetualStewardshipDashboard } from "./perpetual-stewardship.data";

/**
 * Each analytics and dashboard reply is one zod schema (contract/records/, contract/customer-success.ts), and the server's types come from it; this
 * checks the SQL's real result against it: every figure the schema names is there with its type, and nothing else
 * (parsing drops unknown keys, so an extra or renamed column fails the equality), on an empty database and after a
 * record of every family.
 */
const dashboards: [string, (db: Database) => Promise<unknown>, z.ZodType][] = [
  ["business health", businessHealthDashboard, businessHealthDashboardSchema],
  ["perpetual innovation", perpetualInnovationDashboard, perpetualInnovationDashboardSchema],
  ["perpetual stewardship", perpetualStewardshipDashboard, perpetualStewardshipDashboardSchema],
  ["future stewardship", futureStewardshipDashboard, futureStewardshipDashboardSchema],
  ["final stewardship", finalStewardshipDashboard, finalStewardshipDashboardSchema],
  ["innovation", innovationDashboard, innovationDashboardSchema],
  ["renewal analytics", renewalAnalytics, renewalAnalyticsSchema],
];

async function expectMatchesSchemas(db: Database) {
  for (const family of recordFamilies) {
    const analytics = analyticsByKey.get(family.key);
    expect(analytics, family.key).toBeDefined();
    const result = await analytics!(db);
    const parsed = family.analytics.safeParse(result);
    expect(parsed.error, `${family.key}: ${JSON.stringify(result)}`).toBeUndefined();
    expect(parsed.data, family.key).toEqual(result);
  }
  for (const [name, dashboard, schema] of dashboards) {
    const result = await dashboard(db);
    const parsed = schema.safeParse(result);
    expect(parsed.error, `${name}: ${JSON.stringify(result)}`).toBeUndefined();
    expect(parsed.data, name).toEqual(result);
  }
}

describe.each(testDrivers)("analytics and dashboards against their schemas on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("answer exactly what their schemas declare on an empty database", async () => {
    await expectMatchesSchemas(suite.rt.ctx.db);
  });

  it("answer exactly what their schemas declare with a record of every family", async () => {
    for (const family of recordFamilies) {
      const res = await suite.admin.post(`/api${family.path}`, sampleRecord(family));
      expect(res.status, `${family.key}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    await expectMatchesSchemas(suite.rt.ctx.db);
  });
});
