import { describe, expect, it } from "vitest";
import { z } from "zod";
import { eq, sql } from "drizzle-orm";
import type { CreatedApiKey } from "@contract/api-keys";
import { LEAD_SUMMARY_FIELDS, leadSchema, leadSummarySchema, type Lead, type LeadSummary } from "@contract/leads";
import type { Notification } from "@contract/notifications";
import { auditLogs, kpiMetrics } from "../../db/schema";
import { suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

const aLead = (n: number | string, extra: Record<string, unknown> = {}) => ({
  businessOwnerName: "Ana",
  businessOwnerLastName: `Owner${n}`,
  businessName: `Business ${n}`,
  email: `owner${n}@example.com`,
  ...extra,
});

async function create(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post<Lead>("/api/leads", body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}

describe.each(testDrivers)("leads API on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("answers every Add Lead message of the spec, naming the fields", async () => {
    const res = await suite.admin.post("/api/leads", {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "businessOwnerName: First name is required",
      code: "lead.first_name_required",
      fields: {
        businessOwnerName: "First name is required",
        businessOwnerLastName: "Last name is required",
        businessName: "Business name is required",
        email: "Valid email is required",
      },
      fieldCodes: {
        businessOwnerName: { code: "lead.first_name_required" },
        businessOwnerLastName: { code: "lead.last_name_required" },
        businessName: { code: "lead.business_name_required" },
        email: { code: "field.email_required" },
      },
    });
    const badEmail = await suite.admin.post("/api/leads", aLead(0, { email: "not-an-email" }));
    expect(badEmail.body).toMatchObject({ fields: { email: "Valid email is required" } });
  });

  it("answers the same documents in lists (serialised by the database) as for one lead, in the contract's exact shape", async () => {
    const full = await create(
      suite.admin,
      aLead("doc", {
        phoneNumber: "+34 600 000 000",
        industry: "finance",
        currentCrmUsage: false,
        currentSoftwareChallenges: ["Too many tools", 'Quotes "and" commas, \\ too'],
        quizHistory: [{ step: 1, answer: "yes" }],
        aiAnalysis: { score: 0.75, notes: ["ñ", "€"] },
        customFields: { region: "Sur" },
        tags: ["vip", "ñandú"],
        pipelineStage: "Proposal",
        leadSource: "Trade fair",
        assignedTo: "Ada Lovelace",
      }),
    );
    const bare = await create(suite.admin, aLead("doc-bare"));
    await suite.admin.post("/api/kpi", { email: full.email, ytdRevenue: 1234.5, mrr: 99, topProducts: [] });
    const list = await suite.admin.get<Lead[]>("/api/leads?q=doc&limit=10&view=full");
    expect(list.headers["content-type"]).toMatch(/^application\/json/);
    const strictList = z.array(leadSchema.strict()).safeParse(list.body);
    expect(strictList.error).toBeUndefined();
    const summaries = await suite.admin.get<LeadSummary[]>("/api/leads?q=doc&limit=10");
    expect(z.array(leadSummarySchema.strict()).safeParse(summaries.body).error).toBeUndefined();
    for (const lead of [full, bare]) {
      const one = await suite.admin.get<Lead>(`/api/leads/${lead.id}`);
      expect(list.body.find((l) => l.id === lead.id)).toEqual(one.body);
      const summary = Object.fromEntries(LEAD_SUMMARY_FIELDS.map((name) => [name, one.body[name]]));
      expect(summaries.body.find((l) => l.id === lead.id)).toEqual(summary);
    }
    expect(list.body.find((l) => l.id === full.id)?.kpi).toMatchObject({ ytdRevenue: "1234.50", mrr: "99.00" });
    expect(list.body.find((l) => l.id === bare.id)).toMatchObject({ kpi: null, pipelineStage: "New", tags: [], aiAnalysis: null });
    expect(summaries.body.find((l) => l.id === full.id)).toMatchObject({ pipelineStage: "Proposal", industry: "finance" });
    // The leads table shows, and Edit Lead edits, the owner, source and tags from the summary alone.
    expect(summaries.body.find((l) => l.id === full.id)).toMatchObject({ assignedTo: "Ada Lovelace", leadSource: "Trade fair", tags: ["vip", "ñandú"] });
    expect(summaries.body.find((l) => l.id === bare.id)).toMatchObject({ assignedTo: null, leadSource: null, tags: [] });
    const report = await suite.admin.get<Lead[]>("/api/reports?source=finance");
    expect(report.body.find((l) => l.id === full.id)).toEqual(list.body.find((l) => l.id === full.id));
  });

  it("creates a lead with the defaults and the alternative names", async () => {
    const lead = await create(suite.admin, aLead(1, { phoneNumber: "+1 (555) 010-2000", industry: "retail", yearsInBusiness: "2-5" }));
    expect(lead).toMatchObject({
      businessName: "Business 1",
      status: "new",
      priority: "medium",
      pipelineStage: "New",
      kpi: null,
      businessOwnerEmail: "owner1@example.com",
      businessType: "retail",
      quizHistory: [],
      tags: [],
      employeeCount: null,
    });
    const { attribution, ...stored } = lead as Lead & { attribution: unknown };
    expect(attribution).toBeNull();
    expect((await suite.admin.get<Lead>(`/api/leads/${lead.id}`)).body).toEqual(stored);
    expect((await suite.admin.get("/api/leads/999999")).status).toBe(404);
  });

  it("refuses a duplicate email in any letter case with a 409 on the email field", async () => {
    const res = await suite.admin.post("/api/leads", aLead("dup", { email: "OWNER1@Example.COM" }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "A lead with this email already exists",
      code: "lead.email_taken",
      fields: { email: "A lead with this email already exists" },
      fieldCodes: { email: { code: "lead.email_taken" } },
    });
  });

  it("answers 400 naming the field when a value is longer than its column allows", async () => {
    const tooLong = (max: number) => ({ code: "field.too_long", params: { max } });
    const cases: [string, unknown, string, { code: string; params?: Record<string, string | number> }][] = [
      ["businessName", "x".repeat(151), "Maximum 150 characters allowed", tooLong(150)],
      ["businessOwnerName", "x".repeat(101), "Maximum 100 characters allowed", tooLong(100)],
      ["phoneNumber", "1".repeat(31), "Maximum 30 characters allowed", tooLong(30)],
      ["industry", "x".repeat(51), "Maximum 50 characters allowed", tooLong(50)],
      ["quizVersion", "x".repeat(21), "Maximum 20 characters allowed", tooLong(20)],
      [
        "status",
        "won",
        "Status must be one of: new, contacted, qualified, converted, lost",
        { code: "lead.invalid_status", params: { options: "new, contacted, qualified, converted, lost" } },
      ],
      ["phoneNumber", "call me maybe", "Please enter a valid phone number", { code: "field.invalid_phone" }],
    ];
    for (const [field, value, message, coded] of cases) {
      const res = await suite.admin.post("/api/leads", aLead("long", { [field]: value }));
      expect({ field, status: res.status, body: res.body }).toEqual({
        field,
        status: 400,
        body: { error: `${field}: ${message}`, ...coded, fields: { [field]: message }, fieldCodes: { [field]: coded } },
      });
    }
    expect((await suite.admin.get<Lead[]>("/api/leads?q=Business long")).body).toEqual([]);
  });

  it("changes only the fields sent", async () => {
    const lead = await create(suite.admin, aLead(2, { phoneNumber: "555 0102", tags: ["vip"], priority: "high" }));
    const res = await suite.admin.put<Lead>(`/api/leads/${lead.id}`, { status: "contacted" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "contacted", phoneNumber: "555 0102", tags: ["vip"], priority: "high", businessName: "Business 2" });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(lead.updatedAt));
    expect((await suite.admin.put(`/api/leads/${lead.id}`, {})).body).toEqual({
      error: "body: Send at least one field to change",
      code: "request.empty_update",
      fields: { body: "Send at least one field to change" },
      fieldCodes: { body: { code: "request.empty_update" } },
    });
    expect((await suite.admin.put(`/api/leads/${lead.id}`, { email: "owner1@EXAMPLE.com" })).status).toBe(409);
    expect((await suite.admin.put("/api/leads/999999", { status: "lost" })).status).toBe(404);
    const audit = await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "lead.update"));
    expect(audit.at(-1)?.details).toBe(`Lead #${lead.id}: status`);
    // And as a code with params, for the audit trail to show in the reader's language.
    expect([audit.at(-1)?.code, audit.at(-1)?.params]).toEqual(["lead.updated", { leadId: lead.id, fields: "status" }]);
  });

  it("deletes a lead together with its KPI record", async () => {
    const lead = await create(suite.admin, aLead(3));
    await suite.rt.ctx.db.insert(kpiMetrics).values({ leadId: lead.id, ytdRevenue: "1000.00", mrr: "100.00" });
    expect((await suite.admin.delete(`/api/leads/${lead.id}`)).body).toEqual({ ok: true });
    expect(await suite.rt.ctx.db.select().from(kpiMetrics).where(eq(kpiMetrics.leadId, lead.id))).toEqual([]);
    expect((await suite.admin.get(`/api/leads/${lead.id}`)).status).toBe(404);
    expect((await suite.admin.delete(`/api/leads/${lead.id}`)).status).toBe(404);
  });

  it("captures a lead from a website or quiz with an API key, with every quiz field", async () => {
    const key = (await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Quiz funnel" })).body.key;
    const quiz = {
      ...aLead("quiz"),
      phoneNumber: "+34 600 000 000",
      yearsInBusiness: "5-10",
      employeeCount: "11-50",
      industry: "other",
      industryOther: "Bakeries",
      currentCrmUsage: true,
      currentCrmPlatform: "Spreadsheets",
      currentSoftwareChallenges: ["Too manual", "Other"],
      currentSoftwareChallengesOther: "Double entry",
      crmChallenges: ["Follow-ups"],
      crmChallengesOther: "Forgetting calls",
      desiredFeatures: ["Reminders", "Reports"],
      desiredFeaturesOther: "WhatsApp",
      metricsTrackingMethod: "Excel",
      preferredInsightMethod: "Email digest",
      preferredInsightMethodOther: "Phone",
      crmSetupResponsible: "Owner",
      quizVersion: "v3",
      quizSource: "instagram",
      affiliateCode: "PARTNER1",
      quizHistory: [{ step: 1, answer: "yes" }],
      aiAnalysis: { fit: "high" },
      leadSource: "quiz",
      tags: ["quiz"],
      customFields: { campaign: "spring" },
    };
    const anonymous = suite.rt.client();
    const res = await anonymous.post<Lead>("/api/leads", quiz, { authorization: `Bearer ${key}` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(quiz);
    expect((await anonymous.post("/api/leads", aLead("nokey"))).status).toBe(401);
    // Written by the notifications subscriber once the lead.created event is dispatched.
    const told = async () => (await suite.admin.get<Notification[]>("/api/notifications")).body.some((n) => n.message === "New lead captured: Business quiz (ownerquiz@example.com)");
    await expect.poll(told, { timeout: 10_000 }).toBe(true);
    const [audit] = await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.details, `Lead #${res.body.id} Business quiz <ownerquiz@example.com>`));
    expect(audit?.userEmail).toMatch(/\(API key #\d+\)$/);
  });
});

describe.each(testDrivers)("lead lists, search and export on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const created: Lead[] = [];

  it("pages with a total header and a cursor, in every sort, without gaps or repeats", async () => {
    const names = ["Zeta Corp", "alpha shop", "Ålborg Bikes", "beta labs", "Gamma & Sons", "delta, inc.", "Épsilon Café"];
    for (const [i, businessName] of names.entries()) {
      created.push(await create(suite.admin, aLead(`p${i}`, { businessName, industry: i % 2 ? "retail" : "finance", status: i < 2 ? "qualified" : "new" })));
    }
    const first = await suite.admin.get<Lead[]>("/api/leads?limit=3");
    expect(first.headers["x-total-count"]).toBe("7");
    expect(first.headers["x-total-count-exact"]).toBe("true");
    expect(first.body.map((l) => l.businessName)).toEqual(["Épsilon Café", "delta, inc.", "Gamma & Sons"]);

    for (const sort of ["-createdAt", "createdAt", "businessName", "-businessName", "-updatedAt"]) {
      const seen: string[] = [];
      let url = `/api/leads?limit=3&sort=${sort}`;
      for (let guard = 0; guard < 10; guard++) {
        const page = await suite.admin.get<Lead[]>(url);
        seen.push(...page.body.map((l) => l.businessName));
        const next = page.headers["x-next-cursor"];
        if (!next) break;
        url = `/api/leads?limit=3&sort=${sort}&cursor=${next}`;
      }
      expect({ sort, count: seen.length, distinct: new Set(seen).size }).toEqual({ sort, count: 7, distinct: 7 });
      if (sort === "businessName") {
        expect(seen).toEqual(["Ålborg Bikes", "alpha shop", "beta labs", "delta, inc.", "Épsilon Café", "Gamma & Sons", "Zeta Corp"]);
      }
    }
    const offset = await suite.admin.get<Lead[]>("/api/leads?limit=2&offset=5&sort=createdAt");
    expect(offset.body.map((l) => l.businessName)).toEqual(["delta, inc.", "Épsilon Café"]);
  });

  it("rejects a cursor that is not one, or belongs to another sort", async () => {
    const bad = await suite.admin.get("/api/leads?cursor=garbage");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { cursor: expect.any(String) } });
    const next = (await suite.admin.get("/api/leads?limit=2")).headers["x-next-cursor"] as string;
    expect((await suite.admin.get(`/api/leads?limit=2&sort=businessName&cursor=${next}`)).status).toBe(400);
    expect((await suite.admin.get("/api/leads?limit=0")).body).toMatchObject({ fields: { limit: expect.any(String) } });
  });

  it("filters by status and industry with exact totals", async () => {
    const qualified = await suite.admin.get<Lead[]>("/api/leads?status=qualified");
    expect(qualified.body.map((l) => l.businessName).sort()).toEqual(["Zeta Corp", "alpha shop"]);
    expect(qualified.headers["x-total-count"]).toBe("2");
    const retailNew = await suite.admin.get<Lead[]>("/api/leads?status=new&industry=retail");
    expect(retailNew.headers["x-total-count"]).toBe(String(retailNew.body.length));
    expect(retailNew.body.every((l) => l.industry === "retail" && l.status === "new")).toBe(true);
  });

  it("searches case- and accent-insensitively over name, owner, email and phone", async () => {
    const names = async (q: string) => (await suite.admin.get<Lead[]>(`/api/leads?q=${encodeURIComponent(q)}`)).body.map((l) => l.businessName);
    expect(await names("EPSILON cafe")).toEqual(["Épsilon Café"]);
    expect(await names("alborg")).toEqual(["Ålborg Bikes"]);
    expect(await names("ownerp3@EXAMPLE")).toEqual(["beta labs"]);
    expect(await names("Ownerp4")).toEqual(["Gamma & Sons"]);
    expect(await names("ga")).toEqual(["Gamma & Sons"]); // short terms match the start of the business name
    expect(await names("%")).toEqual([]); // wildcards are literal
    expect(await names("nothing like this")).toEqual([]);
    const searched = await suite.admin.get("/api/leads?q=example.com");
    expect(searched.headers["x-total-count"]).toBe("7");
    expect(searched.headers["x-total-count-exact"]).toBe("true");
  });

  it("exports the filtered list as CSV with a BOM, RFC 4180 quoting and formula-safe cells", async () => {
    await create(suite.admin, aLead("formula", { businessName: '=HYPERLINK("http://evil")', industry: "finance", phoneNumber: "+1 555" }));
    const res = await suite.admin.get("/api/leads/export.csv?industry=finance&sort=createdAt");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text.startsWith("\uFEFFID,Business,First name,Last name,Email,Phone,Industry")).toBe(true);
    const lines = res.text.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 4 + 1); // header, the four finance leads, the formula lead
    expect(lines[1]).toContain(",Zeta Corp,Ana,Ownerp0,ownerp0@example.com,,finance,");
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.text).toContain(",+1 555,"); // a phone number stays as it is
    const quoted = await suite.admin.get("/api/leads/export.csv?q=delta");
    expect(quoted.text).toContain(',"delta, inc.",');
  });
});

