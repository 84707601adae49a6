import { describe, expect, it } from "vitest";
import { addPeriods, nextDueDate } from "./recurrence";

describe("task recurrence dates", () => {
  it("adds days, weeks and months, months landing on a shorter month's last day without drifting", () => {
    expect(addPeriods("2026-12-31", "daily", 1)).toBe("2027-01-01");
    expect(addPeriods("2026-11-22", "weekly", 2)).toBe("2026-12-06");
    expect(addPeriods("2027-01-31", "monthly", 1)).toBe("2027-02-28");
    expect(addPeriods("2028-01-31", "monthly", 1)).toBe("2028-02-29");
    expect(addPeriods("2027-01-31", "monthly", 2)).toBe("2027-03-31");
    expect(addPeriods("2027-11-30", "monthly", 3)).toBe("2028-02-29");
  });

  it("answers the first date of the series after today", () => {
    expect(nextDueDate("2026-11-22", "weekly", "2026-11-22")).toBe("2026-11-29");
    // Completed early: still one period after the due date.
    expect(nextDueDate("2026-12-01", "weekly", "2026-11-22")).toBe("2026-12-08");
    // Completed late: the series skips what is already past.
    expect(nextDueDate("2026-11-01", "daily", "2026-11-22")).toBe("2026-11-23");
    expect(nextDueDate("2026-10-01", "weekly", "2026-11-22")).toBe("2026-11-26");
    expect(nextDueDate("2026-01-31", "monthly", "2026-11-22")).toBe("2026-11-30");
    expect(nextDueDate("2026-01-31", "monthly", "2026-02-28")).toBe("2026-03-31");
    // No due date: one period from today.
    expect(nextDueDate(null, "monthly", "2026-11-22")).toBe("2026-12-22");
  });
});
