import { describe, expect, it } from "vitest";
import type { Issue } from "@contract/issues";
import type { SearchResult } from "@contract/search";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

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
    expect(res.body.totals).toEqual({ leads: 4, affiliates: 0, issues: 0 });
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
    expect(res.body).toEqual({ error: "q: Enter a search term", fields: { q: "Enter a search term" } });
    expect((await suite.admin.get("/api/search")).status).toBe(400);
  });
});
