import type { TFunction } from "i18next";
import { industryOptions, leadPriorities, leadStatuses } from "@contract/leads";
import { leadOptionSets, type LeadOptionSet } from "@contract/lead-fields";

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The industry's name in the current language; values from other sources (quiz funnels) are shown as sent. */
export function industryLabel(t: TFunction, industry: string | null | undefined): string {
  if (!industry) return t("leads.notAvailable");
  return isOneOf(industryOptions, industry) ? t(`industries.${industry}`) : industry;
}

export function statusLabel(t: TFunction, status: string): string {
  return isOneOf(leadStatuses, status) ? t(`leadStatus.${status}`) : status;
}

export function priorityLabel(t: TFunction, priority: string): string {
  return isOneOf(leadPriorities, priority) ? t(`leadPriority.${priority}`) : priority;
}

/** How a form's choice labels each value set a lead field declares (contract/lead-fields.ts). */
const optionLabels: Record<LeadOptionSet, (t: TFunction, value: string) => string> = {
  yearsInBusiness: (t, value) => t("leads.fields.yearsOption", { value }),
  industry: industryLabel,
  status: statusLabel,
  priority: priorityLabel,
};

/** The options of a value set, each with its label in the current language. */
export function leadOptions(t: TFunction, set: LeadOptionSet): { value: string; label: string }[] {
  const values: readonly string[] = leadOptionSets[set];
  return values.map((value) => ({ value, label: optionLabels[set](t, value) }));
}
