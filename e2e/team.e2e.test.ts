import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, createLead, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const NEWCOMER = { name: "Alan Turing", email: "alan@leadwell.test", password: "another long password" };
const NEW_PASSWORD = "a new and longer password";

describe("the team in the browser", () => {
  let e2e: E2EServer;
  let admin: Page;
  let adminContext: BrowserContext;
  let inviteLink = "";
  let newcomer: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context: adminContext, page: admin } = await e2e.newPage());
    await adminContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.baseUrl });
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("lists the roles and invites a new agent with a link shown once", async () => {
    await completeSetup(admin, ADMIN);
    await admin.getByRole("button", { name: "Necessary Only" }).click();
    await admin.goto("/enterprise?tab=enterprise");
    const roles = admin.getByTestId("roles-card");
    await roles.getByTestId("role-row").first().waitFor();
    expect(await roles.getByTestId("role-row").count()).toBe(4);
    expect((await roles.getByTestId("role-permission-count").last().textContent())?.trim()).toBe("1");

    const team = admin.getByTestId("team-card");
    await team.getByLabel("Email").fill(NEWCOMER.email);
    await team.getByLabel("Name (optional)").fill(NEWCOMER.name);
    await team.getByRole("combobox", { name: "Role", exact: true }).click();
    await admin.getByRole("option", { name: "Agent" }).click();
    await team.getByTestId("invite-submit").click();
    const link = team.getByTestId("team-link-value");
    await link.waitFor();
    inviteLink = await link.inputValue();
    expect(inviteLink).toMatch(new RegExp(`^${e2e.baseUrl}/invite#[A-Za-z0-9_-]{43}$`));
    await team.getByTestId("team-invitation-row").getByText(NEWCOMER.email).waitFor();
    await team.getByTestId("team-link-done").click();
    expect(await team.getByTestId("team-link").count()).toBe(0);
  });

  it("lets the invited person choose a password and land signed in with their role", async () => {
    const { page } = await e2e.newPage();
    newcomer = page;
    await page.goto(inviteLink);
    await page.getByTestId("invitation-summary").getByText(`You are joining as Agent with ${NEWCOMER.email}.`).waitFor();
    // The secret leaves the address bar as soon as it is read.
    expect(new URL(page.url()).hash).toBe("");
    expect(await page.getByLabel("Full name").inputValue()).toBe(NEWCOMER.name);
    await page.getByLabel("Password", { exact: true }).fill(NEWCOMER.password);
    await page.getByLabel("Confirm password").fill(NEWCOMER.password);
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.getByTestId("page-title").getByText("Dashboard", { exact: true }).waitFor();
    await page.getByTestId("sidebar").getByText("Agent / Team Member").first().waitFor();

    // The same link a second time says it can no longer be used.
    const { page: again } = await e2e.newPage();
    await again.goto(inviteLink);
    await again.getByTestId("invitation-invalid").waitFor();
  });

  it("deactivates the new member, and their session ends", async () => {
    await admin.reload();
    const row = admin.getByTestId("team-member-row").filter({ hasText: NEWCOMER.email });
    await row.getByRole("button", { name: `Deactivate ${NEWCOMER.name}` }).click();
    await admin.getByTestId("team-confirm").getByRole("button", { name: "Deactivate" }).click();
    await row.getByTestId("team-member-status").getByText("Deactivated").waitFor();
    await row.getByRole("button", { name: `Reactivate ${NEWCOMER.name}` }).waitFor();
    await newcomer.reload();
    await newcomer.getByTestId("sign-in-form").waitFor();
  });

  it("offers a deactivated member no new tasks, and still filters by them, marked", async () => {
    await admin.goto("/tasks");
    await admin.getByRole("button", { name: "New Task" }).click();
    const dialog = admin.getByTestId("task-create-dialog");
    await dialog.getByLabel("Assignee", { exact: true }).click();
    const offered = await admin.getByRole("option").allTextContents();
    expect(offered).toContain(`${ADMIN.name} (me)`);
    expect(offered.some((name) => name.includes(NEWCOMER.name))).toBe(false);
    await admin.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await admin.getByTestId("task-filters").getByLabel("Assignee", { exact: true }).click();
    expect(await admin.getByRole("option").allTextContents()).toContain(`${NEWCOMER.name} (deactivated)`);
    await admin.keyboard.press("Escape");
  });
  it("signs out the person's other sessions from the account menu, once confirmed", async () => {
    const { page: elsewhere } = await e2e.newPage();
    const login = await elsewhere.request.post("/api/auth/login", { data: { email: ADMIN.email, password: ADMIN.password }, headers: { origin: e2e.baseUrl } });
    expect(login.ok()).toBe(true);

    await admin.getByTestId("user-menu").click();
    await admin.getByRole("menuitem", { name: "Sign out other sessions" }).click();
    const confirm = admin.getByTestId("end-other-sessions-dialog");
    await confirm.getByText("Sign out your other sessions?").waitFor();
    expect(await seriousViolations(admin, '[data-testid="end-other-sessions-dialog"]')).toEqual([]);
    await confirm.getByRole("button", { name: "Sign out other sessions" }).click();
    await admin.getByText("1 other session was signed out.").first().waitFor();
    await confirm.waitFor({ state: "detached" });
    expect((await elsewhere.request.get("/api/auth/me")).status()).toBe(401);
    expect((await admin.request.get("/api/auth/me")).ok()).toBe(true);
  });

  it("changes the signed-in person's own password from the account menu, signing out their other sessions", async () => {
    const { page: elsewhere } = await e2e.newPage();
    const login = await elsewhere.request.post("/api/auth/login", { data: { email: ADMIN.email, password: ADMIN.password }, headers: { origin: e2e.baseUrl } });
    expect(login.ok()).toBe(true);
    await elsewhere.goto("/");
    await elsewhere.getByTestId("page-title").getByText("Dashboard", { exact: true }).waitFor();

    await admin.getByTestId("user-menu").click();
    await admin.getByRole("menuitem", { name: "Change password" }).click();
    const dialog = admin.getByTestId("change-password-dialog");
    await dialog.getByLabel("Current password").fill("not my password at all");
    await dialog.getByLabel("New password").fill(NEW_PASSWORD);
    await dialog.getByLabel("Confirm password").fill(NEW_PASSWORD);
    await dialog.getByRole("button", { name: "Change password" }).click();
    await dialog.getByText("This is not your current password").waitFor();
    expect(await dialog.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(await seriousViolations(admin, '[data-testid="change-password-dialog"]')).toEqual([]);

    await dialog.getByLabel("Current password").fill(ADMIN.password);
    await dialog.getByRole("button", { name: "Change password" }).click();
    await admin.getByText("1 other session was signed out.").first().waitFor();
    await dialog.waitFor({ state: "detached" });
    // This session goes on; the other one is signed out, and the new password signs in.
    await admin.reload();
    await admin.getByTestId("page-title").waitFor();
    expect(await admin.getByTestId("sign-in-form").count()).toBe(0);
    await elsewhere.reload();
    await elsewhere.getByTestId("sign-in-form").waitFor();
    expect((await elsewhere.request.post("/api/auth/login", { data: { email: ADMIN.email, password: ADMIN.password }, headers: { origin: e2e.baseUrl } })).status()).toBe(401);
    expect((await elsewhere.request.post("/api/auth/login", { data: { email: ADMIN.email, password: NEW_PASSWORD }, headers: { origin: e2e.baseUrl } })).ok()).toBe(true);
  });

  it("corrects a member's name: their lead shows the new name, and its timeline says the assignee was renamed", async () => {
    await admin.goto("/enterprise?tab=enterprise");
    const row = admin.getByTestId("team-member-row").filter({ hasText: NEWCOMER.email });
    await row.getByRole("button", { name: `Reactivate ${NEWCOMER.name}`, exact: true }).click();
    await row.getByTestId("team-member-status").getByText("Active", { exact: true }).waitFor();
    const members = (await (await admin.request.get("/api/enterprise/users")).json()) as { id: number; email: string }[];
    const alan = members.find((member) => member.email === NEWCOMER.email)!;
    await createLead(admin.request, {
      businessOwnerName: "Rena",
      businessOwnerLastName: "Baker",
      businessName: "Rename Bakery",
      email: "rena@rename-bakery.test",
      assigneeId: alan.id,
    });
    await row.getByRole("button", { name: `Edit the name of ${NEWCOMER.name}`, exact: true }).click();
    const dialog = admin.getByTestId("member-rename-dialog");
    await dialog.getByLabel("Name", { exact: true }).fill("  ");
    await dialog.getByTestId("member-rename-submit").click();
    await dialog.getByText("Name is required").waitFor();
    expect(await seriousViolations(admin, '[data-testid="member-rename-dialog"]')).toEqual([]);

    await dialog.getByLabel("Name", { exact: true }).fill("Alan M. Turing");
    await dialog.getByTestId("member-rename-submit").click();
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Alan M. Turing", { exact: true }).waitFor();

    // The row counts the person's leads and opens them in Lead Management.
    await row.getByTestId("team-member-leads").getByText("1 assigned lead", { exact: true }).click();
    await expect.poll(() => new URL(admin.url()).search).toBe(`?assignee=${alan.id}`);
    await admin.getByRole("link", { name: "Rename Bakery", exact: true }).click();
    await admin.getByTestId("lead-page").getByText("Alan M. Turing", { exact: true }).first().waitFor();
    await admin.getByText(`${ADMIN.name} renamed the lead's assignee`).waitFor();
  });

  it("corrects the signed-in person's own name from the account menu", async () => {
    await admin.getByTestId("user-menu").click();
    await admin.getByRole("menuitem", { name: "Change your name", exact: true }).click();
    const dialog = admin.getByTestId("change-name-dialog");
    expect(await dialog.getByLabel("Name", { exact: true }).inputValue()).toBe(ADMIN.name);
    expect(await seriousViolations(admin, '[data-testid="change-name-dialog"]')).toEqual([]);
    await dialog.getByLabel("Name", { exact: true }).fill("Grace B. Hopper");
    await dialog.getByRole("button", { name: "Save name", exact: true }).click();
    await admin.getByText("Your name is now Grace B. Hopper").first().waitFor();
    await dialog.waitFor({ state: "detached" });
    await admin.getByTestId("user-menu").click();
    await admin.getByRole("menu").getByText("Grace B. Hopper", { exact: true }).waitFor();
    await admin.keyboard.press("Escape");
  });
});
