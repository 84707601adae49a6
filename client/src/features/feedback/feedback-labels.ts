import type { TFunction } from "i18next";
import type { Feedback } from "@contract/feedback";

const TYPE_KEYS = {
  General: "feedback.types.general",
  Bug: "feedback.types.bug",
  "Feature Request": "feedback.types.featureRequest",
} as const satisfies Record<Feedback["type"], string>;

export function feedbackTypeLabel(t: TFunction, type: Feedback["type"]): string {
  return t(TYPE_KEYS[type]);
}
