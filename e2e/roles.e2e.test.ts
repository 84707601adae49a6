import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const PASSWORD = "a viewer's long password";

/** Invites someone with a role through the API as the administrator, then accepts the link in a fresh browser. */
async function memberWithRole(e2e: E2EServer, admin: Page, role: "viewer" | "agent", email: string): Promise<Page> {
  const invited = await admin.request.post("/api/enterprise/invitations", { data: { email, name: `${role} person`, role } });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: { path: string } };
  const token = link.path.split("#")[1];
  const { page } = await e2e.newPage();
  const accepted = await page.request.post("/api/auth/invitations/accept", { data: { token, name: `${role} person`, password: PASSWORD } });
  expect(accepted.ok()).toBe(true);
  return page;
}

describe("what a role sees", () => {
  let e2e: E2EServer;
  let admin: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: admin } = await e2e.newPage());
    await completeSetup(admin, ADMIN);
    const lead = await admin.request.post("/api/leads", {
      data: { businessName: "Acme Roles", businessOwnerName: "Ana", businessOwnerLastName: "Ruiz", email: "ana@acme-roles.test", phoneNumber: "555 0100", industry: "technology", status: "new" },
    });
    expect(lead.status()).toBe(201);
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("shows a viewer the leads without the Add Lead form, Edit or Delete, and says why", async () => {
    const viewer = await memberWithRole(e2e, admin, "viewer", "vera@leadwell.test");
    await viewer.goto("/leads");
    await viewer.getByTestId("lead-row").getByText("Acme Roles").waitFor();
    await viewer.getByTestId("lead-create").getByTestId("role-note").getByText("Your role (Viewer) can see this but not change it.", { exact: false }).waitFor();
    expect(await viewer.getByTestId("lead-create").locator("form").count()).toBe(0);
    expect(await viewer.getByRole("button", { name: /^Edit Acme Roles/ }).count()).toBe(0);
    expect(await viewer.getByRole("button", { name: /^Delete Acme Roles/ }).count()).toBe(0);
    await viewer.getByTestId("sidebar").getByText("Viewer / Read Only").first().waitFor();

    await viewer.goto("/kpi");
    await viewer.getByTestId("kpi-sync").getByTestId("role-note").waitFor();
    await viewer.goto("/feedback");
    await viewer.getByTestId("page-title").getByText("Feedback", { exact: true }).waitFor();
    expect(await viewer.getByRole("button", { name: "Share Feedback" }).count()).toBe(0);
  });

  it("gives an agent the forms, and leaves deleting leads to managers", async () => {
    const agent = await memberWithRole(e2e, admin, "agent", "aldo@leadwell.test");
    await agent.goto("/leads");
    await agent.getByTestId("lead-create").locator("form").waitFor();
    await agent.getByRole("button", { name: /^Edit Acme Roles/ }).waitFor();
    // Agents may not delete leads.
    expect(await agent.getByRole("button", { name: /^Delete Acme Roles/ }).count()).toBe(0);
  });
});
