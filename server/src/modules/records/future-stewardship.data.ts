import type { FamilyAnalytics } from "@contract/records/schemas";
import { sql } from "drizzle-orm";
import {
  ethicalReviewFamily,
  historicalRecordFamily,
  legacyCharterFamily,
  perpetuityDeclarationFamily,
  STEWARDSHIP_AREAS,
  successionPlaybookFamily,
  type FutureStewardshipDashboard,
} from "@contract/records/future-stewardship";
import type { FamilyRecord } from "@contract/records/schemas";
import type { Database } from "../../db/client";
import { rawRow, rawRows } from "../../db/raw-rows";
import { ethicalReviews, historicalRecords, legacyCharters, perpetuityDeclarations, successionPlaybooks } from "../../db/schema";
import { countsBySql, percentSql, todaySql } from "../../db/analytics-sql";
import { selectFamilyPage, verifyFamilyChain } from "./records.data";

/*
 * The Future Stewardship families' analytics and the page's dashboard, every figure an SQL aggregate over the stored
 * records (formulas are stated in the analytics schemas, contract/records/future-stewardship.ts), except the
 * historical records' verification, which re-computes their hash chain (server/src/lib/hash-chain.ts).
 */

const IN_FORCE = sql.raw(`('ready', 'approved', 'active')`);
const RETIRED = sql.raw(`('superseded', 'archived')`);
const PUBLISHED = sql.raw(`('published', 'ratified')`);
const areasSql = sql.raw(`(${STEWARDSHIP_AREAS.map((area) => `'${area}'`).join(", ")})`);

export type CharterAnalytics = FamilyAnalytics<typeof legacyCharterFamily>;

const currentCharterSql = sql`(SELECT * FROM ${legacyCharters} WHERE status = 'active' ORDER BY charter_date DESC, id DESC LIMIT 1)`;

export const charterAnalytics = (db: Database) =>
  rawRow<CharterAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_charters,
          coalesce((SELECT round(100.0 * ((mission_statement <> '')::int + (jsonb_array_length(core_values) > 0)::int
                + (jsonb_array_length(trusted_parties) > 0)::int + (jsonb_array_length(stewardship_areas) > 0)::int
                + (jsonb_array_length(ethical_principles) > 0)::int + (succession_clause IS NOT NULL)::int) / 6)
              FROM ${currentCharterSql} AS current_charter), 0)::float8 AS charter_completeness,
          (SELECT round(100.0 * count(DISTINCT lower(area)) FILTER (WHERE lower(area) IN ${areasSql}) / ${STEWARDSHIP_AREAS.length})
            FROM ${currentCharterSql} AS current_charter, jsonb_array_elements_text(current_charter.stewardship_areas) AS area)::float8 AS stewardship_coverage,
          ${countsBySql(legacyCharters, "status")} AS by_status,
          ${percentSql(
            sql`count(*) FILTER (WHERE status NOT IN ${RETIRED} AND jsonb_array_length(ethical_principles) > 0)`,
            sql`count(*) FILTER (WHERE status NOT IN ${RETIRED})`,
          )} AS ethical_integration
        FROM ${legacyCharters}`,
  );

export type HistoricalAnalytics = FamilyAnalytics<typeof historicalRecordFamily>;

/** A share rounded DOWN to 1 decimal: 100 only when every record counts. */
const flooredPercent = (part: number, whole: number) => Math.floor((part * 1000) / whole) / 10;

export async function historicalAnalytics(db: Database): Promise<HistoricalAnalytics> {
  const [counted, chain] = await Promise.all([
    rawRow<{ by_event_type: Record<string, number>; historical_completeness: number }>(
      db,
      sql`SELECT ${countsBySql(historicalRecords, "event_type")} AS by_event_type,
            coalesce((SELECT round(100.0 * count(DISTINCT date_part('year', record_date)) FILTER (WHERE date_part('year', record_date) <= date_part('year', ${todaySql}))
                  / greatest(1, date_part('year', ${todaySql}) - min(date_part('year', record_date)) + 1))
                FROM ${historicalRecords} HAVING count(*) > 0), 0)::float8 AS historical_completeness`,
    ),
    verifyFamilyChain(db, historicalRecordFamily, historicalRecords),
  ]);
  return {
    total_records: chain.total,
    verified_records: chain.verified,
    immutable_verification: chain.total === 0 ? null : flooredPercent(chain.verified, chain.total),
    unverified_record_ids: chain.unverifiedIds,
    by_event_type: counted.by_event_type,
    integrity_score: chain.total === 0 ? 0 : flooredPercent(chain.intactPrefix, chain.total),
    historical_completeness: counted.historical_completeness,
  };
}

export type PlaybookAnalytics = FamilyAnalytics<typeof successionPlaybookFamily>;

export const playbookAnalytics = (db: Database) =>
  rawRow<PlaybookAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_playbooks,
          count(*) FILTER (WHERE status = 'active')::int AS active_playbooks,
          ${percentSql(sql`count(*) FILTER (WHERE status IN ${IN_FORCE})`, sql`count(*) FILTER (WHERE status NOT IN ${RETIRED})`)} AS succession_preparedness,
          ${percentSql(
            sql`count(*) FILTER (WHERE status IN ${IN_FORCE} AND jsonb_array_length(emergency_contacts) > 0)`,
            sql`count(*) FILTER (WHERE status IN ${IN_FORCE})`,
          )} AS emergency_readiness,
          ${countsBySql(successionPlaybooks, "playbook_type")} AS by_type,
          ${percentSql(
            sql`sum(least(completed_transfer_steps, jsonb_array_length(knowledge_transfer_steps))) FILTER (WHERE status NOT IN ${RETIRED})`,
            sql`sum(jsonb_array_length(knowledge_transfer_steps)) FILTER (WHERE status NOT IN ${RETIRED})`,
          )} AS knowledge_transfer_completeness
        FROM ${successionPlaybooks}`,
  );

