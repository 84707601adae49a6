import type { communityTransitionFamily, livingArchiveFamily, livingLegacyPackageFamily, perpetualDeclarationFamily, stewardshipReviewFamily } from "@contract/records/perpetual-stewardship";
import type { FamilyAnalytics } from "@contract/records/schemas";
import { sql } from "drizzle-orm";
import type { PerpetualStewardshipDashboard } from "@contract/records/perpetual-stewardship";
import type { Trend } from "@contract/records/business-health";
import type { Database } from "../../db/client";
import { rawRow, rawRows } from "../../db/raw-rows";
import { communityTransitions, legacyStewardshipReviews, livingArchives, livingLegacyPackages, perpetualDeclarations } from "../../db/schema";
import { countsBySql, todaySql, trendSql } from "../../db/analytics-sql";

/*
 * The Perpetual Stewardship families' analytics and the page's dashboard, every figure an SQL aggregate over the
 * stored records (formulas are stated in the analytics schemas, contract/records/perpetual-stewardship.ts).
 */


/** A whole-number percentage of `part` over `whole`, 0 when `whole` is 0 (both SQL expressions). */
const percentSql = (part: ReturnType<typeof sql>, whole: ReturnType<typeof sql>) =>
  sql`(CASE WHEN ${whole} = 0 THEN 0 ELSE round(${part} * 100.0 / ${whole}) END)::int`;

export type PackageAnalytics = FamilyAnalytics<typeof livingLegacyPackageFamily>;

export const packageAnalytics = (db: Database) =>
  rawRow<PackageAnalytics>(
    db,
    sql`SELECT ${percentSql(sql`count(*) FILTER (WHERE status IN ('ready', 'delivered', 'confirmed'))`, sql`count(*) FILTER (WHERE status <> 'archived')`)} AS package_completeness,
          ${percentSql(
            sql`count(*) FILTER (WHERE status IN ('delivered', 'confirmed') AND steward_confirmation AND package_integrity)`,
            sql`count(*) FILTER (WHERE status IN ('delivered', 'confirmed'))`,
          )} AS handoff_success_rate,
          count(*)::int AS total_packages,
          ${countsBySql(livingLegacyPackages, "package_type")} AS by_type,
          ${countsBySql(livingLegacyPackages, "status")} AS by_status
        FROM ${livingLegacyPackages}`,
  );

export type ArchiveAnalytics = FamilyAnalytics<typeof livingArchiveFamily>;

/** Bytes as text in 1000 steps (1 GB = 10^9 bytes, as the spec counts) with one decimal ("0 B", "512 B", "1.5 KB" ... "2.1 TB"). */
const sizeTextSql = (bytes: ReturnType<typeof sql>) => sql`(SELECT CASE
    WHEN b < 1000 THEN round(b)::bigint::text || ' B'
    WHEN b < 1000 ^ 2 THEN round((b / 1000)::numeric, 1)::text || ' KB'
    WHEN b < 1000 ^ 3 THEN round((b / 1000 ^ 2)::numeric, 1)::text || ' MB'
    WHEN b < 1000 ^ 4 THEN round((b / 1000 ^ 3)::numeric, 1)::text || ' GB'
    ELSE round((b / 1000 ^ 4)::numeric, 1)::text || ' TB' END
  FROM (SELECT (${bytes})::float8 AS b) AS size)`;

