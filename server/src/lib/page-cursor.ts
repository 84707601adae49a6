/**
 * An opaque keyset cursor: the sort it belongs to, the last row's sort value (as PostgreSQL text, full
 * precision) and its id. Base64url JSON, so clients pass it back unchanged.
 */
export interface PageCursor {
  sort: string;
  key: string;
  id: number;
}

export const encodeCursor = (cursor: PageCursor) => Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString("base64url");

export function decodeCursor(text: string): PageCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [sort, key, id] = value as unknown[];
    if (typeof sort !== "string" || typeof key !== "string" || !Number.isInteger(id)) return null;
    return { sort, key, id: id as number };
  } catch {
    return null;
  }
}
