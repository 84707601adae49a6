import { describe, expect, it } from "vitest";
import { DEFAULT_LEAD_COLUMNS } from "@contract/lead-table";
import { ACTIONS_REM, CONTACT_MIN_REM, SELECT_REM, fitLeadColumns } from "./lead-column-fit";
import { moveLeadColumn, toggleLeadColumn } from "./lead-columns-menu";

describe("the leads table's columns in a card", () => {
  it("draws every default column but Industry in a 1280 px window's card (about 61rem), with or without the checkboxes", () => {
    for (const selectable of [true, false]) {
      const fit = fitLeadColumns(DEFAULT_LEAD_COLUMNS, 61, selectable);
      expect(fit.shown).toEqual(["business", "email", "status", "stage", "priority", "assignee"]);
      const fixed = Object.values(fit.widths).reduce((sum, rem) => sum + rem, 0) + ACTIONS_REM + (selectable ? SELECT_REM : 0);
      expect(61 - fixed).toBeGreaterThanOrEqual(CONTACT_MIN_REM);
    }
  });

  it("drops Industry, then Stage, Assignee and Priority as the card narrows, never Business, Contact, Status or an added column", () => {
    expect(fitLeadColumns(DEFAULT_LEAD_COLUMNS, 80, true).shown).toEqual([...DEFAULT_LEAD_COLUMNS]);
    expect(fitLeadColumns(DEFAULT_LEAD_COLUMNS, 52, true).shown).toEqual(["business", "email", "status", "priority", "assignee"]);
    expect(fitLeadColumns(DEFAULT_LEAD_COLUMNS, 30, true).shown).toEqual(["business", "email", "status"]);
    const added = fitLeadColumns(["business", "created", "email", "status", "source"], 20, true);
    expect(added.shown).toEqual(["business", "created", "email", "status", "source"]);
    // Too narrow for them: the table keeps a least width and scrolls inside its card.
    expect(added.minWidth).toBeGreaterThan(20);
  });

  it("keeps the person's order, and draws every column until the card is measured", () => {
    expect(fitLeadColumns(["status", "business", "email"], null, false).shown).toEqual(["status", "business", "email"]);
  });

  it("shows, hides and moves columns; Business always stays", () => {
    expect(toggleLeadColumn(["business", "email"], "created", true)).toEqual(["business", "email", "created"]);
    expect(toggleLeadColumn(["business", "email"], "email", false)).toEqual(["business"]);
    expect(toggleLeadColumn(["business", "email"], "business", false)).toEqual(["business", "email"]);
    expect(moveLeadColumn(["business", "email", "status"], "status", -1)).toEqual(["business", "status", "email"]);
    expect(moveLeadColumn(["business", "email"], "business", -1)).toEqual(["business", "email"]);
  });
});