export const archiveAnalytics = (db: Database) =>
  rawRow<ArchiveAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_archives,
          coalesce(sum(archive_size), 0)::float8 AS total_size_bytes,
          ${sizeTextSql(sql`coalesce(sum(archive_size), 0)`)} AS total_size,
          ${countsBySql(livingArchives, "archive_type")} AS by_type,
          ${countsBySql(livingArchives, "integrity_verification")} AS integrity_status,
          count(*) FILTER (WHERE encrypted)::int AS encrypted_archives,
          ${percentSql(sql`count(*) FILTER (WHERE encrypted)`, sql`count(*)`)} AS encryption_coverage,
          count(*) FILTER (WHERE integrity_verification = 'verified')::int AS verified_archives
        FROM ${livingArchives}`,
  );

export type ReviewAnalytics = FamilyAnalytics<typeof stewardshipReviewFamily>;

export async function reviewAnalytics(db: Database): Promise<ReviewAnalytics> {
  const row = await rawRow<Omit<ReviewAnalytics, "steward_performance" | "review_trends"> & { steward_average: number; trend: Trend; change: number }>(
    db,
    sql`SELECT coalesce(round(avg(review_score)::numeric), 0)::int AS average_score,
          coalesce(round(avg(steward_performance)::numeric), 0)::int AS steward_average,
          ${countsBySql(legacyStewardshipReviews, "review_year")} AS by_year,
          ${trendSql(legacyStewardshipReviews, "review_score", "review_date", "higher")} AS trend,
          coalesce((SELECT round((max(v) FILTER (WHERE rn = 1) - max(v) FILTER (WHERE rn = 2))::numeric, 1)
                    FROM (SELECT review_score AS v, row_number() OVER (ORDER BY review_date DESC, id DESC) AS rn
                          FROM ${legacyStewardshipReviews} WHERE review_score IS NOT NULL) AS latest
                    WHERE rn <= 2), 0)::float8 AS change,
          count(*) FILTER (WHERE status IN ('completed', 'approved'))::int AS completed_reviews,
          count(*)::int AS total_reviews
        FROM ${legacyStewardshipReviews}`,
  );
  const { steward_average, trend, change, ...figures } = row;
  return { ...figures, steward_performance: { average: steward_average }, review_trends: { trend, change } };
}

export type TransitionAnalytics = FamilyAnalytics<typeof communityTransitionFamily>;

export const transitionAnalytics = (db: Database) =>
  rawRow<TransitionAnalytics>(
    db,
    sql`SELECT coalesce(round(avg(CASE WHEN status = 'completed' THEN 100
                 ELSE (governance_structure::int + asset_transfer::int + training_programs::int) * 100.0 / 3 END)
               FILTER (WHERE status <> 'failed')), 0)::int AS community_readiness,
          count(*) FILTER (WHERE status = 'completed')::int AS completed_transitions,
          count(*) FILTER (WHERE status IN ('preparing', 'ready', 'in_progress'))::int AS active_transitions,
          count(*)::int AS total_transitions,
          ${countsBySql(communityTransitions, "transition_type")} AS by_type,
          ${countsBySql(communityTransitions, "status")} AS by_status,
          to_char(coalesce(sum(transition_budget) FILTER (WHERE status <> 'failed'), 0), 'FM999999999999990.00') AS budget_allocation
        FROM ${communityTransitions}`,
  );

export type DeclarationAnalytics = FamilyAnalytics<typeof perpetualDeclarationFamily>;

export const declarationAnalytics = (db: Database) =>
  rawRow<DeclarationAnalytics>(
    db,
    sql`SELECT count(*) FILTER (WHERE status = 'active')::int AS active_commitments,
          coalesce(sum(distribution_reach) FILTER (WHERE status IN ('published', 'active')), 0)::float8 AS distribution_reach,
          ${countsBySql(perpetualDeclarations, "declaration_type")} AS by_type,
          ${countsBySql(perpetualDeclarations, "status")} AS by_status,
          count(*) FILTER (WHERE declaration_type = 'perpetual' AND status IN ('published', 'active'))::int AS perpetual_commitments,
          count(*)::int AS total_declarations
        FROM ${perpetualDeclarations}`,
  );

type DashboardFigures = { archive_integrity: number; transition_progress: number } & PerpetualStewardshipDashboard["perpetual_metrics"]["pillars"];

export async function perpetualStewardshipDashboard(db: Database): Promise<PerpetualStewardshipDashboard> {
  const [packages, archives, reviews, transitions, declarations, figures, currentPackage, currentDeclaration] = await Promise.all([
    packageAnalytics(db),
    archiveAnalytics(db),
    reviewAnalytics(db),
    transitionAnalytics(db),
    declarationAnalytics(db),
    rawRow<DashboardFigures>(
      db,
      sql`SELECT
            (SELECT ${percentSql(sql`count(*) FILTER (WHERE integrity_verification = 'verified')`, sql`count(*)`)}
               FROM ${livingArchives} WHERE status <> 'deprecated') AS archive_integrity,
            (SELECT ${percentSql(sql`count(*) FILTER (WHERE status = 'completed')`, sql`count(*)`)}
               FROM ${communityTransitions} WHERE status <> 'failed') AS transition_progress,
            EXISTS (SELECT 1 FROM ${livingLegacyPackages} WHERE status = 'confirmed' AND steward_confirmation) AS package,
            EXISTS (SELECT 1 FROM ${livingArchives} WHERE integrity_verification = 'verified' AND encrypted) AS archive,
            EXISTS (SELECT 1 FROM ${legacyStewardshipReviews}
                    WHERE status IN ('completed', 'approved') AND review_date > ${todaySql} - 365 AND review_date <= ${todaySql}) AS review,
            EXISTS (SELECT 1 FROM ${communityTransitions} WHERE status = 'completed') AS transition,
            EXISTS (SELECT 1 FROM ${perpetualDeclarations} WHERE declaration_type = 'perpetual' AND status = 'active') AS declaration`,
    ),
    rawRows<{ type: string; status: string; date: string; steward: string | null }>(
      db,
      sql`SELECT package_type AS type, status, package_date::text AS date, steward_name AS steward FROM ${livingLegacyPackages}
          WHERE status IN ('ready', 'delivered', 'confirmed') ORDER BY package_date DESC, id DESC LIMIT 1`,
    ),
    rawRows<{ type: string; status: string; version: string }>(
      db,
      sql`SELECT declaration_type AS type, status, version FROM ${perpetualDeclarations}
          WHERE status IN ('active', 'published') ORDER BY published_date DESC NULLS LAST, id DESC LIMIT 1`,
    ),
  ]);
  const legacyPreservation = packages.package_completeness;
  const stewardshipContinuity = reviews.steward_performance.average;
  const communityTransition = transitions.community_readiness;
  const pkg = currentPackage[0] ?? null;
  const declaration = currentDeclaration[0] ?? null;
  const { archive_integrity: _integrity, transition_progress: _progress, ...pillars } = figures;
  return {
    perpetual_readiness: Math.round((legacyPreservation + stewardshipContinuity + figures.archive_integrity + communityTransition) / 4),
    legacy_preservation: legacyPreservation,
    stewardship_continuity: stewardshipContinuity,
    archive_integrity: figures.archive_integrity,
    community_transition_status: communityTransition,
    perpetual_metrics: {
      system_maturity: Object.values(pillars).filter(Boolean).length * 20,
      pillars,
      total_packages: packages.total_packages,
      verified_archives: archives.verified_archives,
      completed_reviews: reviews.completed_reviews,
      active_declarations: declarations.active_commitments,
    },
    current_stewardship:
      pkg === null && declaration === null
        ? null
        : {
            steward: pkg?.steward ?? null,
            commitment_type: declaration?.type ?? null,
            package: pkg && { type: pkg.type, status: pkg.status, date: pkg.date },
            declaration,
          },
    transition_progress: {
      progress: figures.transition_progress,
      active: transitions.active_transitions,
      completed: transitions.completed_transitions,
    },
  };
}
