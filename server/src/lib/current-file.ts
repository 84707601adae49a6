import { readFileSync, statSync } from "node:fs";

/**
 * A file's content kept in memory, read again when the file changes (its modification time or size): a lookup costs
 * one stat, not a read. Answers null while the file does not exist.
 */
export function currentFile(filePath: string): () => Buffer | null {
  let held: { mtimeMs: number; size: number; content: Buffer } | null = null;
  return () => {
    const stat = statSync(filePath, { throwIfNoEntry: false });
    if (!stat) return (held = null);
    if (!held || held.mtimeMs !== stat.mtimeMs || held.size !== stat.size) {
      held = { mtimeMs: stat.mtimeMs, size: stat.size, content: readFileSync(filePath) };
    }
    return held.content;
  };
}
