/** The page's display rules (spec §2, §9) as pure functions, so each boundary is tested once. */

export const MISSION_PREVIEW_LENGTH = 200;

/** The current charter's mission statement, cut to 200 characters (an ellipsis marks the cut). */
export function missionPreview(mission: string): string {
  return mission.length <= MISSION_PREVIEW_LENGTH ? mission : `${mission.slice(0, MISSION_PREVIEW_LENGTH).trimEnd()}…`;
}

/** 'All records cryptographically verified' only when verification coverage is exactly 100. */
export const allRecordsVerified = (coverage: number | null | undefined) => coverage === 100;

/** A historical record shows Verified when it has a hash and the chain check did not flag it. */
export const recordVerified = (record: { id: number; immutableHash?: unknown }, unverifiedIds: readonly number[]) =>
  typeof record.immutableHash === "string" && record.immutableHash !== "" && !unverifiedIds.includes(record.id);

/** Published Declarations lists published and ratified declarations. */
export const isPublishedDeclaration = (status: unknown) => status === "published" || status === "ratified";

export const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);
