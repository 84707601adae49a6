// @vitest-environment node
import { describe, expect, it } from "vitest";
import { appRoutes } from "../routes";
import { exportAction, exportRules } from "./export-routes";

describe("the Export Data table", () => {
  it("declares every route, and nothing that is not a route", () => {
    expect(Object.keys(exportRules).sort()).toEqual(appRoutes.map((route) => route.path).sort());
  });

  it("exports each list screen and gives every other screen a reason", () => {
    const exporting = Object.entries(exportRules)
      .filter(([, rule]) => rule.kind === "csv")
      .map(([path]) => path)
      .sort();
    expect(exporting).toEqual(["/affiliates", "/analytics", "/feedback", "/issues", "/kpi", "/leads", "/referrals"]);
    expect(exportAction("/", "", null)).toEqual({ reasonKey: "header.exportDashboard" });
    expect(exportAction("/settings", "", null)).toEqual({ reasonKey: "header.exportNothing" });
    expect(exportAction(undefined, "", null)).toEqual({ reasonKey: "header.exportNothing" });
  });

  it("ignores what a page registers on a screen that has nothing to export", () => {
    expect(exportAction("/", "", "/api/leads/export.csv")).toEqual({ reasonKey: "header.exportDashboard" });
  });

  it("reads the Technical Issues filters from the query string, dropping an unknown status", () => {
    expect(exportAction("/issues", "?tab=manage&q=%20chart%20&status=failed", null)).toEqual({ url: "/api/issues/export.csv?q=chart&status=failed" });
    expect(exportAction("/issues", "tab=review&id=4&status=bogus", null)).toEqual({ url: "/api/issues/export.csv" });
  });

  it("uses the filtered URL a page registered only when it is that screen's export", () => {
    expect(exportAction("/referrals", "", "/api/referrals/export.csv?affiliateId=3")).toEqual({ url: "/api/referrals/export.csv?affiliateId=3" });
    expect(exportAction("/referrals", "", null)).toEqual({ url: "/api/referrals/export.csv" });
    expect(exportAction("/referrals", "", "/api/leads/export.csv?q=x")).toEqual({ url: "/api/referrals/export.csv" });
    expect(exportAction("/kpi", "", "/api/kpi/export.csv?x=1")).toEqual({ url: "/api/kpi/export.csv" });
    expect(exportAction("/feedback", "", null)).toEqual({ url: "/api/feedback/export.csv" });
  });
});
