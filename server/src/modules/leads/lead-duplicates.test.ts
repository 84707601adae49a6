import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { DuplicateMatch, duplicatePairsPageSchema } from "@contract/lead-duplicates";
import { createLead, leadMaker } from "../../test/lead-fixtures";
import { signedInAdmin, signedInWithRole, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";

type DuplicatePairsPage = z.infer<typeof duplicatePairsPageSchema>;

/* Likely duplicates (issue 26.4) over HTTP: each rule with hand-built leads, and the leads each rule must not match. */

describe.each(testDrivers)("lead duplicates on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  const ids: Record<string, number> = {};

  const lead = leadMaker(() => admin, ids);

  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { workers: false });
    admin = await signedInAdmin(rt);
    await lead("phone", { businessName: "Quokka Plumbing", email: "q@quokka-plumbing.test", phoneNumber: "+34 612 345 678" });
    await lead("domain", { businessName: "Xylo Holdings", email: "maria.lopez@xylo-holdings.test", businessOwnerName: "Maria", businessOwnerLastName: "Lopez" });
    await lead("freemail", { businessName: "Wombat Garden", email: "maria.lopez@gmail.com", businessOwnerName: "Maria", businessOwnerLastName: "Lopez" });
    await lead("business", { businessName: "Sunrise Bakery Madrid", email: "hello@sunrise-bakery.test", phoneNumber: "555 000 1111" });
  });
  afterAll(async () => rt?.stop());

  const check = (body: Record<string, unknown>) => admin.post<DuplicateMatch[]>("/api/leads/duplicates/check", body);
  const found = (matches: DuplicateMatch[]) => Object.fromEntries(matches.map((m) => [m.lead.id, m.reasons]));

  it("matches the same phone written nationally, not a different one", async () => {
    const res = await check({ phone: "612-345-678" });
    expect(res.status).toBe(200);
    expect(found(res.body)).toEqual({ [ids.phone!]: ["same_phone"] });
    expect(res.body[0]!.confidence).toBe(0.8);
    expect((await check({ phone: "+34 612 345 679" })).body).toEqual([]);
  });

  it("matches the same email whatever its case", async () => {
    const res = await check({ email: "Q@Quokka-Plumbing.TEST" });
    expect(found(res.body)[ids.phone!]).toEqual(["same_email"]);
  });

  it("matches a company domain with a similar owner, never a free-mail domain", async () => {
    const company = await check({ email: "m.lopez@xylo-holdings.test", firstName: "María", lastName: "López" });
    expect(found(company.body)).toEqual({ [ids.domain!]: ["same_domain_similar_owner"] });
    const freeMail = await check({ email: "someone@gmail.com", firstName: "Maria", lastName: "Lopez" });
    expect(freeMail.body).toEqual([]);
    const otherOwner = await check({ email: "info@xylo-holdings.test", firstName: "Tom", lastName: "Baker" });
    expect(otherOwner.body).toEqual([]);
  });

  it("matches a similar business name by trigram, not an unrelated one, and ranks by confidence", async () => {
    const res = await check({ businessName: "Sunrise Bakery  Madrid S.L.", phone: "612 345 678" });
    expect(res.body.map((m) => [m.lead.id, m.reasons])).toEqual([
      [ids.phone, ["same_phone"]],
      [ids.business, ["similar_business"]],
    ]);
    expect((await check({ businessName: "Totally Different Co" })).body).toEqual([]);
  });

  it("lists a stored lead's duplicates without itself, and 404 for an unknown id", async () => {
    await lead("twin", { businessName: "Quokka Plumbing Ltd", email: "office@other-quokka.test", phoneNumber: "612345678" });
    const res = await admin.get<DuplicateMatch[]>(`/api/leads/${ids.twin}/duplicates`);
    expect(res.status).toBe(200);
    expect(found(res.body)).toEqual({ [ids.phone!]: ["same_phone", "similar_business"] });
    expect(res.body[0]!.confidence).toBe(1);
    expect((await admin.get(`/api/leads/99999999/duplicates`)).status).toBe(404);
  });

  it("lets a viewer read a lead's duplicates but not check unsaved input", async () => {
    const viewer = await signedInWithRole(rt, "viewer", { name: "Vera Viewer", email: `vera.dups.${driver}@example.com` });
    expect((await viewer.get(`/api/leads/${ids.phone}/duplicates`)).status).toBe(200);
    expect((await viewer.post("/api/leads/duplicates/check", { phone: "612345678" })).status).toBe(403);
  });
});

