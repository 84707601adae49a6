import { afterAll, beforeAll, describe, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";
import { seedDemoCustomerSuccess } from "../scripts/seed-demo-customer-success";

describe("shots", () => {
  let e2e: E2EServer;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.stop();
  });
  it("takes shots", async () => {
    const { page } = await e2e.newPage();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await completeSetup(page, { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" });
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await seedDemoCustomerSuccess(e2e.runtime.ctx.db);
    for (const lng of ["en", "es"]) {
      await page.evaluate((l) => localStorage.setItem("i18nextLng", l), lng);
      for (const tab of ["overview", "nps", "onboarding", "retention", "engagement", "reviews"]) {
        await page.goto(`/customer-success?tab=${tab}`);
        await page.waitForTimeout(1200);
        await page.screenshot({ path: `/tmp/cs-${lng}-${tab}.png`, fullPage: true });
      }
    }
    await page.goto(`/customer-success?tab=nps`);
    await page.getByRole("button", { name: /NPS/ }).first().click();
    await page.getByRole("dialog").getByText("7", { exact: true }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/cs-dialog.png` });
  });
});
