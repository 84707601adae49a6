import {
  NPS_INVITATION_TTL_DAYS,
  ONBOARDING_TOTAL_STEPS,
  isAtRisk,
  npsLabel,
  riskLevels,
  riskLevelFor,
  type EngagementReply,
  type NpsAnalytics,
  type NpsInvitation,
  type NpsSurveyDetails,
  type OnboardingProgress,
  type RiskLevel,
} from "@contract/customer-success";
import type { Database } from "../../db/client";
import type { AppContext } from "../../kernel/app-context";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { badRequest, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { enqueueMail } from "../../kernel/mail";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { randomToken, sha256Hex } from "../../lib/crypto";
import {
  claimNpsInvitation,
  engagementRows,
  findLeadContact,
  findOnboarding,
  findUsableNpsInvitation,
  insertNpsInvitation,
  insertNpsResponse,
  npsFigures,
  upsertOnboarding,
} from "./customer-success.data";

const DAY_MS = 86_400_000;

/**
 * A one-time survey link for a lead, mailed to the lead's email: only the token's SHA-256 is stored, the link (secret
 * after #, so it stays out of server logs) is answered once. Without SMTP the message is held and emailed is false.
 */
export async function createNpsInvitation(
  ctx: AppContext,
  body: { leadId: number; campaignId: string | null },
  actor: { principal: Principal; meta: RequestMeta; origin: string },
): Promise<NpsInvitation> {
  const lead = await findLeadContact(ctx.db, body.leadId);
  if (!lead) throw badRequest("leadId", "nps.lead_unknown");
  const token = randomToken(32);
  return inTransaction(ctx.db, async (tx) => {
    const invitation = await insertNpsInvitation(tx, {
      leadId: lead.id,
      email: lead.email,
      tokenHash: sha256Hex(token),
      campaignId: body.campaignId,
      createdBy: actor.principal.user.id,
      ttlMs: NPS_INVITATION_TTL_DAYS * DAY_MS,
    });
    const link = `${actor.origin}/survey#${token}`;
    const mail = await enqueueMail(
      { config: ctx.config, db: ctx.db, jobs: ctx.jobs },
      {
        to: lead.email,
        subject: "How likely are you to recommend us?",
        text: `Hello,\n\nWe would like to hear from ${lead.businessName}. How likely are you to recommend us to a friend or colleague? It takes one click:\n\n${link}\n\nThe link works once, within ${NPS_INVITATION_TTL_DAYS} days.`,
      },
      tx,
    );
    await recordAudit(tx, {
      userEmail: actorLabel(actor.principal),
      action: "nps.invitation_created",
      message: { code: "nps.invitation_created", params: { invitationId: invitation.id, leadId: lead.id } },
      meta: actor.meta,
    });
    return { id: invitation.id, link, expiresAt: invitation.expiresAt.toISOString(), emailed: mail.status !== "held" };
  });
}

export async function npsSurveyDetails(db: Database, token: string): Promise<NpsSurveyDetails> {
  const invitation = await findUsableNpsInvitation(db, sha256Hex(token));
  if (!invitation) throw notFound("nps.invitation_invalid", { field: "token" });
  return { businessName: invitation.businessName, expiresAt: invitation.expiresAt.toISOString() };
}

/** Stores the lead's answer and uses the link up in one transaction; a used, expired or unknown link answers 404. */
export async function respondToNpsSurvey(db: Database, body: { token: string; score: number; feedback: string | null }): Promise<{ ok: true }> {
  return inTransaction(db, async (tx) => {
    const invitation = await claimNpsInvitation(tx, sha256Hex(body.token));
    if (!invitation) throw notFound("nps.invitation_invalid", { field: "token" });
    await insertNpsResponse(tx, {
      userEmail: invitation.email,
      score: body.score,
      feedback: body.feedback,
      campaignId: invitation.campaignId,
      surveyType: "link",
    });
    return { ok: true as const };
  });
}

export async function npsAnalytics(db: Database): Promise<NpsAnalytics> {
  const figures = await npsFigures(db);
  return { ...figures, label: npsLabel(figures.nps_score) };
}

/** Each user's score comes from SQL; the risk level is the score's band (contract/customer-success.ts riskLevelFor). */
export async function engagementUsers(db: Database): Promise<EngagementReply> {
  const rows = await engagementRows(db);
  const usersWithRisk = rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    userEmail: row.user_email,
    engagementScore: row.engagement_score,
    riskLevel: riskLevelFor(row.engagement_score),
    lastLogin: row.last_login,
    loginCount: row.login_count,
    activeDays: row.active_days,
    featureAreas: row.feature_areas,
  }));
  const byRisk = Object.fromEntries(riskLevels.map((level) => [level, 0])) as Record<RiskLevel, number>;
  for (const user of usersWithRisk) byRisk[user.riskLevel] += 1;
  const total = usersWithRisk.reduce((sum, user) => sum + user.engagementScore, 0);
  return {
    users: usersWithRisk,
    by_risk: byRisk,
    risk_distribution: { ...byRisk },
    at_risk: usersWithRisk.filter((user) => isAtRisk(user.riskLevel)).length,
    average_score: usersWithRisk.length === 0 ? 0 : Math.round(total / usersWithRisk.length),
  };
}

/**
 * Records an account's completed steps: steps beyond the total are dropped, the current step is the first not done
 * (the last step once all are done), and the account is complete when every step is done.
 */
export function setOnboardingSteps(db: Database, email: string, completed: readonly number[], totalSteps = ONBOARDING_TOTAL_STEPS): Promise<OnboardingProgress> {
  const done = [...new Set(completed.filter((step) => step >= 1 && step <= totalSteps))].sort((a, b) => a - b);
  const firstOpen = Array.from({ length: totalSteps }, (_, index) => index + 1).find((step) => !done.includes(step));
  return upsertOnboarding(db, {
    userEmail: email,
    totalSteps,
    completedSteps: done,
    currentStep: firstOpen ?? totalSteps,
    isCompleted: firstOpen === undefined,
  });
}

/** Marks one step done for an account, starting its onboarding (step 1 of 5) when it has none yet. */
export async function completeOnboardingStep(db: Database, email: string, step: number): Promise<OnboardingProgress> {
  const current = await findOnboarding(db, email);
  if (current?.completedSteps.includes(step)) return current;
  return setOnboardingSteps(db, email.toLowerCase(), [...(current?.completedSteps ?? []), step], current?.totalSteps ?? ONBOARDING_TOTAL_STEPS);
}
