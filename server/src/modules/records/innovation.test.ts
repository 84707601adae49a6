import { describe, expect, it } from "vitest";
import type { InnovationDashboard } from "@contract/records/innovation";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(testDrivers)("Innovation & Legacy dashboard on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const add = async (path: string, body: Record<string, unknown>) => {
    const res = await suite.admin.post(`/api${path}`, body);
    expect(res.status, res.text).toBe(201);
  };

  it("answers zeros and empty lists before any record exists", async () => {
    const res = await suite.admin.get<InnovationDashboard>("/api/innovation/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tech_radar: { total: 0, adopt: 0, trial: 0, assess: 0, hold: 0, adoption_rate: 0 },
      experiments: { total: 0, active: 0, completed: 0, success_rate: 0 },
      knowledge: { total_articles: 0, updated_last_30_days: 0 },
      compliance: { total_audits: 0, pass_rate: 0, overdue_audits: 0, open_findings: 0 },
      legacy: { active: 0, deprecated: 0, sunset: 0 },
      upcoming_deadlines: [],
      deadline_counts: { total: 0, compliance_audit: 0, legacy_sunset: 0, experiment_end: 0 },
      technologies: [],
    });
  });

  it("computes every figure from the stored records, as worked out by hand", async () => {
    // 12 technologies: 5 adopt, 3 trial, 3 assess, 1 hold; moved in 0..11 days ago ("Tech 00" is the most recent).
    const rings = ["adopt", "adopt", "adopt", "adopt", "adopt", "trial", "trial", "trial", "assess", "assess", "assess", "hold"];
    for (const [index, status] of rings.entries()) {
      const quadrant = index % 2 === 0 ? "tools" : "platforms";
      await add("/innovation/tech-radar", { name: `Tech ${String(index).padStart(2, "0")}`, quadrant, status, movedInDate: utcDay(-index) });
    }
    await add("/innovation/tech-radar", { name: "Old mainframe", quadrant: "techniques", status: "hold", movedInDate: utcDay(-400) });

    const experiment = { hypothesis: "It helps", metric: "conversion" };
    await add("/innovation/experiments", { ...experiment, title: "Exp won", status: "completed", outcome: "validated", endDate: utcDay(-3) });
    await add("/innovation/experiments", { ...experiment, title: "Exp lost", status: "completed", outcome: "invalidated", endDate: utcDay(2) });
    await add("/innovation/experiments", { ...experiment, title: "Exp open", status: "completed" });
    await add("/innovation/experiments", { ...experiment, title: "Exp running", status: "in_progress", endDate: utcDay(12) });
    await add("/innovation/experiments", { ...experiment, title: "Exp later", endDate: utcDay(45) });
    await add("/innovation/experiments", { ...experiment, title: "Exp soon", endDate: utcDay(25) });

    await add("/knowledge-base", { title: "Restart the sync", body: "# Steps\n\n1. Stop\n2. Start", tags: ["sync", "ops"] });
    await add("/knowledge-base", { title: "Rotate keys", body: "Rotate **monthly**.", tags: ["security", "ops"] });

    const audit = { framework: "soc2" };
    await add("/compliance/audits", { ...audit, title: "SOC 2 type II", status: "in_progress", dueDate: utcDay(5), openFindings: 3 });
    await add("/compliance/audits", { ...audit, title: "GDPR review", framework: "gdpr", status: "passed", dueDate: utcDay(-20), openFindings: 0 });
    await add("/compliance/audits", { ...audit, title: "ISO surveillance", framework: "iso27001", status: "failed", dueDate: utcDay(-60), openFindings: 4 });
    await add("/compliance/audits", { ...audit, title: "PCI scan", framework: "pci_dss", status: "passed", dueDate: utcDay(-10) });
    await add("/compliance/audits", { ...audit, title: "Late audit", status: "planning", dueDate: utcDay(-1), openFindings: 1 });
    await add("/compliance/audits", { ...audit, title: "Annual", status: "planning", dueDate: utcDay(30) });
    await add("/compliance/audits", { ...audit, title: "Beyond window", status: "planning", dueDate: utcDay(31) });

    await add("/legacy/integrations", { name: "FTP export", system: "Old ERP", status: "deprecated", sunsetDate: utcDay(8) });
    await add("/legacy/integrations", { name: "SOAP bridge", system: "Billing", status: "active", sunsetDate: utcDay(0) });
    await add("/legacy/integrations", { name: "Fax gateway", system: "Telecom", status: "sunset", sunsetDate: utcDay(1) });
    await add("/legacy/integrations", { name: "CSV drop", system: "Warehouse", status: "deprecated", sunsetDate: utcDay(-5) });

    const res = await suite.admin.get<InnovationDashboard>("/api/innovation/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      // 13 technologies: adopt 5 → 5 / 13 = 38.46 % → 38; hold 1 + the old mainframe.
      tech_radar: { total: 13, adopt: 5, trial: 3, assess: 3, hold: 2, adoption_rate: 38 },
      // Completed: 3, of which 2 recorded an outcome and 1 was validated → 50 %.
      experiments: { total: 6, active: 1, completed: 3, success_rate: 50 },
      knowledge: { total_articles: 2, updated_last_30_days: 2 },
      // Finished: GDPR and PCI passed, ISO failed → 2 / 3 = 66.7 → 67; overdue: only Late audit; findings 3 + 4 + 1.
      compliance: { total_audits: 7, pass_rate: 67, overdue_audits: 1, open_findings: 8 },
      legacy: { active: 1, deprecated: 2, sunset: 1 },
      // Within 0..30 days, open only, soonest first, first 5: SOAP today, Exp lost is completed (skipped), SOC 2 in 5,
      // FTP in 8, Exp running in 12, Exp soon in 25 (Annual in 30 is the sixth); Fax is already sunset, Exp later and
      // Beyond window are outside.
      upcoming_deadlines: [
        { kind: "legacy_sunset", title: "SOAP bridge", date: utcDay(0), days_remaining: 0 },
        { kind: "compliance_audit", title: "SOC 2 type II", date: utcDay(5), days_remaining: 5 },
        { kind: "legacy_sunset", title: "FTP export", date: utcDay(8), days_remaining: 8 },
        { kind: "experiment_end", title: "Exp running", date: utcDay(12), days_remaining: 12 },
        { kind: "experiment_end", title: "Exp soon", date: utcDay(25), days_remaining: 25 },
      ],
      // Every one of the window, not only the 5 listed: audits SOC 2 and Annual; sunsets SOAP and FTP; experiments
      // Exp running and Exp soon.
      deadline_counts: { total: 6, compliance_audit: 2, legacy_sunset: 2, experiment_end: 2 },
      // The 10 most recently moved: Tech 00 .. Tech 09 (Tech 10, 11 and the old mainframe are left out).
      technologies: rings.slice(0, 10).map((status, index) =>
        expect.objectContaining({ name: `Tech 0${index}`, status, quadrant: index % 2 === 0 ? "tools" : "platforms", moved_in_date: utcDay(-index) }),
      ),
    });
  });

  it("answers each family's analytics beside its list, as worked out by hand", async () => {
    const radar = await suite.admin.get<{ analytics: unknown; technologies: unknown[] }>("/api/innovation/tech-radar?status=hold");
    expect(radar.body.technologies).toHaveLength(2);
    // Moved within 90 days: the 12 "Tech" items, not the mainframe (400 days ago).
    expect(radar.body.analytics).toEqual({
      total_technologies: 13,
      by_status: { adopt: 5, trial: 3, assess: 3, hold: 2 },
      by_quadrant: { tools: 6, platforms: 6, techniques: 1 },
      moved_last_90_days: 12,
    });
    const experiments = await suite.admin.get<{ analytics: unknown }>("/api/innovation/experiments");
    expect(experiments.body.analytics).toEqual({
      total_experiments: 6,
      by_status: { completed: 3, in_progress: 1, planning: 2 },
      active_experiments: 1,
      completed_experiments: 3,
      success_rate: 50,
    });
    const articles = await suite.admin.get<{ analytics: unknown; articles: { version: string }[] }>("/api/knowledge-base");
    // Tags: sync, ops, security → 3 distinct; the version defaults to 1.0.
    expect(articles.body.analytics).toEqual({ total_articles: 2, distinct_tags: 3, updated_last_30_days: 2 });
    expect(articles.body.articles.map((article) => article.version)).toEqual(["1.0", "1.0"]);
    const audits = await suite.admin.get<{ analytics: unknown }>("/api/compliance/audits");
    expect(audits.body.analytics).toEqual({
      total_audits: 7,
      by_status: { in_progress: 1, passed: 2, failed: 1, planning: 3 },
      pass_rate: 67,
      overdue_audits: 1,
      open_findings: 8,
    });
    const integrations = await suite.admin.get<{ analytics: unknown }>("/api/legacy/integrations");
    // Not sunset: FTP (in 8 days) and SOAP (today) upcoming; CSV drop (5 days ago) overdue.
    expect(integrations.body.analytics).toEqual({ total_integrations: 4, by_status: { deprecated: 2, active: 1, sunset: 1 }, upcoming_sunsets: 2, overdue_sunsets: 1 });
  });
});

