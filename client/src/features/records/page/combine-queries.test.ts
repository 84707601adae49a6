import { describe, expect, it } from "vitest";
import { combineQueries } from "./combine-queries";
import type { DashboardQuery } from "./declaration";

const answered = <D>(data: D, isError = false): DashboardQuery<D> => ({ data, isPending: false, isError, error: isError ? new Error("refresh failed") : null, refetch: () => "refetched" });
const pending = <D>(): DashboardQuery<D> => ({ data: undefined, isPending: true, isError: false, error: null, refetch: () => "refetched" });
const failed = <D>(message: string): DashboardQuery<D> => ({ data: undefined, isPending: false, isError: true, error: new Error(message), refetch: () => message });

describe("a dashboard over several queries", () => {
  it("answers every part's reply under its name once all have answered", () => {
    const combined = combineQueries<{ nps: { score: number }; renewals: { pending: number } }>({ nps: answered({ score: 40 }), renewals: answered({ pending: 3 }) });
    expect(combined).toMatchObject({ data: { nps: { score: 40 }, renewals: { pending: 3 } }, isPending: false, isError: false });
  });

  it("stays pending while a part has not answered, showing no half dashboard", () => {
    const combined = combineQueries<{ nps: { score: number }; renewals: { pending: number } }>({ nps: answered({ score: 40 }), renewals: pending() });
    expect(combined).toMatchObject({ data: undefined, isPending: true, isError: false });
  });

  it("fails with the error of a part that has nothing to show, and its retry refetches only the parts without an answer", () => {
    const combined = combineQueries<{ nps: { score: number }; engagement: { atRisk: number }; renewals: { pending: number } }>({
      nps: answered({ score: 40 }),
      engagement: failed("engagement down"),
      renewals: pending(),
    });
    expect(combined).toMatchObject({ data: undefined, isPending: false, isError: true });
    expect((combined.error as Error).message).toBe("engagement down");
    expect(combined.refetch()).toEqual(["engagement down", "refetched"]);
  });

  it("keeps showing a part whose refresh failed while it still holds its last answer", () => {
    const combined = combineQueries<{ nps: { score: number } }>({ nps: answered({ score: 40 }, true) });
    expect(combined).toMatchObject({ data: { nps: { score: 40 } }, isError: false });
  });
});
