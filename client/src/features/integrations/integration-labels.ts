import type { TFunction } from "i18next";
import { CreditCard, MessageSquare, Workflow, Building, type LucideIcon } from "lucide-react";
import type { IntegrationKind, IntegrationStatus } from "@contract/integrations";

export const integrationIcons: Record<IntegrationKind, LucideIcon> = {
  zapier: Workflow,
  slack: MessageSquare,
  stripe: CreditCard,
  google_workspace: Building,
};

export function integrationName(t: TFunction, kind: IntegrationKind): string {
  return t(`integrations.kinds.${kind}`);
}

export function integrationStatusLabel(t: TFunction, status: IntegrationStatus): string {
  return t(`integrations.status.${status}`);
}

/** Spec §2: the three features each card lists (the spec caps them at 3). */
export function integrationFeatures(t: TFunction, kind: IntegrationKind): string[] {
  return [t(`integrations.${kind}.features.first`), t(`integrations.${kind}.features.second`), t(`integrations.${kind}.features.third`)];
}
