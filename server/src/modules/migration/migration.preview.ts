import { MIGRATION_PREVIEW_ROWS, type MigrationPreview, type MigrationPreviewBody, type MigrationPreviewRow } from "@contract/migration";
import type { Database } from "../../db/client";
import { rankedDuplicateCandidates, type RankedCandidate } from "../../db/queries/lead-duplicates";
import { badRequest, conflict, notFound } from "../../kernel/http/errors";
import { findMigration, nextChunk } from "./migration.data";
import { selectLeadNames } from "./migration.preview.data";
import { validateRow } from "./migration.rows";

/** Likely duplicates a preview row shows at most, most likely first. */
const PREVIEW_MATCHES = 3;

/**
 * The first rows of an upload awaiting its mapping, read through `mapping` as the import would read them: each
 * mapped cell, the row's problems (the import's own validation), and the existing leads it likely duplicates by the
 * rules of the Add Lead form's check (same email, same phone, same company domain with a similar owner, similar
 * business name). Nothing is written.
 */
export async function previewMigration(db: Database, id: number, body: MigrationPreviewBody): Promise<MigrationPreview> {
  const migration = await findMigration(db, id);
  if (!migration) throw notFound("migration.not_found");
  if (migration.status === "expired") throw conflict("migration.expired");
  if (migration.status !== "awaiting_mapping") throw conflict("migration.already_started");
  if (body.mapping.length !== migration.columns.length) throw badRequest("mapping", "migration.mapping_width", { columns: migration.columns.length });
  // Chunks are numbered from 0; an upload not started has committed none (last_chunk -1).
  const chunk = await nextChunk(db, id, -1);
  const records = (chunk?.records ?? []).slice(0, MIGRATION_PREVIEW_ROWS);
  const rows: MigrationPreviewRow[] = [];
  const matched: RankedCandidate[][] = [];
  for (const [index, record] of records.entries()) {
    const rowNumber = (chunk?.firstRow ?? 2) + index;
    const values: Record<string, string> = {};
    body.mapping.forEach((target, column) => {
      const cell = record[column]?.trim();
      if (target !== null && cell) values[target] = cell;
    });
    const result = validateRow(record, body.mapping, rowNumber);
    const problems = Array.isArray(result) ? result.map((error) => ({ field: error.field, code: error.code, message: error.message })) : [];
    const lead = Array.isArray(result) ? null : result.lead;
    const probe = {
      email: lead?.email ?? values.email,
      phone: lead?.phoneNumber ?? values.phoneNumber,
      businessName: lead?.businessName ?? values.businessName,
      ownerName: lead ? [lead.businessOwnerName, lead.businessOwnerLastName].filter(Boolean).join(" ") : values.name,
    };
    matched.push(await rankedDuplicateCandidates(db, probe, PREVIEW_MATCHES));
    rows.push({ rowNumber, values, problems, duplicates: [] });
  }
  const names = await selectLeadNames(db, [...new Set(matched.flat().map((match) => match.id))]);
  rows.forEach((row, index) => {
    row.duplicates = (matched[index] ?? []).flatMap((match) => {
      const businessName = names.get(match.id);
      return businessName === undefined ? [] : [{ lead: { id: match.id, businessName }, reasons: match.reasons }];
    });
  });
  return { rows };
}