describe.each(testDrivers)("multi-word lead search on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const names = async (q: string) => (await suite.admin.get<Lead[]>(`/api/leads?q=${encodeURIComponent(q)}`)).body.map((l) => l.businessName).sort();

  it("finds leads holding every word, in any field and order, folding accents and case", async () => {
    await create(suite.admin, { businessOwnerName: "Diego", businessOwnerLastName: "Núñez", businessName: "Westfield Plumbing", email: "d.nunez@example.com" });
    await create(suite.admin, { businessOwnerName: "Diego", businessOwnerLastName: "Ramos", businessName: "Harbor Bakery", email: "ramos@harbor.test" });
    await create(suite.admin, { businessOwnerName: "Ana", businessOwnerLastName: "Nuñez", businessName: "Westfield Dental", email: "ana@dental.test" });
    await create(suite.admin, { businessOwnerName: "Zoë", businessOwnerLastName: "Kim", businessName: "Acme Tools", email: "diego.westfield@mail.test" });

    const found = await suite.admin.get<Lead[]>("/api/leads?q=diego%20westfield");
    expect(found.status).toBe(200);
    expect(found.body.map((l) => l.businessName).sort()).toEqual(["Acme Tools", "Westfield Plumbing"]);
    expect(found.headers["x-total-count"]).toBe("2");
    expect(found.headers["x-total-count-exact"]).toBe("true");
    expect(await names("  Westfield   DIEGO ")).toEqual(["Acme Tools", "Westfield Plumbing"]);
    expect(await names("nunez")).toEqual(["Westfield Dental", "Westfield Plumbing"]);
    expect(await names("NÚÑEZ WEST")).toEqual(["Westfield Dental", "Westfield Plumbing"]);
    expect(await names("ramos harbor bakery")).toEqual(["Harbor Bakery"]);
    expect(await names("westfield & dental")).toEqual(["Westfield Dental"]); // a lone "&" is not a word
  });

  it("answers nothing when one word matches nothing", async () => {
    const res = await suite.admin.get<Lead[]>("/api/leads?q=diego%20zebra");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
    expect(await names("westfield diego 100%")).toEqual([]); // wildcards stay literal in every word
  });

  it("needs each whole word, not only the three letters in its middle", async () => {
    // Holds "ieg" and "tfi" (what the index is asked for), and "die", "ego", "wes" and "eld" too, but neither "diego"
    // nor "westfield".
    await create(suite.admin, { businessOwnerName: "Liege", businessOwnerLastName: "Diehard Lego", businessName: "Artfield Wes Weld", email: "works@weld.test" });
    expect(await names("diego westfield")).toEqual(["Acme Tools", "Westfield Plumbing"]);
    expect(await names("liege artfield")).toEqual(["Artfield Wes Weld"]);
    expect(await names("d.nunez@example.com westfield")).toEqual(["Westfield Plumbing"]); // punctuation inside a word
  });

  it("matches a word of one or two characters at the start of a word", async () => {
    expect(await names("di westfield")).toEqual(["Acme Tools", "Westfield Plumbing"]);
    expect(await names("westfield d")).toEqual(["Acme Tools", "Westfield Dental", "Westfield Plumbing"]);
    expect(await names("ie westfield")).toEqual([]); // "ie" is inside "diego", not at a word's start
  });

  it("pages a multi-word search with its cursor in any sort", async () => {
    for (const sort of ["-createdAt", "businessName"]) {
      const first = await suite.admin.get<Lead[]>(`/api/leads?q=westfield%20d&limit=2&sort=${sort}`);
      expect(first.headers["x-total-count"]).toBe("3");
      const second = await suite.admin.get<Lead[]>(`/api/leads?q=westfield%20d&limit=2&sort=${sort}&cursor=${first.headers["x-next-cursor"] as string}`);
      const seen = [...first.body, ...second.body].map((l) => l.businessName);
      expect({ sort, seen: [...seen].sort(), last: second.headers["x-next-cursor"] }).toEqual({
        sort,
        seen: ["Acme Tools", "Westfield Dental", "Westfield Plumbing"],
        last: undefined,
      });
      if (sort === "businessName") expect(seen).toEqual(["Acme Tools", "Westfield Dental", "Westfield Plumbing"]);
    }
  });
});

