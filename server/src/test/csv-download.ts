import { expect } from "vitest";
import type { TestResponse } from "./test-runtime";

/** RFC 4180 text as rows of cells, the way a spreadsheet reads it (quoted cells may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += char;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/**
 * Checks what makes a response a CSV download of the app (status 200, UTF-8 text/csv with a BOM, attachment named
 * `<name>-YYYY-MM-DD.csv`, not cached) and answers its rows, header row first.
 */
export function csvDownload(res: TestResponse, name: string): string[][] {
  expect(res.status, res.text).toBe(200);
  expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.text.startsWith("\uFEFF")).toBe(true);
  expect(res.text.endsWith("\r\n")).toBe(true);
  return parseCsv(res.text.slice(1));
}
