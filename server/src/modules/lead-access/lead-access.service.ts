import type { LeadAccessSettings, LeadAccessUpdate, LeadAssignmentRuleInput, LeadAssignmentRules, LeadAssignmentUpdate } from "@contract/lead-access";
import type { AuditMessage } from "@contract/server-messages";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { badRequest } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { mayHoldLeads, readAccessSettings, readRules, staffByIds, writeAccessSettings, writeRule, type StaffCandidate } from "./lead-access.data";

export interface SettingsActor {
  principal: Principal;
  meta: RequestMeta;
}

export const getLeadAccess = (db: Database): Promise<LeadAccessSettings> => readAccessSettings(db);

/**
 * Stores which leads agents work on. Each request reads the setting (kernel/lead-scope.ts), so the change holds from
 * every agent's next request on every instance; nothing is cached to clear.
 */
export async function updateLeadAccess(db: Database, body: LeadAccessUpdate, { principal, meta }: SettingsActor): Promise<LeadAccessSettings> {
  return inTransaction(db, async (tx) => {
    await writeAccessSettings(tx, body.agents, principal.user.id);
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "settings.lead_access",
      message: { code: body.agents === "own" ? "lead_access.own" : "lead_access.all", params: {} },
      meta,
    });
    return readAccessSettings(tx);
  });
}

export const getLeadAssignment = async (db: Database): Promise<LeadAssignmentRules> => ({ rules: await readRules(db) });

/**
 * Why a person cannot be in a rule, checked in the rule's order so the answer names the first: someone who does not
 * exist, is deactivated, or is a viewer (who reads but holds no leads).
 */
function refuseUnfit(index: number, rule: LeadAssignmentRuleInput, people: Map<number, StaffCandidate>): void {
  const field = `rules.${index}.userIds`;
  for (const id of rule.userIds) {
    const person = people.get(id);
    if (!person) throw badRequest(field, "lead_assignment.unknown_person", { userId: id });
    if (person.deactivated) throw badRequest(field, "lead_assignment.deactivated", { name: person.name });
    if (!mayHoldLeads(person.role)) throw badRequest(field, "lead_assignment.cannot_hold_leads", { name: person.name });
  }
}

/** The audit line for a saved rule: what its source's new leads now get. */
function describeRule(rule: LeadAssignmentRuleInput, people: Map<number, StaffCandidate>): AuditMessage {
  const names = rule.userIds.map((id) => people.get(id)?.name ?? `#${id}`);
  const source = rule.source;
  if (rule.mode === "one") return { code: `lead_assignment.${source}_one`, params: { name: names[0] ?? "" } };
  if (rule.mode === "roundRobin") return { code: `lead_assignment.${source}_round_robin`, params: { names: names.join(", ") } };
  return { code: `lead_assignment.${source}_none`, params: {} };
}

/**
 * Replaces the rules sent (a source not sent keeps its own), after checking that everyone named may be given leads
 * now. One audit row per rule saved.
 */
export async function updateLeadAssignment(db: Database, body: LeadAssignmentUpdate, { principal, meta }: SettingsActor): Promise<LeadAssignmentRules> {
  return inTransaction(db, async (tx) => {
    const named = [...new Set(body.rules.flatMap((rule) => rule.userIds))];
    const people = new Map((await staffByIds(tx, named)).map((person) => [person.id, person]));
    body.rules.forEach((rule, i) => refuseUnfit(i, rule, people));
    for (const rule of body.rules) {
      await writeRule(tx, rule, principal.user.id);
      await recordAudit(tx, { userEmail: actorLabel(principal), action: "settings.lead_assignment", message: describeRule(rule, people), meta });
    }
    return { rules: await readRules(tx) };
  });
}