describe.each(testDrivers)("Knowledge base full-text search on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  type Reply = { articles: { id: number; title: string; version: string; tags: string[]; excerpt: string; rank: number }[] };

  it("finds articles by words of their title or body, stemmed, best first, and refuses an empty query naming the field", async () => {
    for (const article of [
      { title: "Restart the sync", body: "# Steps\n\n1. Stop the **sync** worker\n2. Let the sync queue drain\n3. Start the sync again", tags: ["sync"] },
      { title: "Rotate keys", body: "Rotate the API keys monthly; restarting is not needed." },
      { title: "Sync conflicts", body: "When two syncs collide, the newest change wins.", version: "2.1" },
    ]) {
      expect((await suite.admin.post("/api/knowledge-base", article)).status).toBe(201);
    }
    const sync = await suite.admin.get<Reply>("/api/knowledge-base/search?q=syncing");
    expect(sync.status).toBe(200);
    // "syncing" stems to "sync": both sync articles; "Restart the sync" has it four times (title and body), "Sync conflicts" twice.
    expect(sync.body.articles.map((a) => a.title)).toEqual(["Restart the sync", "Sync conflicts"]);
    expect(sync.body.articles[0]).toMatchObject({ version: "1.0", tags: ["sync"], excerpt: "# Steps\n\n1. Stop the **sync** worker\n2. Let the sync queue drain\n3. Start the sync again" });
    expect(sync.body.articles[1]).toMatchObject({ version: "2.1", tags: [] });

    // Web-search syntax: both words must match; a minus excludes.
    const restart = await suite.admin.get<Reply>("/api/knowledge-base/search?q=restart%20keys");
    expect(restart.body.articles.map((a) => a.title)).toEqual(["Rotate keys"]);
    const notRotate = await suite.admin.get<Reply>("/api/knowledge-base/search?q=restart%20-rotate");
    expect(notRotate.body.articles.map((a) => a.title)).toEqual(["Restart the sync"]);
    expect((await suite.admin.get<Reply>("/api/knowledge-base/search?q=payroll")).body.articles).toEqual([]);

    const empty = await suite.admin.get<{ code: string; fieldErrors?: Record<string, { code: string }> }>("/api/knowledge-base/search?q=%20");
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("field.required");
  });
});