export type EthicalAnalytics = FamilyAnalytics<typeof ethicalReviewFamily>;

export const ethicalAnalytics = (db: Database) =>
  rawRow<EthicalAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_reviews,
          coalesce(round(avg(ethical_score)), 0)::int AS average_ethical_score,
          coalesce(round(avg(stakeholder_engagement)), 0)::float8 AS stakeholder_engagement,
          ${countsBySql(ethicalReviews, "review_year")} AS by_year,
          count(*) FILTER (WHERE certified)::int AS certification_status,
          ${percentSql(sql`count(*) FILTER (WHERE ethical_score >= 75)`, sql`count(ethical_score)`)} AS ethical_compliance
        FROM ${ethicalReviews}`,
  );

export type DeclarationAnalytics = FamilyAnalytics<typeof perpetuityDeclarationFamily>;

export const declarationAnalytics = (db: Database) =>
  rawRow<DeclarationAnalytics>(
    db,
    sql`SELECT count(*)::int AS total_declarations,
          count(*) FILTER (WHERE status IN ${PUBLISHED})::int AS published_declarations,
          coalesce(sum(global_reach) FILTER (WHERE status IN ${PUBLISHED}), 0)::float8 AS global_reach,
          ${countsBySql(perpetuityDeclarations, "status")} AS by_status,
          (SELECT count(DISTINCT lower(language)) FROM ${perpetuityDeclarations} AS published, jsonb_array_elements_text(published.language_versions) AS language
            WHERE published.status IN ${PUBLISHED})::int AS language_coverage,
          ${percentSql(sql`count(*) FILTER (WHERE status IN ${PUBLISHED} AND digital_preservation)`, sql`count(*) FILTER (WHERE status <> 'superseded')`)} AS perpetuity_readiness
        FROM ${perpetuityDeclarations}`,
  );

const latest = (db: Database, family: Parameters<typeof selectFamilyPage>[1], table: Parameters<typeof selectFamilyPage>[2], equals: Record<string, string>, limit = 5) =>
  selectFamilyPage(db, family, table, { equals }, { limit, offset: 0 }).then((page) => page.rows);

/** Published and ratified declarations together, in the family's order (published date, latest first; then title). */
async function publishedDeclarations(db: Database): Promise<FamilyRecord[]> {
  const [published, ratified] = await Promise.all([
    latest(db, perpetuityDeclarationFamily, perpetuityDeclarations, { status: "published" }),
    latest(db, perpetuityDeclarationFamily, perpetuityDeclarations, { status: "ratified" }),
  ]);
  const day = (record: FamilyRecord) => (record.publishedDate as string | null) ?? "";
  return [...published, ...ratified]
    .sort((a, b) => day(b).localeCompare(day(a)) || String(a.title).localeCompare(String(b.title)) || b.id - a.id)
    .slice(0, 5);
}

export async function futureStewardshipDashboard(db: Database): Promise<FutureStewardshipDashboard> {
  const [charters, history, playbooks, ethics, declarations, upcoming, current, records, active, reviews, published] = await Promise.all([
    charterAnalytics(db),
    historicalAnalytics(db),
    playbookAnalytics(db),
    ethicalAnalytics(db),
    declarationAnalytics(db),
    rawRows<{ title: string; type: string; date: string }>(
      db,
      sql`SELECT title, type, day::text AS date FROM (
            SELECT title, 'charter_review' AS type, next_review_date AS day FROM ${legacyCharters} WHERE status NOT IN ${RETIRED}
            UNION ALL
            SELECT title, 'playbook_review', next_review_date FROM ${successionPlaybooks} WHERE status NOT IN ${RETIRED}
            UNION ALL
            SELECT title, 'ethical_review', next_review_date FROM ${ethicalReviews} WHERE status <> 'archived'
            UNION ALL
            SELECT title, 'declaration_review', next_review_date FROM ${perpetuityDeclarations} WHERE status <> 'superseded'
          ) AS upcoming WHERE day >= ${todaySql} ORDER BY day, title LIMIT 5`,
    ),
    latest(db, legacyCharterFamily, legacyCharters, { status: "active" }, 1),
    latest(db, historicalRecordFamily, historicalRecords, {}),
    latest(db, successionPlaybookFamily, successionPlaybooks, { status: "active" }),
    latest(db, ethicalReviewFamily, ethicalReviews, {}),
    publishedDeclarations(db),
  ]);
  const preservation = history.immutable_verification === null ? 0 : Math.round((history.immutable_verification + history.historical_completeness) / 2);
  const headline = [charters.charter_completeness, preservation, ethics.ethical_compliance, playbooks.succession_preparedness, declarations.perpetuity_readiness];
  const unverified = new Set(history.unverified_record_ids);
  return {
    legacy_perpetuity_readiness: declarations.perpetuity_readiness,
    historical_preservation: preservation,
    ethical_compliance: ethics.ethical_compliance,
    succession_preparedness: playbooks.succession_preparedness,
    future_sustainability: Math.round(headline.reduce((sum, value) => sum + value, 0) / headline.length),
    immutable_verification: history.immutable_verification,
    global_impact_metrics: {
      total_records: history.total_records,
      ethical_reviews: ethics.total_reviews,
      succession_plans: playbooks.total_playbooks,
      perpetuity_declarations: declarations.total_declarations,
      global_reach: declarations.global_reach,
      historical_completeness: history.historical_completeness,
    },
    upcoming_reviews: upcoming,
    current_charter: current[0] ?? null,
    recent_records: records.map((record) => ({ ...record, verified: record.immutableHash !== null && !unverified.has(record.id) })),
    active_playbooks: active,
    recent_ethical_reviews: reviews,
    published_declarations: published,
  } as FutureStewardshipDashboard;
}
