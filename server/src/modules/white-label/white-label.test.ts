import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import type { Lead } from "@contract/leads";
import type { Brand, Vertical } from "@contract/white-label";
import { auditLogs } from "../../db/schema";
import { leadsByOwner, scopeLeadFields, setLeadAccess, signedInAgent } from "../../test/lead-scope-fixture";
import { signedInWithRole, suiteWithAdmin, testDrivers, type TestResponse } from "../../test/test-runtime";

const ACME = {
  name: "Acme Spring",
  domain: "  CRM.Acme.example. ",
  logoUrl: "https://acme.example/logo.svg",
  colorScheme: { primary: "#1E3A8A", primaryText: "#ffffff", accent: "#f59e0b" },
  settings: { supportEmail: "help@acme.example" },
};

function expectFieldError(res: TestResponse, status: number, field: string, code: string) {
  expect(res.status, res.text).toBe(status);
  const body = res.body as ApiError;
  expect(body.fields?.[field], res.text).toEqual(expect.any(String));
  expect(body.fieldCodes?.[field]?.code).toBe(code);
}

describe.each(testDrivers)("white label on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let acme: Brand;

  const create = (body: Record<string, unknown>) => suite.admin.post<Brand>("/api/white-label/brands", body);
  const update = (id: number, body: Record<string, unknown>) => suite.admin.put<Brand>(`/api/white-label/brands/${id}`, body);

  it("stores a brand with its domain normalised to a lower-case host, and lists it", async () => {
    const res = await create(ACME);
    expect(res.status, res.text).toBe(201);
    acme = res.body;
    expect(acme).toMatchObject({
      name: "Acme Spring",
      domain: "crm.acme.example",
      logoUrl: "https://acme.example/logo.svg",
      colorScheme: { primary: "#1e3a8a", primaryText: "#ffffff", accent: "#f59e0b" },
      settings: { supportEmail: "help@acme.example" },
    });
    expect((await suite.admin.get<Brand[]>("/api/white-label/brands")).body).toEqual([acme]);
    const audits = await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "brand.created"));
    expect(audits.map((row) => row.details)).toEqual(["Brand Acme Spring (crm.acme.example)"]);
    expect(audits.map((row) => [row.code, row.params])).toEqual([["brand.named", { name: "Acme Spring", domain: "crm.acme.example" }]]);
  });

  it("refuses a domain another brand has, in any spelling, with 409 brand.domain_taken naming the field", async () => {
    const res = await create({ ...ACME, name: "Acme Autumn", domain: "https://crm.ACME.example/" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "brand.domain_taken", fieldCodes: { domain: { code: "brand.domain_taken" } } });
    const sameName = await create({ ...ACME, name: "ACME SPRING", domain: "other.example" });
    expect(sameName.body).toMatchObject({ code: "brand.name_taken", fieldCodes: { name: { code: "brand.name_taken" } } });
    expect((await suite.admin.get<Brand[]>("/api/white-label/brands")).body).toHaveLength(1);
  });

  it("refuses a scheme whose text on primary is below 4.5:1, naming colorScheme.primaryText", async () => {
    // #777777 on white is 4.48:1: just short of AA.
    const res = await create({ ...ACME, name: "Grey", domain: "grey.example", colorScheme: { primary: "#777777", primaryText: "#ffffff", accent: "#000000" } });
    expectFieldError(res, 400, "colorScheme.primaryText", "brand.low_contrast");
    expect((res.body as unknown as ApiError).fieldCodes?.["colorScheme.primaryText"]?.params).toEqual({ ratio: "4.47", min: 4.5 });
    const edit = await update(acme.id, { colorScheme: { primary: "#ffff00", primaryText: "#ffffff", accent: "#000000" } });
    expectFieldError(edit, 400, "colorScheme.primaryText", "brand.low_contrast");
  });

  it("refuses bad fields by name: the reserved name, a host with a path, an http logo, a colour that is not #rrggbb", async () => {
    expectFieldError(await create({ ...ACME, name: " Default ", domain: "d.example" }), 400, "name", "brand.name_reserved");
    expectFieldError(await create({ ...ACME, name: "Pathy", domain: "acme.example/crm" }), 400, "domain", "brand.invalid_domain");
    expectFieldError(await create({ ...ACME, name: "Porty", domain: "acme.example:8080" }), 400, "domain", "brand.invalid_domain");
    expectFieldError(await create({ ...ACME, name: "Bare", domain: "localhost" }), 400, "domain", "brand.invalid_domain");
    expectFieldError(await create({ ...ACME, name: "Plain", domain: "plain.example", logoUrl: "http://acme.example/logo.png" }), 400, "logoUrl", "brand.invalid_logo_url");
    expectFieldError(await create({ ...ACME, name: "Js", domain: "js.example", logoUrl: "javascript:alert(1)" }), 400, "logoUrl", "brand.invalid_logo_url");
    for (const [i, logoUrl] of ['https://acme.example/a".png', "https://acme.example/a'.png", "https://acme.example/<svg>.png", "https://acme.example/a>b.png", "https://acme.example/a\\b.png", "https://acme.example/a b.png"].entries()) {
      expectFieldError(await create({ ...ACME, name: `Quoted ${i}`, domain: `quoted${i}.example`, logoUrl }), 400, "logoUrl", "brand.invalid_logo_url");
    }
    expectFieldError(
      await create({ ...ACME, name: "Red", domain: "red.example", colorScheme: { primary: "red", primaryText: "#fff", accent: "#000000" } }),
      400,
      "colorScheme.primary",
      "brand.invalid_colour",
    );
    expectFieldError(await create({ ...ACME, name: "x".repeat(51), domain: "long.example" }), 400, "name", "field.too_long");
    expect((await update(acme.id, {})).body).toMatchObject({ code: "request.empty_update" });
  });

  it("edits a brand; its domain can move to a free one but not onto another brand's", async () => {
    const other = await create({ ...ACME, name: "Bolt", domain: "bolt.example", logoUrl: null });
    expect(other.status).toBe(201);
    expect(other.body.logoUrl).toBeNull();
    const moved = await update(acme.id, { domain: "Acme.Example", logoUrl: "", colorScheme: { primary: "#fde047", primaryText: "#111827", accent: "#0f766e" } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ name: "Acme Spring", domain: "acme.example", logoUrl: null, colorScheme: { primary: "#fde047", primaryText: "#111827" } });
    const clash = await update(other.body.id, { domain: "ACME.example" });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: "brand.domain_taken", fieldCodes: { domain: { code: "brand.domain_taken" } } });
    expect((await update(999999, { name: "Nobody" })).body).toMatchObject({ code: "brand.not_found" });
    const list = (await suite.admin.get<Brand[]>("/api/white-label/brands")).body;
    expect(list.map((brand) => [brand.name, brand.domain])).toEqual([
      ["Acme Spring", "acme.example"],
      ["Bolt", "bolt.example"],
    ]);
  });

  it("keeps a brand that leads carry: no delete, no rename, with the count; deletes one no lead carries", async () => {
    const lead = await suite.admin.post<Lead>("/api/leads", {
      businessOwnerName: "Tomas",
      businessOwnerLastName: "Brand",
      businessName: "Brandtown Bakery",
      email: "tomas@brandtown.test",
      tags: ["Acme Spring"],
    });
    expect(lead.status, lead.text).toBe(201);
    const refused = await suite.admin.delete(`/api/white-label/brands/${acme.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "brand.in_use", params: { count: 1 } });
    const rename = await update(acme.id, { name: "Acme Summer" });
    expect(rename.body).toMatchObject({ code: "brand.rename_in_use", params: { count: 1 }, fieldCodes: { name: { code: "brand.rename_in_use" } } });
    const bolt = (await suite.admin.get<Brand[]>("/api/white-label/brands")).body.find((brand) => brand.name === "Bolt")!;
    expect((await update(bolt.id, { name: "Bolt Two" })).body.name).toBe("Bolt Two");
    expect((await suite.admin.delete(`/api/white-label/brands/${bolt.id}`)).body).toEqual({ ok: true });
    expect((await suite.admin.delete(`/api/white-label/brands/${bolt.id}`)).status).toBe(404);
    const audits = await suite.rt.ctx.db.select().from(auditLogs).where(like(auditLogs.action, "brand.%"));
    expect(audits.map((row) => row.action).sort()).toEqual(["brand.created", "brand.created", "brand.deleted", "brand.updated", "brand.updated"]);
  });

  it("lets every role read brands and verticals, and only administrators change brands", async () => {
    const manager = await signedInWithRole(suite.rt, "manager", { name: "Mona Manager", email: "mona@leadwell.test" });
    expect((await manager.get<Brand[]>("/api/white-label/brands")).status).toBe(200);
    expect((await manager.get<Vertical[]>("/api/white-label/verticals")).status).toBe(200);
    const res = await manager.post("/api/white-label/brands", { ...ACME, name: "Sneaky", domain: "sneaky.example" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "auth.permission_required" });
  });

  it("counts leads and sums year-to-date revenue per industry, most leads first", async () => {
    const leads: [string, string | null, number | null][] = [
      ["tech1@v.test", "technology", 1000.5],
      ["tech2@v.test", "technology", 250],
      ["tech3@v.test", "technology", null],
      ["fin1@v.test", "finance", 99999.99],
      ["fin2@v.test", "finance", null],
      ["retail1@v.test", "retail", 10],
      ["health1@v.test", "healthcare", 0],
    ];
    for (const [email, industry, ytd] of leads) {
      const res = await suite.admin.post("/api/leads", { businessOwnerName: "V", businessOwnerLastName: "Lead", businessName: email, email, industry });
      expect(res.status, res.text).toBe(201);
      if (ytd !== null) expect((await suite.admin.post("/api/kpi", { email, ytdRevenue: ytd, mrr: 0, topProducts: [] })).status).toBeLessThan(300);
    }
    const verticals = (await suite.admin.get<Vertical[]>("/api/white-label/verticals")).body;
    // The bakery from the brand test has no industry; retail and healthcare tie on count and come by name.
    expect(verticals).toEqual([
      { industry: "technology", leadCount: 3, revenue: "1250.50" },
      { industry: "finance", leadCount: 2, revenue: "99999.99" },
      { industry: "healthcare", leadCount: 1, revenue: "0.00" },
      { industry: "retail", leadCount: 1, revenue: "10.00" },
      { industry: null, leadCount: 1, revenue: "0.00" },
    ]);
  });

  it("keeps the revenue per industry right when a lead moves industry, its KPI changes, or it is deleted", async () => {
    const all = (await suite.admin.get<Lead[]>("/api/leads?limit=100")).body;
    const byEmail = (email: string) => all.find((lead) => lead.email === email)!;
    expect((await suite.admin.put(`/api/leads/${byEmail("tech1@v.test").id}`, { industry: "retail" })).status).toBe(200);
    expect((await suite.admin.post("/api/kpi", { email: "fin1@v.test", ytdRevenue: "100.01", mrr: 0, topProducts: [] })).status).toBeLessThan(300);
    expect((await suite.admin.delete(`/api/leads/${byEmail("tech2@v.test").id}`)).status).toBe(200);
    const verticals = (await suite.admin.get<Vertical[]>("/api/white-label/verticals")).body;
    expect(verticals).toEqual([
      { industry: "finance", leadCount: 2, revenue: "100.01" },
      { industry: "retail", leadCount: 2, revenue: "1010.50" },
      { industry: "healthcare", leadCount: 1, revenue: "0.00" },
      { industry: "technology", leadCount: 1, revenue: "0.00" },
      { industry: null, leadCount: 1, revenue: "0.00" },
    ]);
  });
});

describe.each(testDrivers)("verticals under the lead access setting on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("counts a restricted agent's own and unassigned leads and their revenue per industry, an administrator's every lead", async () => {
    const agent = await signedInAgent(suite.rt, "Dana Agent", "dana.verticals@leadwell.test");
    const other = await signedInAgent(suite.rt, "Omar Agent", "omar.verticals@leadwell.test");
    const industryOf = { own: ["Retail", "Finance"], unassigned: [undefined], others: ["Retail", "Retail", "Finance"] };
    const made = await leadsByOwner<Lead>(suite.rt, suite.admin, { agent, other }, (group, i) => {
      const industry = industryOf[group][i];
      return scopeLeadFields(`vertical ${group} ${i}`, industry ? { industry } : {});
    });
    for (const [lead, ytdRevenue] of [[made.own[0]!, 100], [made.unassigned[0]!, 5], [made.others[0]!, 1000], [made.others[1]!, 1000], [made.others[2]!, 300]] as const) {
      expect((await suite.admin.post("/api/kpi", { email: lead.email, ytdRevenue, mrr: 1, topProducts: [] })).status).toBe(200);
    }
    const everyLead = [
      { industry: "Retail", leadCount: 3, revenue: "2100.00" },
      { industry: "Finance", leadCount: 2, revenue: "300.00" },
      { industry: null, leadCount: 1, revenue: "5.00" },
    ];

    await setLeadAccess(suite.admin, "own");
    expect((await agent.client.get<Vertical[]>("/api/white-label/verticals")).body).toEqual([
      { industry: "Finance", leadCount: 1, revenue: "0.00" },
      { industry: "Retail", leadCount: 1, revenue: "100.00" },
      { industry: null, leadCount: 1, revenue: "5.00" },
    ]);
    expect((await suite.admin.get<Vertical[]>("/api/white-label/verticals")).body).toEqual(everyLead);
    await setLeadAccess(suite.admin, "all");
    expect((await agent.client.get<Vertical[]>("/api/white-label/verticals")).body).toEqual(everyLead);
  });
});
