import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Csp Admin", email: "csp@leadwell.test", password: "a long enough password" };

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

declare global {
  interface Window {
    reportCspViolation?: (violation: Violation) => void;
  }
}

describe("the app under its Content-Security-Policy", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  const violations: Violation[] = [];
  const cspMessages: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    // The binding and the init script come through the DevTools protocol, so the policy does not block them.
    await context.exposeFunction("reportCspViolation", (violation: Violation) => violations.push(violation));
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        window.reportCspViolation?.({
          directive: event.violatedDirective,
          blocked: event.blockedURI,
          source: event.sourceFile,
          sample: event.sample,
        });
      });
    });
    page.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspMessages.push(message.text());
    });
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("sends the policy with the page, its assets and the API", async () => {
    const response = await page.goto("/");
    const policy = response?.headers()["content-security-policy"] ?? "";
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const script = await page.locator("script[src]").first().getAttribute("src");
    expect((await context.request.get(script!)).headers()["content-security-policy"]).toBe(policy);
    expect((await context.request.get("/api/health")).headers()["content-security-policy"]).toBe(policy);
  });

  it("runs set-up, the dashboard's charts, lists and menus without a single violation", async () => {
    await completeSetup(page, ADMIN);
    await page.getByTestId("page-title").getByText("Dashboard", { exact: true }).waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    for (const [path, title] of [
      ["/leads", "Lead Management"],
      ["/kpi", "KPI Metrics"],
      ["/issues", "Technical Issues"],
      ["/settings", "Settings"],
    ]) {
      await page.goto(path!);
      await page.getByTestId("page-title").getByText(title!, { exact: true }).waitFor();
    }
    // A modal menu locks scrolling by adding a <style> element.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).waitFor();
    await page.keyboard.press("Escape");
    await page.reload();
    await page.getByTestId("page-title").getByText("Settings", { exact: true }).waitFor();
    expect(violations).toEqual([]);
    expect(cspMessages).toEqual([]);
  });

  it("keeps Swagger UI at /api/docs working", async () => {
    await page.goto("/api/docs");
    await page.locator(".swagger-ui .info .title").getByText("Leadwell API").waitFor();
    await page.locator(".opblock").first().waitFor();
    expect(violations).toEqual([]);
    expect(cspMessages).toEqual([]);
  });
});
