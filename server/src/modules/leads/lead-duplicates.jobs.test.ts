import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { duplicatePairsPageSchema } from "@contract/lead-duplicates";
import { leadMaker } from "../../test/lead-fixtures";
import { signedInAdmin, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { runDuplicateScan } from "./lead-duplicates.jobs";

type DuplicatePairsPage = z.infer<typeof duplicatePairsPageSchema>;

/* The scheduled pairs job (issue 26.4): its walk over every lead, run as its handler runs it, seen through GET /api/leads/duplicates. */

describe.each(testDrivers)("the duplicate pairs job on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  const ids: Record<string, number> = {};

  const lead = leadMaker(() => admin, ids);

  const pairs = async () => {
    const res = await admin.get<DuplicatePairsPage>("/api/leads/duplicates?limit=50");
    expect(res.status).toBe(200);
    return res.body;
  };
  const listed = (page: DuplicatePairsPage) => page.pairs.map((p) => [p.leadA.id, p.leadB.id, p.confidence, p.reasons]);

  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { workers: false });
    admin = await signedInAdmin(rt);
    await lead("phone", { businessName: "Quokka Plumbing", email: "q@quokka-plumbing.test", phoneNumber: "+34 612 345 678" });
    await lead("domain", { businessName: "Xylo Holdings", email: "maria.lopez@xylo-holdings.test", businessOwnerName: "Maria", businessOwnerLastName: "Lopez" });
    await lead("freemail", { businessName: "Wombat Garden", email: "maria.lopez@gmail.com", businessOwnerName: "Maria", businessOwnerLastName: "Lopez" });
    await lead("bakery", { businessName: "Sunrise Bakery Madrid", email: "hello@sunrise-bakery.test", phoneNumber: "555 000 1111" });
    await lead("unrelated", { businessName: "Totally Different Co", email: "x@different.test", phoneNumber: "777 000 2222" });
    await lead("twin", { businessName: "Quokka Plumbing Ltd", email: "office@other-quokka.test", phoneNumber: "612345678" });
    await lead("colleague", { businessName: "Harbor Analytics", email: "m.lopez@xylo-holdings.test", businessOwnerName: "María", businessOwnerLastName: "López" });
    await lead("freemail2", { businessName: "Koala Crafts", email: "m.lopez@gmail.com", businessOwnerName: "Maria", businessOwnerLastName: "Lopez" });
    await lead("bakery2", { businessName: "Sunrise Bakery  Madrid S.L.", email: "info@sb-madrid.test" });
  });
  afterAll(async () => rt?.stop());

  it("finds every likely pair once, lower id first, and the list ranks them by confidence", async () => {
    expect((await pairs()).lastRunAt).toBeNull();
    const run = await runDuplicateScan(rt.ctx.db, { chunk: 3 });
    expect(run).toMatchObject({ outcome: "finished", leads: 9, chunks: 3 });
    const page = await pairs();
    expect(listed(page)).toEqual([
      [ids.phone, ids.twin, 1, ["same_phone", "similar_business"]],
      [ids.domain, ids.colleague, 0.6, ["same_domain_similar_owner"]],
      [ids.bakery, ids.bakery2, 0.4, ["similar_business"]],
    ]);
    expect(page.lastRunAt).not.toBeNull();
    // The walk just finished: the next hourly run has nothing to do.
    expect((await runDuplicateScan(rt.ctx.db)).outcome).toBe("idle");
  });

  it("drops a pair as soon as one of its leads is deleted, and one that no longer matches at the next walk", async () => {
    expect((await admin.delete(`/api/leads/${ids.colleague}`)).status).toBe(200);
    expect(listed(await pairs()).map(([a, b]) => [a, b])).toEqual([
      [ids.phone, ids.twin],
      [ids.bakery, ids.bakery2],
    ]);
    expect((await admin.put(`/api/leads/${ids.twin}`, { phoneNumber: "+1 202 555 0199" })).status).toBe(200);
    expect((await runDuplicateScan(rt.ctx.db, { force: true })).outcome).toBe("finished");
    expect(listed(await pairs())).toEqual([
      [ids.phone, ids.twin, 0.4, ["similar_business"]],
      [ids.bakery, ids.bakery2, 0.4, ["similar_business"]],
    ]);
  });

  it("resumes a walk stopped part-way where it stopped, in its name step or among the leads, without doing any batch twice", async () => {
    // A budget already spent: each run stores one batch (of names, or a chunk of leads) with its cursor, then stops,
    // as a run stopped by a crash after that batch's commit would; the next run carries on from there.
    const options = { chunk: 2, nameBatch: 2, budgetMs: 0 };
    const runs = [await runDuplicateScan(rt.ctx.db, { ...options, force: true })];
    while (runs.at(-1)!.outcome !== "finished" && runs.length < 50) runs.push(await runDuplicateScan(rt.ctx.db, options));
    expect(runs.at(-1)!.outcome).toBe("finished");
    expect(runs[0]).toMatchObject({ outcome: "paused", names: 2, nameBatches: 1, leads: 0 });
    // 8 business names and 6 owners' names of company domains, each searched once; 8 leads, each walked once.
    expect(runs.reduce((sum, run) => sum + run.names, 0)).toBe(14);
    expect(runs.reduce((sum, run) => sum + run.leads, 0)).toBe(8);
    expect(runs.find((run) => run.leads > 0)).toMatchObject({ outcome: "paused", leads: 2, chunks: 1, cursorId: ids.domain });
    expect(listed(await pairs())).toEqual([
      [ids.phone, ids.twin, 0.4, ["similar_business"]],
      [ids.bakery, ids.bakery2, 0.4, ["similar_business"]],
    ]);
  });
});
