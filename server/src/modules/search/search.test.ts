import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Issue } from "@contract/issues";
import type { SearchResult } from "@contract/search";
import type { Task } from "@contract/tasks";
import { signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

describe.each(testDrivers)("global search on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("ranks business names starting with the term first, folds case and accents, and counts every match", async () => {
    const leads = [
      ["Bakery Núñez", "ana@nunez.es"],
      ["The Nunez Garage", "contact@garage.com"],
      ["Núñez Consulting", "hi@consulting.com"],
      ["Plumbing Co", "nunez.family@example.com"],
      ["Unrelated", "x@example.com"],
    ];
    for (const [i, [businessName, email]] of leads.entries()) {
      await suite.admin.post("/api/leads", { businessOwnerName: "O", businessOwnerLastName: `L${i}`, businessName, email });
    }
    const res = await suite.admin.get<SearchResult>("/api/search?q=NUNEZ");
    expect(res.status).toBe(200);
    expect(res.body.leads[0]).toMatchObject({ businessName: "Núñez Consulting", email: "hi@consulting.com" });
    expect(res.body.leads.map((l) => l.businessName).sort()).toEqual(["Bakery Núñez", "Núñez Consulting", "Plumbing Co", "The Nunez Garage"]);
    expect(res.body.totals).toEqual({ leads: 4, affiliates: 0, issues: 0, notes: 0, tasks: 0, articles: 0 });
    expect(res.body.affiliates).toEqual([]);
    expect(res.body.issues).toEqual([]);
  });

  it("caps each group at five while the total counts all matches", async () => {
    for (let i = 0; i < 7; i++) {
      await suite.admin.post("/api/leads", { businessOwnerName: "O", businessOwnerLastName: `M${i}`, businessName: `Moonlight ${i}`, email: `moon${i}@example.com` });
    }
    const res = await suite.admin.get<SearchResult>("/api/search?q=moonlight");
    expect(res.body.leads).toHaveLength(5);
    expect(res.body.totals.leads).toBe(7);
  });

  it("finds technical issues by description, closest first, five at most with the full count", async () => {
    const report = async (description: string) => (await suite.admin.post<Issue>("/api/issues", { email: "ops@example.com", description, screenshotUrl: "https://shots.example.com/1.png" })).body;
    const exact = await report("Pâtisserie export");
    for (let i = 0; i < 6; i++) await report(`The patisserie export number ${i} fails with a timeout on large files`);
    await report("Unrelated dashboard glitch");
    const res = await suite.admin.get<SearchResult>("/api/search?q=PATISSERIE%20EXPORT");
    expect(res.status).toBe(200);
    expect(res.body.totals.issues).toBe(7);
    expect(res.body.issues).toHaveLength(5);
    expect(res.body.issues[0]).toEqual({
      id: exact.id,
      description: "Pâtisserie export",
      status: expect.stringMatching(/^(open|awaiting_review)$/),
      createdAt: exact.createdAt,
      screenshotUrl: "https://shots.example.com/1.png",
      aiRepairLog: expect.toSatisfy((log: unknown) => log === null || typeof log === "object"),
    });
    expect(res.body.totals.leads).toBe(0);
  });

  it("finds leads holding every word, leads with every word in their names first", async () => {
    const post = async (businessOwnerName: string, businessOwnerLastName: string, businessName: string, email: string) =>
      (await suite.admin.post<{ id: number }>("/api/leads", { businessOwnerName, businessOwnerLastName, businessName, email })).body.id;
    const byName = await post("Diego", "Núñez", "Westfield Plumbing", "d.nunez@example.com");
    await post("Diego", "Ramos", "Harbor Bakery", "ramos@harbor.test");
    await post("Ana", "Nuñez", "Westfield Dental", "ana@dental.test");
    // Only its email holds both words; it is newer and its text is closer to the search, yet ranks below the names.
    const byEmail = await post("Zoë", "Kim", "Acme", "diego.westfield@mail.test");

    const res = await suite.admin.get<SearchResult>("/api/search?q=diego%20westfield");
    expect(res.status).toBe(200);
    expect(res.body.leads.map((l) => l.id)).toEqual([byName, byEmail]);
    expect(res.body.leads[0]).toEqual({ id: byName, businessName: "Westfield Plumbing", email: "d.nunez@example.com" });
    expect(res.body.totals.leads).toBe(2);

    const folded = await suite.admin.get<SearchResult>("/api/search?q=N%C3%9A%C3%91EZ%20WEST");
    expect(folded.body.leads.map((l) => l.businessName).sort()).toEqual(["Westfield Dental", "Westfield Plumbing"]);
    expect(folded.body.totals.leads).toBe(2);

    const prefixed = await suite.admin.get<SearchResult>("/api/search?q=westfield%20d");
    expect(prefixed.body.leads.map((l) => l.businessName).slice(0, 2)).toEqual(["Westfield Dental", "Westfield Plumbing"]);
    expect(prefixed.body.totals.leads).toBe(3);

    const none = await suite.admin.get<SearchResult>("/api/search?q=diego%20zebra");
    expect(none.body.leads).toEqual([]);
    expect(none.body.totals.leads).toBe(0);
  });

  it("answers 400 for an empty term", async () => {
    const res = await suite.admin.get("/api/search?q=%20%20");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "q: Enter a search term", code: "search.term_required", fields: { q: "Enter a search term" }, fieldCodes: { q: { code: "search.term_required" } } });
    expect((await suite.admin.get("/api/search")).status).toBe(400);
  });
});

