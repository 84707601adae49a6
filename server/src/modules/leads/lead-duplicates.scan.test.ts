import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { duplicatePairsPageSchema } from "@contract/lead-duplicates";
import { leadMaker } from "../../test/lead-fixtures";
import { signedInAdmin, signedInWithRole, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { waitFor } from "../../test/wait-for";

type DuplicatePairsPage = z.infer<typeof duplicatePairsPageSchema>;

/* "Check now" on the Duplicates view: the pairs job queued at once instead of at the next hourly run (issue 26.4). */

describe.each(testDrivers)("checking for duplicate pairs now on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  const ids: Record<string, number> = {};
  const lead = leadMaker(() => admin, ids);
  const pairs = async () => (await admin.get<DuplicatePairsPage>("/api/leads/duplicates?limit=50")).body;

  beforeAll(async () => {
    rt = await startTestRuntime(driver);
    admin = await signedInAdmin(rt);
    await lead("first", { businessName: "Numbat Roofing", email: "a@numbat-roofing.test", phoneNumber: "+34 611 222 333" });
    await lead("second", { businessName: "Numbat Roofing SL", email: "b@other-numbat.test", phoneNumber: "611222333" });
  });
  afterAll(async () => rt?.stop());

  it("refuses roles below manager, and queues nothing for them", async () => {
    const agent = await signedInWithRole(rt, "agent", { name: "Aldo Agent", email: "aldo.scan@example.com" });
    const refused = await agent.post("/api/leads/duplicates/scan");
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([403, "auth.permission_required"]);
    expect(await pairs()).toEqual({ pairs: [], nextCursor: null, lastRunAt: null, walking: false });
  });

  it("walks every lead at once when a manager asks, and the view lists what it found", async () => {
    const queued = await admin.post("/api/leads/duplicates/scan");
    expect([queued.status, queued.body]).toEqual([202, { queued: true }]);
    const page = await waitFor(pairs, (p) => p.lastRunAt !== null);
    expect(page.walking).toBe(false);
    expect(page.pairs.map((pair) => [pair.leadA.id, pair.leadB.id, pair.reasons])).toEqual([[ids.first, ids.second, ["same_phone", "similar_business"]]]);
  });

  it("walks again when asked again, though the last walk just finished", async () => {
    const before = (await pairs()).lastRunAt!;
    await lead("third", { businessName: "Numbat Roofing Group", email: "c@numbat-group.test", phoneNumber: "611 222 333" });
    const queued = await admin.post("/api/leads/duplicates/scan");
    expect(queued.status).toBe(202);
    const page = await waitFor(pairs, (p) => p.lastRunAt !== before);
    expect(page.pairs.filter((pair) => pair.leadB.id === ids.third || pair.leadA.id === ids.third)).toHaveLength(2);
  });
});
