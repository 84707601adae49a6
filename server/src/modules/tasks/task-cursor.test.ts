import { describe, expect, it } from "vitest";
import { encodeCursor } from "../../lib/page-cursor";
import { decodeTaskCursor, encodeTaskCursor } from "./task-cursor";

describe("the task list's cursor", () => {
  it("gives back the position it was made from, unfinished or completed, dated or not", () => {
    for (const position of [
      { done: false, due: "2026-12-07", id: 12 },
      { done: true, due: "infinity", id: 3 },
      { done: true, due: "2024-02-29", id: 1 },
    ]) {
      expect(decodeTaskCursor(encodeTaskCursor(position))).toEqual(position);
    }
  });

  it("refuses another list's cursor, the order before completed tasks went last, and keys the database would refuse", () => {
    expect(decodeTaskCursor(encodeCursor({ sort: "tasks.due", key: "2026-12-07", id: 1 }))).toBeNull();
    expect(decodeTaskCursor(encodeCursor({ sort: "leads.createdAt", key: "todo/2026-12-07", id: 1 }))).toBeNull();
    for (const key of ["todo/2026-02-30", "todo/2026-12-7", "later/2026-12-07", "done/", "todo/infinity; DROP TABLE tasks"]) {
      expect(decodeTaskCursor(encodeCursor({ sort: "tasks.todo-due", key, id: 1 }))).toBeNull();
    }
    expect(decodeTaskCursor("not a cursor")).toBeNull();
  });
});
