import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";

/** Serious and critical axe findings on the page as it is (the full walk is e2e/accessibility-walk.ts). */
async function axeFindings(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map((finding) => `${finding.id}: ${finding.help}`);
}

const ADMIN = { name: "Ida Security", email: "ida@leadwell.test", password: "a long enough password" };

describe("the Security tab in the browser", () => {
  let e2e: E2EServer;
  let admin: Page;
  let laptop: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: admin } = await e2e.newPage());
    ({ page: laptop } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("shows a second session of the administrator and revokes it, which signs that browser out", async () => {
    await completeSetup(admin, ADMIN);
    await admin.getByRole("button", { name: "Necessary Only" }).click();
    // The brand this browser chose is named in the audit rows of its changes.
    await admin.evaluate(() => window.localStorage.setItem("leadwell.brand", "Acme Security"));

    await laptop.goto("/");
    await laptop.getByTestId("sign-in-form").waitFor();
    await laptop.getByLabel("Email").fill(ADMIN.email);
    await laptop.getByLabel("Password").fill(ADMIN.password);
    await laptop.getByRole("button", { name: "Sign in" }).click();
    await laptop.getByTestId("page-title").getByText("Dashboard", { exact: true }).waitFor();

    await admin.goto("/enterprise?tab=security");
    const sessions = admin.getByTestId("security-sessions-card");
    await expect.poll(() => sessions.getByTestId("security-session-row").count(), { timeout: 15_000 }).toBe(2);
    expect((await admin.getByTestId("security-sessions").textContent())?.trim()).toBe("2");
    // The other session is the one not marked as this one.
    const other = sessions.getByTestId("security-session-row").filter({ hasNotText: "(this session)" });
    await other.getByTestId("security-session-revoke").click();
    const confirm = admin.getByTestId("security-session-confirm");
    await confirm.getByText("They are signed out at once").waitFor();
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => sessions.getByTestId("security-session-row").count(), { timeout: 15_000 }).toBe(1);

    await laptop.reload();
    await laptop.getByTestId("sign-in-form").waitFor();
  });

  it("lists the revocation in the latest events and the audit trail, and the full view filters and exports it", async () => {
    await admin.getByTestId("security-event-row").filter({ hasText: "security.session_revoked" }).first().waitFor();
    const latest = admin.getByTestId("audit-trail-card");
    const revoked = latest.getByTestId("audit-row").filter({ hasText: "security.session_revoked" });
    await revoked.waitFor();
    await revoked.getByText("Acme Security").waitFor();
    expect(await latest.getByTestId("audit-row").count()).toBeLessThanOrEqual(5);
    expect(await axeFindings(admin)).toEqual([]);

    await admin.getByTestId("audit-trail-open").click();
    const dialog = admin.getByTestId("audit-trail-dialog");
    await dialog.getByTestId("audit-row").first().waitFor();
    await dialog.getByLabel("Action").fill("auth.");
    await dialog.getByTestId("audit-filters-apply").click();
    // Every row an auth. action, and some shown: between the unfiltered list and the filtered one the table may be empty.
    const filtered = async () => {
      const texts = await dialog.getByTestId("audit-row").allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes("auth."));
    };
    await expect.poll(filtered, { timeout: 15_000 }).toBe(true);
    expect(await dialog.getByTestId("audit-row").count()).toBeGreaterThanOrEqual(2);
    expect(await axeFindings(admin)).toEqual([]);
    const href = await dialog.getByTestId("audit-export").getAttribute("href");
    expect(href).toBe("/api/enterprise/audit-trail/export.csv?action=auth.");
    const csv = await admin.evaluate(async (url) => (await fetch(url)).text(), href!);
    expect(csv).toContain("auth.login");
    expect(csv).not.toContain("security.session_revoked");
  });

  it("shows the service level on the Enterprise tab with each target", async () => {
    await admin.keyboard.press("Escape");
    await admin.goto("/enterprise?tab=enterprise");
    const card = admin.getByTestId("service-level-card");
    await card.getByText("Target: at most 500 ms").waitFor();
    await card.getByTestId("service-level-p95LatencyMs-value").waitFor();
    expect(await card.getByText("Target: at least 99.9 %").count()).toBe(1);
  });
});
