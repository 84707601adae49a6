import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../server/src/config";
import { startOidcTestProvider, type OidcTestProvider } from "../server/src/test/oidc-test-provider";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };

describe("single sign-on in the browser", () => {
  let e2e: E2EServer;
  let idp: OidcTestProvider;
  let admin: Page;

  beforeAll(async () => {
    // The provider is configured on the Enterprise tab, so it can learn the app's address (a free port) first.
    // The provider listens on 127.0.0.1, which the outbound address rule refuses unless ALLOW_PRIVATE_ADDRESSES is set.
    e2e = await startE2E({
      webhooks: loadConfig({ ALLOW_PRIVATE_ADDRESSES: "1" }).webhooks,
      sso: { environmentProvider: undefined, defaultRole: "agent", allowHttpIssuer: true },
    });
    idp = await startOidcTestProvider([`${e2e.baseUrl}/api/auth/sso/okta/callback`]);
    ({ page: admin } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.stop();
    await idp?.close();
  });

  it("lets an administrator configure and enable a provider on the Enterprise tab", async () => {
    await completeSetup(admin, ADMIN);
    await admin.getByRole("button", { name: "Necessary Only" }).click();
    await admin.goto("/enterprise?tab=enterprise");
    const card = admin.getByTestId("sso-card");
    const okta = card.locator('[data-testid="sso-provider-row"][data-provider="okta"]');
    await okta.waitFor();
    expect(await card.getByTestId("sso-provider-row").count()).toBe(4);
    expect((await okta.getByTestId("sso-configured").textContent())?.trim()).toBe("No");
    expect(await okta.getByTestId("sso-toggle").isDisabled()).toBe(true);

    await okta.getByTestId("sso-configure").click();
    const dialog = admin.getByTestId("sso-dialog");
    await dialog.getByTestId("sso-callback-url").getByText(`${e2e.baseUrl}/api/auth/sso/okta/callback`, { exact: false }).waitFor();
    await dialog.getByLabel("Button name").fill("Company login");
    await dialog.getByLabel("Issuer URL").fill(idp.issuer);
    await dialog.getByLabel("Client ID").fill(idp.clientId);
    await dialog.getByLabel("Client secret").fill(idp.clientSecret);
    await dialog.getByTestId("sso-save").click();
    await dialog.waitFor({ state: "hidden" });
    await okta.getByText("Company login").waitFor();
    expect((await okta.getByTestId("sso-configured").textContent())?.trim()).toBe("Yes");
    expect((await okta.getByTestId("sso-enabled").textContent())?.trim()).toBe("Yes");
    await okta.getByText(`Secret ending in ${idp.clientSecret.slice(-4)}`).waitFor();
  });

  it("shows the provider on the sign-in page and signs a new person in through it", async () => {
    idp.signInAs("lin-sub", { email: "lin@idp.test", name: "Lin Browser" });
    const { page } = await e2e.newPage();
    await page.goto("/login");
    const button = page.getByRole("link", { name: "Sign in with Company login" });
    await button.click();
    await page.getByTestId("page-title").getByText("Dashboard", { exact: true }).waitFor();
    await page.getByTestId("sidebar").getByText("Agent / Team Member").first().waitFor();
    const me = await page.evaluate(async () => (await fetch("/api/auth/me")).json());
    expect(me).toMatchObject({ email: "lin@idp.test", role: "agent" });
  });

  it("brings a refused sign-in back to the sign-in page with the reason", async () => {
    const { page } = await e2e.newPage();
    await page.goto("/api/auth/sso/google/start");
    await page.getByTestId("sso-error").getByText("Signing in with this provider is not available", { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
