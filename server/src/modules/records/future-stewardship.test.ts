import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FutureStewardshipDashboard } from "@contract/records/future-stewardship";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const thisYear = new Date().getUTCFullYear();
type Stored = { id: number; immutableHash: string | null } & Record<string, unknown>;
type Listed<A> = { analytics: A } & Record<string, unknown>;

describe.each(testDrivers)("Future Stewardship dashboard on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const add = async (path: string, body: Record<string, unknown>) => {
    const res = await suite.admin.post<Stored>(`/api${path}`, body);
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const dashboard = async () => {
    const res = await suite.admin.get<FutureStewardshipDashboard>("/api/future-stewardship/dashboard");
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const historical = async () => (await suite.admin.get<Listed<Record<string, unknown>>>("/api/historical-records")).body.analytics;
  const records: Stored[] = [];

  it("answers zeros, no lists, no charter and no verification figure before any record exists", async () => {
    expect(await dashboard()).toEqual({
      legacy_perpetuity_readiness: 0,
      historical_preservation: 0,
      ethical_compliance: 0,
      succession_preparedness: 0,
      future_sustainability: 0,
      immutable_verification: null,
      global_impact_metrics: { total_records: 0, ethical_reviews: 0, succession_plans: 0, perpetuity_declarations: 0, global_reach: 0, historical_completeness: 0 },
      upcoming_reviews: [],
      current_charter: null,
      recent_records: [],
      active_playbooks: [],
      recent_ethical_reviews: [],
      published_declarations: [],
    });
  });

  it("seals each historical record on creation, chained to its predecessor, and ignores a hash sent by the client", async () => {
    records.push(await add("/historical-records", { eventTitle: "Founding", eventType: "founding", recordDate: `${thisYear - 2}-03-01`, eventDescription: "Leadwell starts.", publicAccess: true }));
    records.push(await add("/historical-records", { eventTitle: "First release", eventType: "release", recordDate: `${thisYear - 2}-09-01`, eventDescription: "Version 1 ships.", immutableHash: "f".repeat(64) }));
    records.push(await add("/historical-records", { eventTitle: "New steward", eventType: "leadership_change", recordDate: `${thisYear}-01-01`, eventDescription: "A new steward." }));
    for (const record of records) expect(record.immutableHash).toMatch(/^[0-9a-f]{64}$/);
    expect(records[1]!.immutableHash).not.toBe("f".repeat(64));
    expect(new Set(records.map((r) => r.immutableHash)).size).toBe(3);
  });

  it("computes every figure from the stored records, as worked out by hand", async () => {
    await add("/legacy-charters", { title: "Founding charter", charterDate: utcDay(-700), status: "superseded", missionStatement: "Serve.", coreValues: ["Care"] });
    const mission = "To keep Leadwell's records, relationships and knowledge in trustworthy hands ".repeat(4).trim();
    await add("/legacy-charters", {
      title: "Stewardship charter",
      charterDate: utcDay(-100),
      status: "active",
      missionStatement: mission,
      coreValues: ["Integrity", "Openness", "Care"],
      trustedParties: ["Board", "Foundation"],
      stewardshipAreas: ["Governance", "data", "DATA", "finance", "outreach"],
      ethicalPrinciples: ["Do no harm"],
      nextReviewDate: utcDay(20),
    });
    await add("/legacy-charters", { title: "Draft charter", charterDate: utcDay(-10), missionStatement: "Draft.", nextReviewDate: utcDay(5) });

    await add("/succession-playbooks", {
      title: "CEO succession",
      playbookType: "leadership",
      playbookDate: utcDay(-200),
      status: "active",
      emergencyContacts: ["Ada, CEO, 555 0100"],
      knowledgeTransferSteps: ["a", "b", "c", "d"],
      completedTransferSteps: 3,
      onboardingCheckpoints: ["week 1", "week 4"],
      nextReviewDate: utcDay(30),
    });
    await add("/succession-playbooks", { title: "Platform handover", playbookType: "technical", playbookDate: utcDay(-150), status: "ready", knowledgeTransferSteps: ["a", "b"], completedTransferSteps: 5 });
    await add("/succession-playbooks", { title: "Outage plan", playbookType: "emergency", playbookDate: utcDay(-50), knowledgeTransferSteps: ["a", "b", "c", "d"] });
    await add("/succession-playbooks", { title: "Old ops", playbookType: "operations", playbookDate: utcDay(-600), status: "archived", knowledgeTransferSteps: ["a"], completedTransferSteps: 1 });

    const review = { reviewScope: "Whole company", reviewedBy: "Ethics board" };
    await add("/ethical-reviews", { ...review, title: "Annual review", reviewYear: thisYear - 1, reviewType: "annual", reviewDate: `${thisYear - 1}-06-01`, status: "published", ethicalScore: 82, stakeholderEngagement: 70, certified: true, publicReport: true });
    await add("/ethical-reviews", { ...review, title: "Privacy review", reviewYear: thisYear, reviewType: "privacy", reviewDate: `${thisYear}-01-01`, status: "completed", ethicalScore: 68, stakeholderEngagement: 56, nextReviewDate: utcDay(10) });
    await add("/ethical-reviews", { ...review, title: "AI review", reviewYear: thisYear, reviewType: "ai_ethics", reviewDate: `${thisYear}-01-02` });

    await add("/legacy-perpetuity-declarations", { title: "Perpetual care", declarationType: "perpetuity", status: "ratified", publishedDate: `${thisYear - 1}-02-01`, globalReach: 12_000, languageVersions: ["en", "es", "FR"], digitalPreservation: true });
    await add("/legacy-perpetuity-declarations", { title: "Open records", declarationType: "open_access", status: "published", publishedDate: `${thisYear}-01-01`, globalReach: 3000, languageVersions: ["EN", "de"], nextReviewDate: utcDay(40) });
    await add("/legacy-perpetuity-declarations", { title: "Governance draft", declarationType: "governance", globalReach: 500, languageVersions: ["it"], digitalPreservation: true });
    await add("/legacy-perpetuity-declarations", { title: "Old pledge", declarationType: "stewardship", status: "superseded", globalReach: 9999 });

    const charters = await suite.admin.get<Listed<unknown>>("/api/legacy-charters");
    // The active charter fills 5 of 6 parts (no succession clause): 83; it names governance, data, finance of six areas: 50;
    // of the draft and active charters, the active one states ethical principles: 50.
    expect(charters.body.analytics).toEqual({ total_charters: 3, charter_completeness: 83, stewardship_coverage: 50, by_status: { superseded: 1, active: 1, draft: 1 }, ethical_integration: 50 });
    const playbooks = await suite.admin.get<Listed<unknown>>("/api/succession-playbooks");
    // Not retired: 3, in force (active, ready): 2 → 67; in force with a contact: 1 of 2 → 50; steps (3 + min(5, 2) + 0) / (4 + 2 + 4) → 50.
    expect(playbooks.body.analytics).toEqual({
      total_playbooks: 4,
      active_playbooks: 1,
      succession_preparedness: 67,
      emergency_readiness: 50,
      by_type: { leadership: 1, technical: 1, emergency: 1, operations: 1 },
      knowledge_transfer_completeness: 50,
    });
    const reviews = await suite.admin.get<Listed<unknown>>("/api/ethical-reviews");
    // (82 + 68) / 2 = 75; (70 + 56) / 2 = 63; scored at 75 or more: 1 of 2 → 50.
    expect(reviews.body.analytics).toEqual({
      total_reviews: 3,
      average_ethical_score: 75,
      stakeholder_engagement: 63,
      by_year: { [thisYear - 1]: 1, [thisYear]: 2 },
      certification_status: 1,
      ethical_compliance: 50,
    });
    const declarations = await suite.admin.get<Listed<unknown>>("/api/legacy-perpetuity-declarations");
    // Published or ratified: 12000 + 3000 reach; languages en, es, fr, de; preserved and published: 1 of 3 not superseded → 33.
    expect(declarations.body.analytics).toEqual({
      total_declarations: 4,
      published_declarations: 2,
      global_reach: 15_000,
      by_status: { ratified: 1, published: 1, draft: 1, superseded: 1 },
      language_coverage: 4,
      perpetuity_readiness: 33,
    });
    // Years covered: two of the three from two years ago to this year → 67.
    expect(await historical()).toEqual({
      total_records: 3,
      verified_records: 3,
      immutable_verification: 100,
      unverified_record_ids: [],
      by_event_type: { founding: 1, release: 1, leadership_change: 1 },
      integrity_score: 100,
      historical_completeness: 67,
    });

    const d = await dashboard();
    expect({ ...d, current_charter: null, recent_records: [], active_playbooks: [], recent_ethical_reviews: [], published_declarations: [] }).toEqual({
      legacy_perpetuity_readiness: 33,
      // (100 + 67) / 2 = 83.5 → 84.
      historical_preservation: 84,
      ethical_compliance: 50,
      succession_preparedness: 67,
      // (83 + 84 + 50 + 67 + 33) / 5 = 63.4 → 63.
      future_sustainability: 63,
      immutable_verification: 100,
      global_impact_metrics: { total_records: 3, ethical_reviews: 3, succession_plans: 4, perpetuity_declarations: 4, global_reach: 15_000, historical_completeness: 67 },
      upcoming_reviews: [
        { title: "Draft charter", type: "charter_review", date: utcDay(5) },
        { title: "Privacy review", type: "ethical_review", date: utcDay(10) },
        { title: "Stewardship charter", type: "charter_review", date: utcDay(20) },
        { title: "CEO succession", type: "playbook_review", date: utcDay(30) },
        { title: "Open records", type: "declaration_review", date: utcDay(40) },
      ],
      current_charter: null,
      recent_records: [],
      active_playbooks: [],
      recent_ethical_reviews: [],
      published_declarations: [],
    });
    expect(d.current_charter).toMatchObject({ title: "Stewardship charter", missionStatement: mission, coreValues: ["Integrity", "Openness", "Care"] });
    expect(d.recent_records.map((r) => [r.eventTitle, r.verified])).toEqual([
      ["New steward", true],
      ["First release", true],
      ["Founding", true],
    ]);
    expect(d.active_playbooks.map((p) => p.title)).toEqual(["CEO succession"]);
    expect(d.recent_ethical_reviews.map((r) => r.title)).toEqual(["AI review", "Privacy review", "Annual review"]);
    expect(d.published_declarations.map((r) => r.title)).toEqual(["Open records", "Perpetual care"]);
  });

  it("detects a record changed behind the API's back, and a later change through the API does not launder it", async () => {
    const [first, second] = records;
    await suite.rt.ctx.db.execute(sql`UPDATE historical_records SET event_description = 'Version 1 shipped late.' WHERE id = ${second!.id}`);
    // Each record chains to its predecessor's STORED hash: only the changed record fails (2 of 3 → 66.6, rounded down);
    // the chain is unbroken up to the first record only (1 of 3 → 33.3).
    const tampered = { verified_records: 2, immutable_verification: 66.6, unverified_record_ids: [second!.id], integrity_score: 33.3 };
    expect(await historical()).toMatchObject(tampered);
    const d = await dashboard();
    expect(d.immutable_verification).toBe(66.6);
    // (66.6 + 67) / 2 = 66.8 → 67.
    expect(d.historical_preservation).toBe(67);
    expect(d.recent_records.map((r) => [r.eventTitle, r.verified])).toEqual([
      ["New steward", true],
      ["First release", false],
      ["Founding", true],
    ]);

    // An update of the first record re-seals the chain from it on, but the tampered record keeps its broken seal.
    const edited = await suite.admin.put<Stored>(`/api/historical-records/${first!.id}`, { eventDescription: "Leadwell starts, in a garage." });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.immutableHash).not.toBe(first!.immutableHash);
    expect(await historical()).toMatchObject(tampered);

    // Deleting the tampered record re-links its successor to the first one: the chain verifies again.
    expect((await suite.admin.delete(`/api/historical-records/${second!.id}`)).status).toBe(200);
    expect(await historical()).toMatchObject({ total_records: 2, verified_records: 2, immutable_verification: 100, unverified_record_ids: [], integrity_score: 100 });
  });
});
