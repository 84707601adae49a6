import type { TFunction } from "i18next";
import type { AuditRow } from "@contract/security";
import { storedLine } from "@/lib/server-messages";

/** What an audit row says happened, in the reader's language; a row written as text before codes, as it was written. */
export function auditDetails(t: TFunction, language: string, row: Pick<AuditRow, "details" | "detailsCode">): string {
  return storedLine(t, language, "audit", { ...row.detailsCode, text: row.details ?? "" });
}
