import type { ApiError } from "@contract/errors";
import type { Migration } from "@contract/migration";
import { multipartBody, type MultipartPart } from "./multipart";
import type { TestClient } from "./test-runtime";
import { waitFor } from "./wait-for";

/** Posts a CSV as the browser's form does. */
export async function uploadCsv(client: TestClient, path: string, csv: string | Buffer, filename = "leads.csv", fields: Record<string, string> = {}) {
  const parts: MultipartPart[] = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: "csvFile", filename, content: csv }];
  const { payload, headers } = multipartBody(parts);
  return client.request<Migration & ApiError>("POST", path, payload, headers);
}

/** Waits until the import job has finished the migration, and answers it. */
export async function finished(client: TestClient, id: number): Promise<Migration> {
  return waitFor(
    async () => (await client.get<Migration>(`/api/migration/${id}`)).body,
    (migration) => migration.status === "completed" || migration.status === "failed",
  );
}

