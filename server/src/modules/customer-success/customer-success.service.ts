import {
  ONBOARDING_TOTAL_STEPS,
  isAtRisk,
  npsLabel,
  riskLevels,
  riskLevelFor,
  type EngagementReply,
  type NpsAnalytics,
  type OnboardingProgress,
  type RiskLevel,
} from "@contract/customer-success";
import type { Database } from "../../db/client";
import { engagementRows, findOnboarding, npsFigures, upsertOnboarding } from "./customer-success.data";

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
