import { sql } from "drizzle-orm";
import {
  BREADTH_FULL_AREAS,
  BREADTH_POINTS,
  ENGAGEMENT_WINDOW_DAYS,
  FREQUENCY_FULL_DAYS,
  FREQUENCY_POINTS,
  NPS_COMMENTS_SHOWN,
  NPS_DETRACTOR_MAX,
  NPS_PASSIVE_MAX,
  NPS_TREND_MONTHS,
  ONBOARDING_TOTAL_STEPS,
  RECENCY_POINTS,
  RETENTION_COHORT_MONTHS,
  type NpsResponse,
  type OnboardingProgress,
} from "@contract/customer-success";
import { percentSql } from "../../db/analytics-sql";
import { leadInScope } from "../../kernel/lead-scope";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { and, eq, gt, isNull } from "drizzle-orm";
import { auditLogs, leads, npsInvitations, npsResponses, onboardingProgress, sessions, tasks, users } from "../../db/schema";

/*
 * Customer Success figures, each an SQL aggregate over stored rows: NPS answers, staff sign-ins (sessions) and audited
 * actions, onboarding progress. The formulas are stated in contract/customer-success.ts.
 */

const isoSql = (column: ReturnType<typeof sql>) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// NPS

export async function insertNpsResponse(
  db: Database,
  values: { userEmail: string; score: number; feedback: string | null; campaignId: string | null; surveyType: string },
): Promise<NpsResponse> {
  const [row] = await db.insert(npsResponses).values(values).returning();
  return { ...row!, createdAt: row!.createdAt.toISOString() };
}

// Survey links

/** The lead a survey link is for, within the request's scope: another agent's lead is unknown, as a missing one. */
export async function findLeadContact(db: Database, leadId: number) {
  const [row] = await db
    .select({ id: leads.id, email: leads.email, businessName: leads.businessName })
    .from(leads)
    .where(and(eq(leads.id, leadId), leadInScope(leads.assigneeId)));
  return row;
}

export async function insertNpsInvitation(
  db: Database,
  values: { leadId: number; email: string; tokenHash: string; campaignId: string | null; createdBy: number | null; ttlMs: number },
) {
  const { ttlMs, ...rest } = values;
  const [row] = await db
    .insert(npsInvitations)
    .values({ ...rest, expiresAt: new Date(Date.now() + ttlMs) })
    .returning({ id: npsInvitations.id, expiresAt: npsInvitations.expiresAt });
  return row!;
}

/**
 * The usable invitation behind a token (not used, not expired), with its lead's business name. The token is the
 * authority here (the lead's own survey link, answered without signing in), so no staff scope applies.
 */
export async function findUsableNpsInvitation(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ id: npsInvitations.id, expiresAt: npsInvitations.expiresAt, businessName: leads.businessName })
    .from(npsInvitations)
    .innerJoin(leads, eq(leads.id, npsInvitations.leadId))
    .where(and(eq(npsInvitations.tokenHash, tokenHash), isNull(npsInvitations.usedAt), gt(npsInvitations.expiresAt, sql`now()`)));
  return row;
}

/**
 * Uses the invitation up, only if it is still usable: one conditional update, so of two parallel answers exactly one
 * gets the row (the other waits for the row lock, then no longer matches).
 */
export async function claimNpsInvitation(db: Database, tokenHash: string) {
  const [row] = await db
    .update(npsInvitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(npsInvitations.tokenHash, tokenHash), isNull(npsInvitations.usedAt), gt(npsInvitations.expiresAt, sql`now()`)))
    .returning({ id: npsInvitations.id, email: npsInvitations.email, campaignId: npsInvitations.campaignId });
  return row;
}

const promotersSql = sql`count(*) FILTER (WHERE score > ${NPS_PASSIVE_MAX})`;
const passivesSql = sql`count(*) FILTER (WHERE score > ${NPS_DETRACTOR_MAX} AND score <= ${NPS_PASSIVE_MAX})`;
const detractorsSql = sql`count(*) FILTER (WHERE score <= ${NPS_DETRACTOR_MAX})`;
/** round() on numeric rounds half away from zero; passives count in the denominator. */
const npsSql = sql`coalesce(round(100.0 * (${promotersSql} - ${detractorsSql}) / nullif(count(*), 0)), 0)::int`;

