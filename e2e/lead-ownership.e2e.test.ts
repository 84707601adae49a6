import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";

/*
 * Issue 26.5 in the browser: an administrator limits agents to their own and unassigned leads in Settings, an agent
 * then sees only those in the leads table (with a note saying so), and the administrator sets a round-robin rule for
 * the public form's new leads.
 */

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };
const AGENT_PASSWORD = "an agent's long password";

const businesses = (page: Page) => page.getByTestId("lead-row").getByTestId("lead-page-link").allTextContents();

/** Invites an agent through the API as the administrator, accepts the link in a fresh browser, and answers their id. */
async function agent(e2e: E2EServer, admin: BrowserContext, name: string, email: string): Promise<{ page: Page; id: number }> {
  const invited = await admin.request.post("/api/enterprise/invitations", { data: { email, name, role: "agent" } });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: { path: string } };
  const token = link.path.split("#")[1];
  const { page } = await e2e.newPage();
  const accepted = await page.request.post("/api/auth/invitations/accept", { data: { token, name, password: AGENT_PASSWORD } });
  expect(accepted.ok()).toBe(true);
  const staff = (await (await admin.request.get("/api/tasks/assignees")).json()) as { id: number; email: string }[];
  const id = staff.find((person) => person.email === email)?.id;
  expect(id).toBeTypeOf("number");
  return { page, id: id! };
}

/** A lead made by the administrator through the API, then given to `assigneeId` (null: nobody). */
async function lead(admin: BrowserContext, businessName: string, index: number, assigneeId: number | null): Promise<number> {
  const created = await admin.request.post("/api/leads", {
    data: { businessName, businessOwnerName: "Owner", businessOwnerLastName: `N${index}`, email: `owner${index}@ownership.test` },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  if (assigneeId !== null) expect((await admin.request.put(`/api/leads/${id}`, { data: { assigneeId } })).status()).toBe(200);
  return id;
}

describe("leads owned by their agent", () => {
  let e2e: E2EServer;
  let admin: BrowserContext;
  let page: Page;
  let alan: { page: Page; id: number };
  let bea: { page: Page; id: number };

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context: admin, page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    alan = await agent(e2e, admin, "Alan Agent", "alan@ownership.test");
    bea = await agent(e2e, admin, "Bea Agent", "bea@ownership.test");
    await lead(admin, "Alan's Bakery", 1, alan.id);
    await lead(admin, "Bea's Garage", 2, bea.id);
    await lead(admin, "Open Orchard", 3, null);
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("lets the administrator limit agents to their own and unassigned leads, with a confirmation", async () => {
    await page.goto("/settings");
    const card = page.getByTestId("settings-lead-access");
    await card.getByTestId("lead-access-all").waitFor();
    expect(await card.getByTestId("lead-access-all").isChecked()).toBe(true);
    expect(await card.getByTestId("lead-access-save").isDisabled()).toBe(true);
    await card.getByLabel("Their own leads and unassigned ones").check();
    await card.getByTestId("lead-access-save").click();
    await page.getByText("Lead access saved").first().waitFor();
    await expect.poll(async () => ((await (await admin.request.get("/api/settings/lead-access")).json()) as { agents: string }).agents).toBe("own");
    expect(await card.getByTestId("lead-access-own").isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows an agent only their own and unassigned leads, and says so", async () => {
    await alan.page.goto("/leads");
    await alan.page.getByRole("button", { name: "Necessary Only" }).click();
    await alan.page.getByTestId("lead-scope-note").getByText("Showing your leads and unassigned ones").waitFor();
    await expect.poll(async () => (await businesses(alan.page)).sort()).toEqual(["Alan's Bakery", "Open Orchard"]);
    // The administrator still sees every lead, without the note.
    await page.goto("/leads");
    await expect.poll(async () => (await businesses(page)).sort()).toEqual(["Alan's Bakery", "Bea's Garage", "Open Orchard"]);
    expect(await page.getByTestId("lead-scope-note").count()).toBe(0);
    // The agent reads the setting in Settings but may not change it.
    await alan.page.goto("/settings");
    await alan.page.getByTestId("lead-access-current").getByText("Their own leads and unassigned ones", { exact: false }).waitFor();
    expect(await alan.page.getByTestId("lead-access-save").count()).toBe(0);
  });

  it("sets a round-robin rule for the public form, and shows the server's refusal beside the source it concerns", async () => {
    await page.goto("/settings");
    const card = page.getByTestId("settings-lead-assignment");
    const form = card.getByTestId("lead-assignment-form");
    await form.getByLabel("Round-robin over chosen staff").check();
    await form.getByRole("checkbox", { name: "Alan Agent", exact: true }).click();
    await form.getByRole("checkbox", { name: "Bea Agent", exact: true }).click();
    // One person for the API, but nobody chosen: the server's 400 names that rule.
    const api = card.getByTestId("lead-assignment-api");
    await api.getByLabel("One person").check();
    await card.getByTestId("lead-assignment-save").click();
    await api.getByText("Choose exactly one person to receive these leads").waitFor();
    // The card with its message (the error toast beside it is the shared toast's, checked elsewhere).
    expect(await seriousViolations(page, '[data-testid="settings-lead-assignment"]')).toEqual([]);

    await api.getByLabel("Nobody").check();
    await card.getByTestId("lead-assignment-save").click();
    await page.getByText("Assignment rules saved").first().waitFor();
    const stored = (await (await admin.request.get("/api/settings/lead-assignment")).json()) as { rules: { source: string; mode: string; userIds: number[] }[] };
    expect(stored.rules.find((rule) => rule.source === "form")).toMatchObject({ mode: "roundRobin", userIds: [alan.id, bea.id] });
    expect(stored.rules.find((rule) => rule.source === "api")).toMatchObject({ mode: "none", userIds: [] });
    expect(await bea.page.request.get("/api/settings/lead-assignment").then((answer) => answer.status())).toBe(200);
  });

  it("keeps an assignee name that matched no member of staff until someone is chosen, on the lead's page", async () => {
    const id = await lead(admin, "Legacy Lumber", 4, null);
    expect((await admin.request.put(`/api/leads/${id}`, { data: { assignedTo: "Old CRM Person" } })).status()).toBe(200);
    await page.goto(`/leads/${id}`);
    const work = page.getByTestId("lead-group-work");
    await work.getByTestId("lead-field-assigneeId").getByText("Old CRM Person (not a member of staff)").waitFor();
    await work.getByTestId("lead-group-edit").click();
    const form = work.getByTestId("lead-group-form");
    const assignee = form.getByRole("combobox", { name: "Assignee" });
    await expect.poll(async () => ((await assignee.textContent()) ?? "").trim()).toBe("Old CRM Person (not a member of staff)");
    await form.getByText("This name matches no member of staff.", { exact: false }).waitFor();
    expect(await form.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    expect(await seriousViolations(page, '[data-testid="lead-group-work"]')).toEqual([]);

    await assignee.click();
    await page.getByRole("option", { name: "Bea Agent", exact: true }).click();
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => ((await work.getByTestId("lead-field-assigneeId").textContent()) ?? "").trim()).toBe("Bea Agent");
    const stored = (await (await admin.request.get(`/api/leads/${id}`)).json()) as { assigneeId: number | null; assignedTo: string | null };
    expect(stored).toMatchObject({ assigneeId: bea.id, assignedTo: "Bea Agent" });
  });
});
