import { z } from "zod";
import { idParamsSchema, isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { duplicateReasons } from "./lead-duplicates";
import { leadFieldsSchema } from "./leads";

/**
 * uploading: the file is being received and staged; awaiting_mapping: uploaded and staged, the detected mapping waits
 * for the user's confirmation (until expiresAt); in_progress: the import job is writing batches; completed / failed:
 * finished (a failure says why); expired: the upload was cut off, or not started in time, and its staged rows were
 * discarded.
 */
export const migrationStatuses = ["uploading", "awaiting_mapping", "in_progress", "completed", "failed", "expired"] as const;
export const migrationStatusSchema = z.enum(migrationStatuses);
export type MigrationStatus = z.infer<typeof migrationStatusSchema>;

/** What a row whose email is already a lead (in the table, or earlier in the file) does. */
export const duplicatePolicies = ["skip", "update"] as const;
export const duplicatePolicySchema = z.enum(duplicatePolicies);
export type DuplicatePolicy = z.infer<typeof duplicatePolicySchema>;

/** Every writable lead field, importable by its own name. */
export const importableLeadFields = Object.keys(leadFieldsSchema.shape) as (keyof typeof leadFieldsSchema.shape)[];

/**
 * What a CSV column can become: a lead field by its name, or one of the stated format's own columns that are not a
 * lead field as such: `name` (the owner's full name, split into first and last at the last space) and `revenue`
 * (the lead's KPI year-to-date revenue).
 */
export const migrationTargets = ["name", "revenue", ...importableLeadFields] as const;
export const migrationTargetSchema = z.enum(migrationTargets);
export type MigrationTarget = z.infer<typeof migrationTargetSchema>;

/** The largest number of columns a file may have. */
export const MIGRATION_MAX_COLUMNS = 200;
/**
 * The largest row (all its cells) and the largest single cell an upload may hold, in bytes (characters for the cells
 * already read): a row over either is refused with its row number, before it is held whole. The row limit is the
 * API's body limit, so whatever a lead can hold through the API fits.
 */
export const MIGRATION_MAX_RECORD_BYTES = 1024 * 1024;
export const MIGRATION_MAX_FIELD_BYTES = 256 * 1024;
/** The multipart field names of an upload. */
export const MIGRATION_FILE_FIELD = "csvFile";

export const migrationSchema = z.object({
  id: z.number().int(),
  migrationType: z.string().describe("csv_leads"),
  sourceFile: z.string().describe("The uploaded file's name"),
  status: migrationStatusSchema,
  duplicates: duplicatePolicySchema,
  columns: z.array(z.string()).describe("The file's header row"),
  mapping: z.array(migrationTargetSchema.nullable()).describe("The target of each column, in column order (null: not imported)"),
  recordsTotal: z.number().int().describe("Data rows in the file (blank lines and the header excluded)"),
  recordsProcessed: z.number().int(),
  recordsSuccessful: z.number().int().describe("Rows written: new leads plus updated ones"),
  recordsUpdated: z.number().int().describe("Of the successful rows, those that updated an existing lead"),
  recordsSkipped: z.number().int().describe("Rows whose email was already a lead, skipped by choice"),
  recordsWithErrors: z.number().int(),
  imported: z.number().int().describe("Same as recordsSuccessful (the name the spec's result line reads)"),
  errors: z.number().int().describe("Same as recordsWithErrors"),
  likelyDuplicates: z
    .number()
    .int()
    .describe("New leads imported whose phone number was already a lead's: each is a line of the report naming both (migration.likely_duplicate)"),
  failureReason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable().describe("While awaiting_mapping: when the upload and its staged rows are discarded unless it is started"),
});
export type Migration = z.infer<typeof migrationSchema>;

export const migrationStartSchema = z
  .object({
    mapping: z.array(migrationTargetSchema.nullable()).max(MIGRATION_MAX_COLUMNS),
    duplicates: duplicatePolicySchema.default("skip"),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.mapping.forEach((target, index) => {
      if (target === null) return;
      if (seen.has(target)) ctx.addIssue({ code: "custom", path: ["mapping", index], message: errorMessage("migration.mapping_twice", { target }) });
      seen.add(target);
    });
  });
export type MigrationStart = z.output<typeof migrationStartSchema>;
export type MigrationStartInput = z.input<typeof migrationStartSchema>;

export const MIGRATION_LIST_LIMIT = 20;

/** Lines of an import's report a page holds. */
export const MIGRATION_REPORT_PAGE = 50;

const INT_MAX = 2_147_483_647;
/** Where the next page of a report starts: the last line's row number and id ("row.id"). */
const reportCursorSchema = z
  .string()
  .regex(/^\d{1,10}\.\d{1,10}$/, errorMessage("list.cursor_mismatch"))
  .refine((cursor) => cursor.split(".").every((part) => Number(part) <= INT_MAX), errorMessage("list.cursor_mismatch"))
  .describe("nextCursor of the page before");

export const migrationReportQuerySchema = z.object({ cursor: reportCursorSchema.optional() });
export type MigrationReportQuery = z.infer<typeof migrationReportQuerySchema>;

/** A lead a report line names, by id (its page is /leads/{id}). */
const reportLeadSchema = z.object({ id: z.number().int(), businessName: z.string().nullable().describe("null once the lead is deleted") });

export const migrationReportLineSchema = z.object({
  rowNumber: z.number().int().describe("The row's line in the file (the header is row 1)"),
  field: z.string().nullable().describe("The column (target) the problem is in; null for the row as a whole"),
  code: z
    .string()
    .describe(
      "Stable code: a field error's, migration.duplicate_skipped for a row whose email was already a lead, or migration.likely_duplicate for a row imported whose phone number was already a lead's",
    ),
  message: z.string().describe("The English text of the code"),
  lead: reportLeadSchema
    .nullable()
    .describe("The existing lead the row matched: by email (a skipped duplicate) or by phone (a likely duplicate); its page is /leads/{id}"),
  importedLead: reportLeadSchema
    .nullable()
    .describe("For a likely duplicate: the lead the row became; /leads/{lead.id}/merge/{importedLead.id} compares the two, keeping the older"),
});
export type MigrationReportLine = z.infer<typeof migrationReportLineSchema>;

export const migrationReportSchema = z.object({
  lines: z.array(migrationReportLineSchema).describe("In row order"),
  nextCursor: z.string().nullable(),
});
export type MigrationReport = z.infer<typeof migrationReportSchema>;

/** Rows the preview of an upload shows: the file's first ones, each checked for likely duplicates among the leads. */
export const MIGRATION_PREVIEW_ROWS = 10;

export const migrationPreviewBodySchema = z.object({
  mapping: z.array(migrationTargetSchema.nullable()).max(MIGRATION_MAX_COLUMNS).describe("The mapping to preview, as start takes it"),
});
export type MigrationPreviewBody = z.infer<typeof migrationPreviewBodySchema>;

export const migrationPreviewRowSchema = z.object({
  rowNumber: z.number().int().describe("The row's line in the file (the header is row 1)"),
  values: z.record(z.string(), z.string()).describe("Each mapped target's cell, as the file has it"),
  problems: z.array(z.object({ field: z.string().nullable(), code: z.string(), message: z.string() })).describe("Why the row would not be imported (empty: it would be)"),
  duplicates: z
    .array(
      z.object({
        lead: z.object({ id: z.number().int(), businessName: z.string() }),
        reasons: z.array(z.enum(duplicateReasons)).min(1),
      }),
    )
    .describe("Existing leads the row likely duplicates (same email, same phone, same email domain with a similar owner, similar business name), most likely first"),
});
export type MigrationPreviewRow = z.infer<typeof migrationPreviewRowSchema>;

export const migrationPreviewSchema = z.object({ rows: z.array(migrationPreviewRowSchema) });
export type MigrationPreview = z.infer<typeof migrationPreviewSchema>;

const migrationTags = ["Migration"];
const uploadDescription =
  "multipart/form-data with the file in `csvFile` (a .csv file: UTF-8 with or without a BOM, comma- or semicolon-separated, " +
  "the first row naming the columns) and optionally `userEmail` (who asked for it, kept with the import; the signed-in person " +
  "otherwise) and `duplicates` (skip or update). A file larger than MIGRATION_MAX_BYTES answers 413 migration.file_too_large; " +
  `a row over ${MIGRATION_MAX_RECORD_BYTES / 1024} KB or a cell over ${MIGRATION_MAX_FIELD_BYTES / 1024} KB answers 400 (migration.record_too_large, ` +
  "migration.field_too_large) naming the row. While as many imports as MIGRATION_MAX_ACTIVE (all instances) or " +
  "MIGRATION_MAX_ACTIVE_PER_INSTANCE (this one) are uploading or running, a new one answers 429 and nothing is stored.";

export const migrationEndpoints = defineEndpoints("migration", {
  importCsv: defineEndpoint({
    method: "POST",
    permission: "migration.run",
    path: "/migration/import-csv",
    reply: migrationSchema,
    status: 202,
    errors: [400, 413, 415, 429],
    tags: migrationTags,
    summary: "Upload a CSV of leads and start importing it with the detected column mapping",
    description:
      `${uploadDescription} The import runs as a background job: the answer is the migration (imported and errors count up ` +
      "as it runs); follow it with GET /api/migration/{id}.",
  }),
  upload: defineEndpoint({
    method: "POST",
    permission: "migration.run",
    path: "/migration/uploads",
    reply: migrationSchema,
    status: 201,
    errors: [400, 413, 415, 429],
    tags: migrationTags,
    summary: "Upload a CSV of leads and detect its column mapping; nothing is imported until it is started",
    description: `${uploadDescription} The answer (status awaiting_mapping) holds the header and the detected mapping to confirm.`,
  }),
  start: defineEndpoint({
    method: "POST",
    permission: "migration.run",
    path: "/migration/:id/start",
    params: idParamsSchema,
    body: migrationStartSchema,
    reply: migrationSchema,
    status: 202,
    errors: [400, 404, 409, 429],
    tags: migrationTags,
    summary: "Start an uploaded import with the confirmed mapping and the duplicate policy",
    description:
      "An upload not started by its expiresAt has expired (409 migration.expired: upload the file again). While as many " +
      "imports as MIGRATION_MAX_ACTIVE are uploading or running, answers 429 migration.too_many_imports and the upload waits.",
  }),
  status: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/migration/status",
    reply: z.array(migrationSchema),
    tags: migrationTags,
    summary: `The latest ${MIGRATION_LIST_LIMIT} migrations, newest first`,
  }),
  get: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/migration/:id",
    params: idParamsSchema,
    reply: migrationSchema,
    errors: [404],
    tags: migrationTags,
    summary: "One migration and its progress",
  }),
  preview: defineEndpoint({
    method: "POST",
    permission: "migration.run",
    path: "/migration/:id/preview",
    params: idParamsSchema,
    body: migrationPreviewBodySchema,
    reply: migrationPreviewSchema,
    errors: [400, 404, 409],
    tags: migrationTags,
    summary: `The first ${MIGRATION_PREVIEW_ROWS} rows of an upload awaiting its mapping, through that mapping, each with its problems and the existing leads it likely duplicates`,
    description: "Nothing is written. An upload already started, or expired, answers 409 (its staged rows are gone or going).",
  }),
  report: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/migration/:id/report",
    params: idParamsSchema,
    query: migrationReportQuerySchema,
    reply: migrationReportSchema,
    errors: [400, 404],
    tags: migrationTags,
    summary: "A migration's report, a page at a time: the rows it could not import, and the rows it skipped with the lead they matched",
    description: `In row order, ${MIGRATION_REPORT_PAGE} lines a page; page with nextCursor.`,
  }),
  errorReport: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/migration/:id/errors.csv",
    params: idParamsSchema,
    download: "csv",
    errors: [404],
    tags: migrationTags,
    summary: "A migration's report as CSV: row number, field and message, and for a skipped duplicate the lead it matched (id and page URL)",
  }),
});