export async function npsFigures(db: Database) {
  const [totals] = await rawRows<{ total_responses: number; promoters: number; passives: number; detractors: number; nps_score: number }>(
    db,
    sql`SELECT count(*)::int AS total_responses, ${promotersSql}::int AS promoters, ${passivesSql}::int AS passives,
          ${detractorsSql}::int AS detractors, ${npsSql} AS nps_score
        FROM ${npsResponses}`,
  );
  const trend = await rawRows<{ month: string; responses: number; nps_score: number }>(
    db,
    sql`SELECT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*)::int AS responses, ${npsSql} AS nps_score
        FROM ${npsResponses}
        WHERE created_at AT TIME ZONE 'UTC' >= date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => ${NPS_TREND_MONTHS - 1}::int)
        GROUP BY 1 ORDER BY 1`,
  );
  const latestComments = await rawRows<{ id: number; score: number; feedback: string; user_email: string; created_at: string }>(
    db,
    sql`SELECT id, score::int AS score, feedback, user_email, ${isoSql(sql`created_at`)} AS created_at
        FROM ${npsResponses}
        WHERE feedback IS NOT NULL AND btrim(feedback) <> ''
        ORDER BY created_at DESC, id DESC LIMIT ${NPS_COMMENTS_SHOWN}`,
  );
  return { ...totals!, trend, latest_comments: latestComments };
}

// Engagement

export interface EngagementRow {
  user_id: number;
  name: string;
  user_email: string;
  last_login: string | null;
  login_count: number;
  active_days: number;
  feature_areas: number;
  engagement_score: number;
}

/**
 * Every active staff member's engagement over the last 30 days: recency from the latest sign-in, frequency from the
 * days with a sign-in or an audited action, breadth from the distinct areas of their audited actions (sign-ins, area
 * "auth", count as frequency only).
 */
export function engagementRows(db: Database): Promise<EngagementRow[]> {
  const window = sql`now() - make_interval(days => ${ENGAGEMENT_WINDOW_DAYS}::int)`;
  return rawRows<EngagementRow>(
    db,
    sql`WITH signins AS (
          SELECT user_id, max(created_at) AS last_session, count(*) FILTER (WHERE created_at >= ${window})::int AS login_count
          FROM ${sessions} GROUP BY user_id
        ), activity AS (
          SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, NULL::text AS area FROM ${sessions} WHERE created_at >= ${window}
          UNION ALL
          SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, nullif(split_part(action, '.', 1), 'auth')
          FROM ${auditLogs} WHERE user_id IS NOT NULL AND created_at >= ${window}
        ), per_user AS (
          SELECT user_id, count(DISTINCT day)::int AS active_days, count(DISTINCT area)::int AS feature_areas FROM activity GROUP BY user_id
        ), scored AS (
          SELECT u.id AS user_id, u.name, u.email AS user_email, greatest(u.last_login_at, s.last_session) AS last_login,
                 coalesce(s.login_count, 0) AS login_count, coalesce(p.active_days, 0) AS active_days, coalesce(p.feature_areas, 0) AS feature_areas
          FROM ${users} u LEFT JOIN signins s ON s.user_id = u.id LEFT JOIN per_user p ON p.user_id = u.id
          WHERE u.deactivated_at IS NULL
        )
        SELECT user_id, name, user_email, ${isoSql(sql`last_login`)} AS last_login, login_count, active_days, feature_areas,
          (CASE WHEN last_login IS NULL THEN 0
                ELSE round(${RECENCY_POINTS}::numeric * greatest(0, ${ENGAGEMENT_WINDOW_DAYS}::int - floor(extract(epoch FROM now() - last_login) / 86400)) / ${ENGAGEMENT_WINDOW_DAYS}::int)
           END
           + ${FREQUENCY_POINTS / FREQUENCY_FULL_DAYS}::int * least(active_days, ${FREQUENCY_FULL_DAYS}::int)
           + ${BREADTH_POINTS / BREADTH_FULL_AREAS}::int * least(feature_areas, ${BREADTH_FULL_AREAS}::int))::int AS engagement_score
        FROM scored
        ORDER BY engagement_score, lower(user_email)`,
  );
}

// Onboarding

type OnboardingRow = typeof onboardingProgress.$inferSelect;
const toProgress = (row: OnboardingRow): OnboardingProgress => ({
  userEmail: row.userEmail,
  currentStep: row.currentStep,
  totalSteps: row.totalSteps,
  completedSteps: row.completedSteps,
  isCompleted: row.isCompleted,
  updatedAt: row.updatedAt.toISOString(),
});

