import type { Feedback } from "@contract/feedback";
import type { Database } from "../../db/client";
import { emitEvent } from "../../kernel/events";
import { inTransaction } from "../../kernel/transaction";
import { insertFeedback } from "./feedback.data";

/** Stores a staff member's feedback and its feedback.created event together. */
export function createFeedback(db: Database, values: Parameters<typeof insertFeedback>[1]): Promise<Feedback> {
  return inTransaction(db, async (tx) => {
    const created = await insertFeedback(tx, values);
    await emitEvent(tx, "feedback.created", { feedbackId: created.id, type: created.type });
    return created;
  });
}
