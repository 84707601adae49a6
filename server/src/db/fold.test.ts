import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRuntime, floorDrivers, type TestRuntime } from "../test/test-runtime";
import { foldTerm } from "./fold";
import { rawRows } from "./raw-rows";

// Stored search text is folded by lw_fold, search terms by foldTerm (migration 0031): the two must never disagree.
describe.each(floorDrivers)("folding search terms on %s", (driver) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime(driver);
  });
  afterAll(async () => {
    await rt?.stop();
  });

  it("folds a term exactly as stored text is folded: accents gone, lower case, ligatures spelt out", async () => {
    const samples = ["Café Ñandú", "NÚÑEZ", "Ångström & Ødegaard", "Straße", "Æsir Œuvre", "Dvořák-Çelik", "ÉCOLE 42", "plain", ""];
    const rows = await rawRows<{ stored: string; term: string }>(
      rt.ctx.db,
      sql`SELECT lw_fold(sample) AS stored, ${foldTerm(sql`sample`)} AS term FROM unnest(${`{${samples.map((s) => JSON.stringify(s)).join(",")}}`}::text[]) AS sample`,
    );
    expect(rows.map((row) => row.term)).toEqual(rows.map((row) => row.stored));
    expect(rows.slice(0, 2).map((row) => row.term)).toEqual(["cafe nandu", "nunez"]);
  });
});