export async function upsertOnboarding(
  db: Database,
  values: { userEmail: string; currentStep: number; totalSteps: number; completedSteps: number[]; isCompleted: boolean },
): Promise<OnboardingProgress> {
  const [row] = await db
    .insert(onboardingProgress)
    .values(values)
    .onConflictDoUpdate({
      target: onboardingProgress.userEmail,
      set: { currentStep: values.currentStep, totalSteps: values.totalSteps, completedSteps: values.completedSteps, isCompleted: values.isCompleted, updatedAt: sql`now()` },
    })
    .returning();
  return toProgress(row!);
}

export async function findOnboarding(db: Database, email: string): Promise<OnboardingProgress | null> {
  const [row] = await db.select().from(onboardingProgress).where(eq(onboardingProgress.userEmail, email.toLowerCase()));
  return row ? toProgress(row) : null;
}

/**
 * The email of the lead a KPI sync or a task is about, lower-case; null when there is none. Read by the onboarding
 * subscriber, which runs for every event outside any request, after the change itself was allowed.
 */
export async function leadEmail(db: Database, leadId: number | null): Promise<string | null> {
  if (leadId === null) return null;
  const [row] = await db.select({ email: leads.email }).from(leads).where(eq(leads.id, leadId));
  return row?.email ? row.email.toLowerCase() : null;
}

export async function taskLeadId(db: Database, taskId: number): Promise<number | null> {
  const [row] = await db.select({ leadId: tasks.leadId }).from(tasks).where(eq(tasks.id, taskId));
  return row?.leadId ?? null;
}

export async function onboardingFigures(db: Database) {
  const [totals] = await rawRows<{ total_accounts: number; completed: number; completion_rate: number }>(
    db,
    sql`SELECT count(*)::int AS total_accounts, count(*) FILTER (WHERE is_completed)::int AS completed,
          ${percentSql(sql`count(*) FILTER (WHERE is_completed)`, sql`count(*)`)} AS completion_rate
        FROM ${onboardingProgress}`,
  );
  const steps = await rawRows<{ step: number; reached: number; stopped: number; drop_off: number }>(
    db,
    sql`SELECT s.step, r.reached, r.stopped, coalesce(round(100.0 * r.stopped / nullif(r.reached, 0)), 0)::int AS drop_off
        FROM generate_series(1, ${ONBOARDING_TOTAL_STEPS}::int) AS s(step)
        CROSS JOIN LATERAL (
          SELECT count(*) FILTER (WHERE o.is_completed OR o.current_step >= s.step)::int AS reached,
                 count(*) FILTER (WHERE NOT o.is_completed AND o.current_step = s.step)::int AS stopped
          FROM ${onboardingProgress} o
        ) r
        ORDER BY s.step`,
  );
  const accounts = await db.select().from(onboardingProgress).orderBy(sql`${onboardingProgress.updatedAt} DESC, ${onboardingProgress.id} DESC`).limit(20);
  return { ...totals!, steps, accounts: accounts.map(toProgress) };
}

// Retention cohorts

/**
 * Staff activity (sessions started, audited actions) by person and UTC month; each person's cohort is the month of
 * their first activity; for each month from the cohort's to the current one, the share of the cohort active then.
 */
export function retentionRows(db: Database): Promise<{ cohort: string; size: number; retention: number[] }[]> {
  return rawRows(
    db,
    sql`WITH activity AS (
          SELECT user_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month FROM ${sessions}
          UNION
          SELECT user_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date FROM ${auditLogs} WHERE user_id IS NOT NULL
        ), firsts AS (
          SELECT user_id, min(month) AS cohort FROM activity GROUP BY user_id
        ), cohorts AS (
          SELECT cohort, count(*)::int AS size FROM firsts GROUP BY cohort
          ORDER BY cohort DESC LIMIT ${RETENTION_COHORT_MONTHS}::int
        ), cells AS (
          SELECT c.cohort, c.size, m.month,
                 (SELECT count(DISTINCT a.user_id) FROM activity a JOIN firsts f ON f.user_id = a.user_id
                   WHERE f.cohort = c.cohort AND a.month = m.month)::int AS active
          FROM cohorts c
          CROSS JOIN LATERAL generate_series(c.cohort, date_trunc('month', now() AT TIME ZONE 'UTC')::date, interval '1 month') AS m(month)
        )
        SELECT to_char(cohort, 'YYYY-MM') AS cohort, size,
               array_agg(round(100.0 * active / size)::int ORDER BY month) AS retention
        FROM cells GROUP BY cohort, size ORDER BY cohort`,
  );
}
