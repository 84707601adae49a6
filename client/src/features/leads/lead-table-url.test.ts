import { describe, expect, it } from "vitest";
import { DEFAULT_LEAD_TABLE_STATE, type LeadTableState } from "@contract/lead-table";
import { leadFilterSchema } from "@contract/leads";
import { assigneeLeadsPath } from "./lead-list-path";
import { activeLeadFilterCount, hasLeadTableState, leadListQuery, leadTableFromSearch, leadTableToSearch } from "./lead-table-url";

describe("the leads table's state in the address", () => {
  it("reads an empty address as the default view, and writes the default view as an empty address", () => {
    expect(leadTableFromSearch("")).toEqual({ state: DEFAULT_LEAD_TABLE_STATE, cursors: [] });
    expect(leadTableToSearch({ state: DEFAULT_LEAD_TABLE_STATE })).toBe("");
    expect(hasLeadTableState("")).toBe(false);
    expect(hasLeadTableState("?other=1")).toBe(false);
    expect(hasLeadTableState("?status=new")).toBe(true);
  });

  it("round-trips filters (several values each), sort, direction, ordered columns and the page cursors", () => {
    const state: LeadTableState = {
      filter: {
        q: "acme",
        status: ["new", "converted"],
        priority: ["high"],
        stage: ["New", "Proposal"],
        industry: ["Retail"],
        assignee: ["me", "none"],
        source: ["Web"],
        affiliateCode: ["any"],
        tag: ["vip", "q3"],
        createdFrom: "2026-01-01",
        createdTo: "2026-02-01",
        updatedFrom: "2026-03-01",
        updatedTo: "2026-04-01",
        hasKpi: "true",
        revenueMin: "100",
        revenueMax: "5000",
      },
      sort: "businessName",
      dir: "asc",
      columns: ["stage", "business", "created"],
    };
    const search = leadTableToSearch({ state, cursors: ["c1", "c2"] });
    expect(search).toContain("status=new&status=converted");
    expect(search).toContain("cols=stage%2Cbusiness%2Ccreated");
    expect(leadTableFromSearch(`?${search}`)).toEqual({ state, cursors: ["c1", "c2"] });
  });

  it("falls back to the default for unknown sorts, directions and columns, and counts a repeated column once", () => {
    const { state } = leadTableFromSearch("?sort=password&dir=sideways&cols=nope,email,email,status&hasKpi=maybe");
    expect(state.sort).toBe("createdAt");
    expect(state.dir).toBe("desc");
    expect(state.columns).toEqual(["email", "status"]);
    expect(state.filter).toEqual({});
    expect(leadTableFromSearch("?cols=nope").state.columns).toEqual(DEFAULT_LEAD_TABLE_STATE.columns);
  });

  it("gives the list a query the server's filter schema accepts, with sort and dir", () => {
    const { state } = leadTableFromSearch("?status=new&status=lost&assignee=none&hasKpi=false&revenueMin=10&sort=email&dir=asc");
    const query = leadListQuery(state);
    expect(query).toMatchObject({ sort: "email", dir: "asc" });
    const parsed = leadFilterSchema.parse(state.filter);
    expect(parsed.status).toEqual(["new", "lost"]);
    expect(parsed.hasKpi).toBe(false);
  });

  it("counts each set filter value, the search text not counted", () => {
    expect(activeLeadFilterCount({})).toBe(0);
    expect(activeLeadFilterCount({ q: "x", status: ["new", "converted"], hasKpi: "true", createdFrom: "2026-01-01" })).toBe(4);
  });
});

describe("a link to one person's leads", () => {
  it("opens the table with only the assignee filter set", () => {
    const path = assigneeLeadsPath(42);
    expect(path).toBe("/leads?assignee=42");
    expect(leadTableFromSearch(path.slice(path.indexOf("?"))).state).toEqual({ ...DEFAULT_LEAD_TABLE_STATE, filter: { assignee: ["42"] } });
  });
});