describe.each(testDrivers)("global search of tasks and knowledge articles on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const search = async (client: TestClient, q: string) => {
    const res = await client.get<SearchResult>(`/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it("finds tasks and knowledge articles by title, folded, closest first, five at most with the full count", async () => {
    const task = async (title: string, extra: Record<string, unknown> = {}) => (await suite.admin.post<Task>("/api/tasks", { title, ...extra })).body;
    const article = async (title: string, body = "How we work.") => {
      const res = await suite.admin.post<{ id: number; title: string; version: string }>("/api/knowledge-base", { title, body });
      expect(res.status).toBe(201);
      return res.body;
    };
    const exact = await task("Ñandú", { dueDate: "2031-05-04", status: "in_progress" });
    for (let i = 0; i < 6; i++) await task(`Call the nandu importers back about order ${i}`);
    // Only its description holds the word: tasks are found by title.
    await task("Quarterly review", { description: "Ask Nandu for the figures" });
    const guide = await article("NANDU onboarding");
    await article("Nandú returns policy");
    await article("Unlinked text", "The Nandu word only in the body");

    const res = await search(suite.admin, "nandu");
    expect(res.totals.tasks).toBe(7);
    expect(res.tasks).toHaveLength(5);
    expect(res.tasks[0]).toEqual({ id: exact.id, title: "Ñandú", status: "in_progress", dueDate: "2031-05-04" });
    expect(res.tasks.slice(1).every((t) => /^Call the nandu importers back about order \d$/.test(t.title) && t.status === "open" && t.dueDate === null)).toBe(true);
    expect(res.totals.articles).toBe(2);
    expect(res.articles.map((a) => a.title).sort()).toEqual(["NANDU onboarding", "Nandú returns policy"]);
    expect(res.articles).toContainEqual({ id: guide.id, title: "NANDU onboarding", version: "1.0" });
    expect(res.totals.leads).toBe(0);

    // The palette's first keystrokes: one and two characters match anywhere in the title too.
    const short = await search(suite.admin, "Q");
    expect(short.tasks.map((t) => t.title)).toEqual(["Quarterly review"]);
    expect(short.articles).toEqual([]);
    expect(short.totals).toMatchObject({ tasks: 1, articles: 0 });
    const two = await search(suite.admin, "RE");
    expect(two.articles.map((a) => a.title)).toEqual(["Nandú returns policy"]);
    expect(two.tasks.map((t) => t.title)).toEqual(["Quarterly review"]);
  });

  it("finds tasks and articles for each role exactly when that role may read them through their own lists", async () => {
    await suite.admin.post("/api/tasks", { title: "Wallaby follow-up" });
    await suite.admin.post("/api/knowledge-base", { title: "Wallaby playbook", body: "Steps." });
    for (const role of ["viewer", "agent", "manager"] as const) {
      const client = await signedInWithRole(suite.rt, role, { name: `A ${role}`, email: `${role}.search@leadwell.test` });
      const res = await search(client, "wallaby");
      const readsTasks = (await client.get("/api/tasks")).status === 200;
      const readsArticles = (await client.get("/api/knowledge-base")).status === 200;
      expect({ role, tasks: res.tasks.map((t) => t.title), articles: res.articles.map((a) => a.title), totals: [res.totals.tasks, res.totals.articles] }).toEqual({
        role,
        tasks: readsTasks ? ["Wallaby follow-up"] : [],
        articles: readsArticles ? ["Wallaby playbook"] : [],
        totals: [readsTasks ? 1 : 0, readsArticles ? 1 : 0],
      });
      // Every role reads both today (crm.read): the least of them, the viewer, finds both.
      if (role === "viewer") expect([readsTasks, readsArticles]).toEqual([true, true]);
    }

    // An API key made only to capture leads may read neither tasks nor articles: the search refuses it outright.
    const made = await suite.admin.post<{ key: string }>("/api/settings/api-keys", { label: "lead form", scope: "leads:write" });
    expect(made.status).toBe(201);
    const bearer = { authorization: `Bearer ${made.body.key}` };
    const refused = await suite.rt.client().get<{ code: string }>("/api/search?q=wallaby", bearer);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("auth.api_key_scope");
    expect((await suite.rt.client().get("/api/tasks", bearer)).status).toBe(403);
  });
});

describe.each(testDrivers)("global search past the count's cap on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("estimates a common word's total from the sampled leads, and still ranks names starting with the term first", async () => {
    // 9,000 business names starting with "Quokka"; 1,500 leads holding "Wombat" only in the owner's last name
    // (no business name starts with it); 2,000 business names holding "Bilby" after their first word.
    await suite.rt.ctx.db.execute(sql`
      INSERT INTO leads (business_owner_name, business_owner_last_name, business_name, email)
      SELECT 'Ana', 'Owner' || i, 'Quokka Traders ' || i, 'quokka' || i || '@bulk.test' FROM generate_series(1, 9000) AS i`);
    await suite.rt.ctx.db.execute(sql`
      INSERT INTO leads (business_owner_name, business_owner_last_name, business_name, email)
      SELECT 'Ana', 'Wombat' || i, 'Shop ' || i, 'shop' || i || '@bulk.test' FROM generate_series(1, 1500) AS i`);
    await suite.rt.ctx.db.execute(sql`
      INSERT INTO leads (business_owner_name, business_owner_last_name, business_name, email)
      SELECT 'Ana', 'Owner' || i, 'The Bilby ' || i, 'b' || i || '@bulk.test' FROM generate_series(1, 2000) AS i`);
    const search = async (q: string) => {
      const res = await suite.admin.get<SearchResult>(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    // Business names fill the list, so the matches are only counted: among the sampled leads (140 or 141 of the
    // 9,000 consecutive ids are multiples of 64), 8,960 or 9,024 to two figures.
    const quokka = await search("QUOKKA");
    expect(quokka.totals).toEqual({ leads: 9000, affiliates: 0, issues: 0, notes: 0, tasks: 0, articles: 0 });
    // The first five business names in folded order that start with the term, closest first.
    expect(quokka.leads.map((l) => l.businessName).sort()).toEqual(["Quokka Traders 1", "Quokka Traders 10", "Quokka Traders 100", "Quokka Traders 1000", "Quokka Traders 1001"]);
    expect(quokka.leads[0]).toMatchObject({ businessName: "Quokka Traders 1", email: "quokka1@bulk.test" });

    // Past the count's cap the sample estimates the total: 23 or 24 of 1,500 consecutive ids, 31 or 32 of 2,000.
    const wombat = await search("wombat");
    expect(wombat.totals.leads).toBe(1500);
    expect(wombat.leads).toHaveLength(5);
    expect(wombat.leads.every((l) => /^Shop \d+$/.test(l.businessName))).toBe(true);

    const bilby = await search("bilby the");
    expect(bilby.totals.leads).toBe(2000);
    // No business name starts with "bilby the": the closest of those holding both words in their names, the shortest.
    expect(bilby.leads).toHaveLength(5);
    expect(bilby.leads.every((l) => /^The Bilby \d$/.test(l.businessName))).toBe(true);
  });
});