describe.each(testDrivers)("the duplicate pairs list on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { workers: false });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => rt?.stop());

  it("pages the stored pairs most confident first, and refuses a cursor it did not give", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(await createLead(admin, `pair${i}`, { businessName: `Pair ${i}`, email: `pair${i}@p.test` }));
    }
    const [a, b, c, d] = ids as [number, number, number, number];
    // Written as the pairs job writes them (its walk is tested with the job).
    await rt.ctx.db.execute(
      sql`INSERT INTO lead_duplicate_pairs (lead_a, lead_b, reasons, confidence) VALUES
        (${a}, ${b}, ARRAY['similar_business'], 0.4), (${a}, ${c}, ARRAY['same_phone', 'similar_business'], 1), (${b}, ${d}, ARRAY['same_phone'], 0.8)`,
    );
    const first = await admin.get<DuplicatePairsPage>("/api/leads/duplicates?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.pairs.map((p) => [p.leadA.id, p.leadB.id, p.confidence, p.reasons])).toEqual([
      [a, c, 1, ["same_phone", "similar_business"]],
      [b, d, 0.8, ["same_phone"]],
    ]);
    expect(first.body.lastRunAt).toBeNull();
    const second = await admin.get<DuplicatePairsPage>(`/api/leads/duplicates?limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.body.pairs.map((p) => [p.leadA.id, p.leadB.id])).toEqual([[a, b]]);
    expect(second.body.nextCursor).toBeNull();
    const bad = await admin.get<{ field?: string }>("/api/leads/duplicates?cursor=nonsense");
    expect(bad.status).toBe(400);
  });
});

/* Issue 26.5: with agents limited to their own leads, a restricted agent's duplicates never name another agent's lead. */
describe.each(testDrivers)("lead duplicates within an agent's lead scope on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  let ann: TestClient;
  const ids: Record<string, number> = {};
  const lead = leadMaker(() => admin, ids);

  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { workers: false });
    admin = await signedInAdmin(rt);
    ann = await signedInWithRole(rt, "agent", { name: "Ann Agent", email: `ann.dups.${driver}@example.com` });
    const ben = await signedInWithRole(rt, "agent", { name: "Ben Agent", email: `ben.dups.${driver}@example.com` });
    const idOf = async (client: TestClient) => (await client.get<{ id: number }>("/api/auth/me")).body.id;
    const [annId, benId] = [await idOf(ann), await idOf(ben)];
    // Three leads of one business by phone: Ann's, Ben's and an unassigned one.
    await lead("ann", { businessName: "Quokka Plumbing", email: "ann@quokka.test", phoneNumber: "612 345 678", assigneeId: annId });
    await lead("ben", { businessName: "Quokka Plumbing SL", email: "ben@quokka.test", phoneNumber: "612 345 678", assigneeId: benId });
    await lead("free", { businessName: "Quokka Plumbing Ltd", email: "free@quokka.test", phoneNumber: "612 345 678" });
    await rt.ctx.db.execute(sql`UPDATE lead_access_settings SET agents = 'own'`);
    await rt.ctx.db.execute(
      sql`INSERT INTO lead_duplicate_pairs (lead_a, lead_b, reasons, confidence) VALUES
        (${ids.ann}, ${ids.ben}, ARRAY['same_phone'], 0.8), (${ids.ann}, ${ids.free}, ARRAY['same_phone'], 0.8), (${ids.ben}, ${ids.free}, ARRAY['same_phone'], 0.8)`,
    );
  });
  afterAll(async () => rt?.stop());

  const listedIds = (matches: DuplicateMatch[]) => matches.map((m) => m.lead.id).sort((a, b) => a - b);

  it("answers 404 for another agent's lead and never lists it as a duplicate", async () => {
    expect((await ann.get(`/api/leads/${ids.ben}/duplicates`)).status).toBe(404);
    const own = await ann.get<DuplicateMatch[]>(`/api/leads/${ids.ann}/duplicates`);
    expect(own.status).toBe(200);
    expect(listedIds(own.body)).toEqual([ids.free]);
    // The administrator sees every lead.
    expect(listedIds((await admin.get<DuplicateMatch[]>(`/api/leads/${ids.ann}/duplicates`)).body)).toEqual([ids.ben, ids.free]);
  });

  it("checks a form's input against the agent's leads only", async () => {
    const res = await ann.post<DuplicateMatch[]>("/api/leads/duplicates/check", { phone: "612-345-678", businessName: "Quokka Plumbing" });
    expect(res.status).toBe(200);
    expect(listedIds(res.body)).toEqual([ids.ann, ids.free]);
  });

  it("lists only the pairs whose two leads are both the agent's to see", async () => {
    const pairsOf = async (client: TestClient) => {
      const res = await client.get<DuplicatePairsPage>("/api/leads/duplicates?limit=1");
      expect(res.status).toBe(200);
      const seen = res.body.pairs.map((p) => [p.leadA.id, p.leadB.id]);
      // Paged one pair at a time, so a page cut short by a pair out of scope would show.
      let cursor = res.body.nextCursor;
      while (cursor) {
        const next = await client.get<DuplicatePairsPage>(`/api/leads/duplicates?limit=1&cursor=${encodeURIComponent(cursor)}`);
        expect(next.body.pairs).toHaveLength(1);
        seen.push(...next.body.pairs.map((p) => [p.leadA.id, p.leadB.id]));
        cursor = next.body.nextCursor;
      }
      return seen;
    };
    expect(await pairsOf(ann)).toEqual([[ids.ann, ids.free]]);
    expect(await pairsOf(admin)).toHaveLength(3);
  });
});
