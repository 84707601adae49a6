import { PassThrough } from "node:stream";
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


/**
 * An upload whose file arrives in parts, as over a slow connection: the request is under way (the server staging
 * what it has) until `finish` sends the rest and answers the server's reply.
 */
export function uploadInParts(client: TestClient, path: string, firstPart: string, filename = "leads.csv") {
  const boundary = `----leadwell${Math.random().toString(16).slice(2)}`;
  const body = new PassThrough();
  body.write(`--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${firstPart}`);
  const reply = client.request<Migration & ApiError>("POST", path, body, { "content-type": `multipart/form-data; boundary=${boundary}` });
  return {
    send: (text: string) => void body.write(text),
    finish(lastPart = "") {
      body.end(`${lastPart}\r\n--${boundary}--\r\n`);
      return reply;
    },
  };
}
