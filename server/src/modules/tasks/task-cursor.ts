import { decodeCursor, encodeCursor } from "../../lib/page-cursor";
import type { TaskPosition } from "./tasks.data";

/**
 * The task list's cursor: its sort name tells a task cursor from any other list's, and from one of the order before
 * completed tasks went last ("tasks.due"), which a client may still hold.
 */
const CURSOR_SORT = "tasks.todo-due";

/** The key: "todo/<due>" or "done/<due>", the due-order value a date (YYYY-MM-DD) or "infinity". */
const KEY = /^(todo|done)\/(\d{4}-\d{2}-\d{2}|infinity)$/;

export const encodeTaskCursor = (position: TaskPosition): string =>
  encodeCursor({ sort: CURSOR_SORT, key: `${position.done ? "done" : "todo"}/${position.due}`, id: position.id });

/** Where the page a cursor was given for ended; null for anything the task list did not give. */
export function decodeTaskCursor(text: string): TaskPosition | null {
  const cursor = decodeCursor(text);
  const match = cursor?.sort === CURSOR_SORT ? KEY.exec(cursor.key) : null;
  if (!cursor || !match) return null;
  const due = match[2]!;
  // A date the database would refuse (2026-02-30) is no cursor the list gave.
  if (due !== "infinity" && new Date(`${due}T00:00:00Z`).toISOString().slice(0, 10) !== due) return null;
  return { done: match[1] === "done", due, id: cursor.id };
}