describe.each(testDrivers)("search totals past the count's cap on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  // n leads holding `word`, one second apart from 2026-01-01, with the ids firstId, firstId + step, …: which of them
  // are sampled (multiples of 64) is then known, whatever the database's sequence has reached.
  const seed = (word: string, n: number, firstId: number, step = 1) =>
    suite.rt.ctx.db.execute(sql`
      INSERT INTO leads (id, business_owner_name, business_owner_last_name, business_name, email, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${firstId} + (i - 1) * ${step}, 'Ana', 'Owner' || i, ${word} || ' Traders ' || i, lower(${word}) || i || '@bulk.test',
             timestamptz '2026-01-01T00:00:00Z' + i * interval '1 second', timestamptz '2026-01-01T00:00:00Z' + i * interval '1 second'
      FROM generate_series(1, ${n}) AS i`);

  it("counts up to 1,000 exactly, estimates more from the sampled leads, and pages the newest first either way", async () => {
    // Quokka: 9,000 leads, 140 of them sampled (ids 10,000,001–10,009,000), so about 140 × 64 = 8,960 → 9,000.
    // Wombat: 1,500, 23 sampled → 1,472 → 1,500. Kiwi: 1,100, none sampled (every id one past a multiple of 64),
    // so counted in full, up to the cap: about 1,000. Numbat: 900, 14 sampled (too few to estimate): exact.
    await seed("Quokka", 9_000, 10_000_001);
    await seed("Wombat", 1_500, 20_000_001);
    await seed("Kiwi", 1_100, 30_000_001, 64);
    await seed("Numbat", 900, 40_000_001);
    const page = async (q: string, more = "") => {
      const res = await suite.admin.get<Lead[]>(`/api/leads?q=${encodeURIComponent(q)}&limit=3${more}`);
      expect(res.status).toBe(200);
      return { total: res.headers["x-total-count"], exact: res.headers["x-total-count-exact"], names: res.body.map((l) => l.businessName), next: res.headers["x-next-cursor"] as string };
    };
    const quokka = await page("quokka");
    expect(quokka).toMatchObject({ total: "9000", exact: "false", names: ["Quokka Traders 9000", "Quokka Traders 8999", "Quokka Traders 8998"] });
    expect((await page("quokka", `&cursor=${quokka.next}`)).names).toEqual(["Quokka Traders 8997", "Quokka Traders 8996", "Quokka Traders 8995"]);
    expect(await page("TRADERS qUÖkka")).toMatchObject({ total: "9000", exact: "false", names: ["Quokka Traders 9000", "Quokka Traders 8999", "Quokka Traders 8998"] });
    expect(await page("quokka", "&offset=6")).toMatchObject({ total: "9000", exact: "false", names: ["Quokka Traders 8994", "Quokka Traders 8993", "Quokka Traders 8992"] });
    expect(await page("wombat")).toMatchObject({ total: "1500", exact: "false", names: ["Wombat Traders 1500", "Wombat Traders 1499", "Wombat Traders 1498"] });
    expect(await page("kiwi")).toMatchObject({ total: "1000", exact: "false", names: ["Kiwi Traders 1100", "Kiwi Traders 1099", "Kiwi Traders 1098"] });
    expect(await page("numbat")).toMatchObject({ total: "900", exact: "true", names: ["Numbat Traders 900", "Numbat Traders 899", "Numbat Traders 898"] });
    expect(await page("numbat traders 89")).toMatchObject({ total: "11", exact: "true", names: ["Numbat Traders 899", "Numbat Traders 898", "Numbat Traders 897"] });
    expect(await page("quokka", "&status=new")).toMatchObject({ total: "9000", exact: "false", names: ["Quokka Traders 9000", "Quokka Traders 8999", "Quokka Traders 8998"] });
    expect(await page("quokka", "&status=lost")).toMatchObject({ total: "0", exact: "true", names: [] });
  });
});
