import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TIMELINE_KINDS, type TimelineEntry } from "@contract/timeline";
import { changeValueText, EMAIL_STATUSES, entryParams, entryTextKey, RUN_OUTCOMES, TIMELINE_TEXT_KEYS } from "./timeline-text";

type Tree = { [key: string]: string | Tree };
const locale = (lng: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8")) as Tree;
const lookup = (tree: Tree, key: string) => key.split(".").reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), tree);

const entry = (kind: TimelineEntry["kind"], subject: Record<string, unknown> | null = null): TimelineEntry => ({
  id: 1,
  kind,
  at: "2026-11-28T10:00:00.000Z",
  actor: { kind: "system" },
  changes: null,
  subject,
});

describe("timeline sentences", () => {
  it("shows empty values as a dash and lists joined", () => {
    expect(changeValueText(null)).toBe("—");
    expect(changeValueText("")).toBe("—");
    expect(changeValueText([])).toBe("—");
    expect(changeValueText(["vip", "retail"])).toBe("vip, retail");
    expect(changeValueText(true)).toBe(true);
    expect(changeValueText(12)).toBe("12");
    expect(changeValueText({ region: "Sur" })).toBe('{"region":"Sur"}');
  });

  it("reads another record's entry by what happened to it", () => {
    expect(entryTextKey(entry("task", { event: "completed", title: "Call" }))).toBe("timeline.text.task_completed");
    expect(entryTextKey(entry("commission", { status: "paid", amount: "500.00" }))).toBe("timeline.text.commission_paid");
    expect(entryTextKey(entry("changed"))).toBe("timeline.text.changed");
    expect(entryTextKey(entry("stage"))).toBe("timeline.text.stage");
    expect(entryTextKey(entry("stage", { event: "renamed" }))).toBe("timeline.text.stage_renamed");
    expect(entryTextKey(entry("assignment"))).toBe("timeline.text.assignment");
    expect(entryTextKey(entry("assignment", { event: "renamed" }))).toBe("timeline.text.assignment_renamed");
    expect(entryParams(entry("task", { title: "Call", taskId: 4, done: true }))).toEqual({ title: "Call", taskId: 4 });
  });
});

describe.each(["en", "es"])("the timeline's words in %s", (lng) => {
  const tree = locale(lng);
  it("has every sentence, kind, email status and run outcome", () => {
    const keys = [
      ...TIMELINE_TEXT_KEYS,
      ...TIMELINE_KINDS.map((kind) => `timeline.kinds.${kind}`),
      ...EMAIL_STATUSES.map((status) => `timeline.emailStatus.${status}`),
      ...RUN_OUTCOMES.map((outcome) => `timeline.runOutcome.${outcome}`),
    ];
    expect(keys.filter((key) => typeof lookup(tree, key) !== "string")).toEqual([]);
  });

  it("falls back to a sentence that exists for an event it does not know", () => {
    expect(entryTextKey(entry("task", { event: "teleported" }))).toBe("timeline.text.task_other");
    expect(entryTextKey(entry("commission", { status: "refunded" }))).toBe("timeline.text.commission_other");
  });
});
