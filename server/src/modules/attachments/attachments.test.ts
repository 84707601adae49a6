import { createHash, randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Attachment, AttachmentList } from "@contract/attachments";
import type { ApiError } from "@contract/errors";
import type { Lead } from "@contract/leads";
import { rawRows } from "../../db/raw-rows";
import { multipartBody } from "../../test/multipart";
import { signedInWithRole, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

/** Small enough to pass in a test, large enough for a file of several chunks. */
const MAX_BYTES = 2 * 1024 * 1024;

function upload(client: TestClient, leadId: number, content: Buffer | string, filename: string, contentType = "application/pdf") {
  const { payload, headers } = multipartBody([{ name: "file", filename, content, contentType }]);
  return client.request<Attachment & ApiError>("POST", `/api/leads/${leadId}/attachments`, payload, headers);
}

/** An upload sent as a stream without Content-Length, as a chunked request: the size is found while streaming. */
function uploadStreamed(client: TestClient, leadId: number, content: Buffer, filename: string) {
  const boundary = `----leadwell${randomBytes(8).toString("hex")}`;
  const body = new PassThrough();
  const reply = client.request<Attachment & ApiError>("POST", `/api/leads/${leadId}/attachments`, body, {
    "content-type": `multipart/form-data; boundary=${boundary}`,
  });
  body.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`);
  for (let at = 0; at < content.length; at += 64 * 1024) body.write(content.subarray(at, at + 64 * 1024));
  body.end(`\r\n--${boundary}--\r\n`);
  return reply;
}

describe.each(testDrivers)("lead attachments on %s", (driver) => {
  const suite = suiteWithAdmin(driver, { attachments: { maxBytes: MAX_BYTES } });
  let admin: TestClient;
  let leadId: number;

  const count = async () => {
    const [row] = await rawRows<{ files: number; chunks: number }>(
      suite.rt.ctx.db,
      sql`SELECT (SELECT count(*)::int FROM lead_attachments) AS files, (SELECT count(*)::int FROM attachment_chunks) AS chunks`,
    );
    return row!;
  };

  beforeAll(async () => {
    admin = suite.admin;
    const res = await admin.post<Lead>("/api/leads", { businessOwnerName: "Fay", businessOwnerLastName: "Files", businessName: "Files & Co", email: "fay@files.test" });
    expect(res.status, res.text).toBe(201);
    leadId = res.body.id;
  });

  it("stores a file of several chunks and gives back the same bytes, with safe download headers", async () => {
    const bytes = randomBytes(1_500_000);
    const res = await upload(admin, leadId, bytes, "Quarterly report.pdf");
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      leadId,
      fileName: "Quarterly report.pdf",
      contentType: "application/pdf",
      sizeBytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      uploadedBy: { name: "Ada Admin" },
    });
    const stored = await rawRows<{ chunks: number; largest: number }>(
      suite.rt.ctx.db,
      sql`SELECT count(*)::int AS chunks, max(length(data))::int AS largest FROM attachment_chunks WHERE attachment_id = ${res.body.id}`,
    );
    expect(stored[0]).toEqual({ chunks: 6, largest: 256 * 1024 });

    const list = await admin.get<AttachmentList>(`/api/leads/${leadId}/attachments`);
    expect(list.status).toBe(200);
    expect(list.body.maxBytes).toBe(MAX_BYTES);
    expect(list.body.attachments[0]).toEqual(res.body);

    const download = await suite.rt.app.inject({ method: "GET", url: `/api/attachments/${res.body.id}`, headers: { cookie: admin.cookieHeader() } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-length"]).toBe(String(bytes.length));
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="Quarterly report.pdf"; filename*=UTF-8''Quarterly%20report.pdf`);
  });

  it("keeps a file name without its path and encodes it safely in the download", async () => {
    const res = await upload(admin, leadId, "hola", "C:\\fakepath\\Año nuevo (1)'s;.txt", "text/plain");
    expect(res.status, res.text).toBe(201);
    expect(res.body.fileName).toBe("Año nuevo (1)'s;.txt");
    const download = await admin.get(`/api/attachments/${res.body.id}`);
    expect(download.text).toBe("hola");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="A_o nuevo (1)'s;.txt"; filename*=UTF-8''A%C3%B1o%20nuevo%20%281%29%27s%3B.txt`);
  });

  it("refuses a file over ATTACHMENT_MAX_BYTES with 413, from Content-Length or while streaming, and stores nothing", async () => {
    const before = await count();
    const declared = await upload(admin, leadId, randomBytes(MAX_BYTES + 100 * 1024), "big.pdf");
    expect(declared.status).toBe(413);
    expect(declared.body.code).toBe("attachment.file_too_large");
    expect(declared.body.params).toEqual({ maxMegabytes: 2 });
    expect(await count()).toEqual(before);

    // Just over the limit: within the multipart overhead Content-Length allows, so it is found while streaming.
    const streamedPast = await upload(admin, leadId, randomBytes(MAX_BYTES + 1), "just-over.pdf");
    expect(streamedPast.status).toBe(413);
    expect(streamedPast.body.code).toBe("attachment.file_too_large");
    expect(await count()).toEqual(before);

    const chunked = await uploadStreamed(admin, leadId, randomBytes(MAX_BYTES + 300 * 1024), "chunked.pdf");
    expect(chunked.status).toBe(413);
    expect(chunked.body.code).toBe("attachment.file_too_large");
    expect(await count()).toEqual(before);

    const exact = await uploadStreamed(admin, leadId, randomBytes(MAX_BYTES), "exact.pdf");
    expect(exact.status, exact.text).toBe(201);
    expect(exact.body.sizeBytes).toBe(MAX_BYTES);
    expect((await admin.delete(`/api/attachments/${exact.body.id}`)).status).toBe(204);
    expect(await count()).toEqual(before);
  });

  it("stores HTML, SVG and unknown types as application/octet-stream, and never serves them as such", async () => {
    for (const [name, type] of [
      ["page.html", "text/html"],
      ["logo.svg", "image/svg+xml"],
      ["script.js", "text/javascript; charset=utf-8"],
    ] as const) {
      const res = await upload(admin, leadId, "<script>alert(1)</script>", name, type);
      expect(res.status, res.text).toBe(201);
      expect(res.body.contentType).toBe("application/octet-stream");
      const download = await admin.get(`/api/attachments/${res.body.id}`);
      expect(download.headers["content-type"]).toBe("application/octet-stream");
      expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
    }
    const png = await upload(admin, leadId, randomBytes(10), "pic.png", "IMAGE/PNG");
    expect(png.body.contentType).toBe("image/png");
  });

  it("previews PNG, JPEG, GIF, WebP and PDF inline with safe headers, checked against the file's first bytes", async () => {
    const samples = [
      ["dot.png", "image/png", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)])],
      ["photo.jpg", "image/jpeg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)])],
      ["anim.gif", "image/gif", Buffer.concat([Buffer.from("GIF89a"), randomBytes(64)])],
      ["pic.webp", "image/webp", Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x20, 0, 0, 0]), Buffer.from("WEBPVP8 "), randomBytes(64)])],
      ["Offer ñ.pdf", "application/pdf", Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(64)])],
    ] as const;
    for (const [name, type, bytes] of samples) {
      const res = await upload(admin, leadId, bytes, name, type);
      expect(res.status, res.text).toBe(201);
      const preview = await suite.rt.app.inject({ method: "GET", url: `/api/attachments/${res.body.id}/preview`, headers: { cookie: admin.cookieHeader() } });
      expect(preview.statusCode, name).toBe(200);
      expect(preview.rawPayload.equals(bytes)).toBe(true);
      expect(preview.headers["content-type"]).toBe(type);
      expect(preview.headers["content-disposition"]).toMatch(/^inline; filename="/);
      expect(preview.headers["x-content-type-options"]).toBe("nosniff");
      expect(preview.headers["cross-origin-resource-policy"]).toBe("same-origin");
      const policy = String(preview.headers["content-security-policy"]);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain("script-src");
      if (type === "application/pdf") expect(preview.headers["content-disposition"]).toBe(`inline; filename="Offer _.pdf"; filename*=UTF-8''Offer%20%C3%B1.pdf`);
      else expect(policy).toMatch(/^sandbox; /);
    }
  });

  it("refuses to preview SVG, HTML, other types and a file whose bytes are not its type, with 415 and a code", async () => {
    const html = "<!doctype html><script>alert(document.cookie)</script>";
    const refused = [
      ["logo.svg", "image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ["page.html", "text/html", html],
      ["notes.txt", "text/plain", "plain text"],
      ["evil.png", "image/png", html],
      ["evil.pdf", "application/pdf", html],
      ["short.gif", "image/gif", "GIF"],
      ["jpeg-as-png.png", "image/png", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])],
    ] as const;
    for (const [name, type, content] of refused) {
      const res = await upload(admin, leadId, content, name, type);
      expect(res.status, res.text).toBe(201);
      const preview = await admin.get<ApiError>(`/api/attachments/${res.body.id}/preview`);
      expect(preview.status, name).toBe(415);
      expect(preview.body.code).toBe("attachment.preview_unsupported");
      expect(preview.headers["content-type"]).toMatch(/^application\/json/);
      expect(preview.headers["content-disposition"]).toBeUndefined();
      // The download still works, as a download.
      const download = await admin.get(`/api/attachments/${res.body.id}`);
      expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    }
    const unknown = await admin.get<ApiError>("/api/attachments/999999/preview");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("attachment.not_found");
    for (const hostile of ["abc", "-1", "1.5", "99999999999999999999"]) {
      expect((await admin.get(`/api/attachments/${hostile}/preview`)).status, hostile).toBe(400);
    }
    const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Pia Preview", email: "pia@files.test" });
    const png = await upload(admin, leadId, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(8)]), "viewer.png", "image/png");
    expect((await viewer.get(`/api/attachments/${png.body.id}/preview`)).status).toBe(200);
    expect((await suite.rt.client().get(`/api/attachments/${png.body.id}/preview`)).status).toBe(401);
  });

  it("answers 400, 404 and 415 with codes to what is not an upload, and stores nothing", async () => {
    const before = await count();
    const json = await admin.post<ApiError>(`/api/leads/${leadId}/attachments`, { file: "x" });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe("attachment.multipart_required");
    const noFile = multipartBody([{ name: "other", value: "x" }]);
    const missing = await admin.request<ApiError>("POST", `/api/leads/${leadId}/attachments`, noFile.payload, noFile.headers);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("attachment.file_required");
    expect(missing.body.fields).toHaveProperty("file");
    const empty = await upload(admin, leadId, Buffer.alloc(0), "empty.pdf");
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("attachment.file_empty");
    const broken = await admin.request<ApiError>("POST", `/api/leads/${leadId}/attachments`, "--x\r\nnot a form", { "content-type": "multipart/form-data; boundary=x" });
    expect(broken.status).toBe(400);
    const unknownLead = await upload(admin, 999_999, "x", "a.txt");
    expect(unknownLead.status).toBe(404);
    expect(unknownLead.body.code).toBe("lead.not_found");
    expect((await admin.get<ApiError>(`/api/leads/999999/attachments`)).body.code).toBe("lead.not_found");
    const unknown = await admin.get<ApiError>("/api/attachments/999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("attachment.not_found");
    expect((await admin.delete<ApiError>("/api/attachments/999999")).status).toBe(404);
    expect(await count()).toEqual(before);
  });

  it("lets viewers list and download, agents upload and delete their own, managers delete anyone's; deleting is audited", async () => {
    const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Vic Viewer", email: "vic@files.test" });
    const agent = await signedInWithRole(suite.rt, "agent", { name: "Agnes Agent", email: "agnes@files.test" });
    const otherAgent = await signedInWithRole(suite.rt, "agent", { name: "Otto Agent", email: "otto@files.test" });
    const manager = await signedInWithRole(suite.rt, "manager", { name: "Meg Manager", email: "meg@files.test" });

    const refused = await upload(viewer, leadId, "x", "viewer.txt", "text/plain");
    expect(refused.status).toBe(403);
    const mine = await upload(agent, leadId, "agent's", "agent.txt", "text/plain");
    expect(mine.status, mine.text).toBe(201);
    expect(mine.body.uploadedBy?.name).toBe("Agnes Agent");
    const list = await viewer.get<AttachmentList>(`/api/leads/${leadId}/attachments`);
    expect(list.status).toBe(200);
    expect(list.body.attachments[0]!.id).toBe(mine.body.id);
    expect((await viewer.get(`/api/attachments/${mine.body.id}`)).text).toBe("agent's");
    expect((await viewer.delete(`/api/attachments/${mine.body.id}`)).status).toBe(403);
    const notTheirs = await otherAgent.delete<ApiError>(`/api/attachments/${mine.body.id}`);
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.code).toBe("attachment.delete_forbidden");
    expect((await agent.delete(`/api/attachments/${mine.body.id}`)).status).toBe(204);
    expect((await viewer.get(`/api/attachments/${mine.body.id}`)).status).toBe(404);

    const another = await upload(otherAgent, leadId, "otto's", "otto.txt", "text/plain");
    expect((await manager.delete(`/api/attachments/${another.body.id}`)).status).toBe(204);

    const audits = await rawRows<{ action: string; code: string; user_email: string; params: Record<string, unknown> }>(
      suite.rt.ctx.db,
      sql`SELECT action, code, user_email, params FROM audit_logs WHERE action LIKE 'attachment.%' ORDER BY id`,
    );
    expect(audits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "attachment.upload", code: "attachment.uploaded", user_email: "agnes@files.test" }),
        expect.objectContaining({
          action: "attachment.delete",
          code: "attachment.deleted",
          user_email: "agnes@files.test",
          params: { leadId, attachmentId: mine.body.id, fileName: "agent.txt", sizeBytes: 7 },
        }),
        expect.objectContaining({ action: "attachment.delete", user_email: "meg@files.test", params: expect.objectContaining({ attachmentId: another.body.id }) }),
      ]),
    );
  });

  it("removes an upload a stopped instance left incomplete a day ago when the lead gets its next file", async () => {
    const db = suite.rt.ctx.db;
    const [left] = await rawRows<{ id: number }>(
      db,
      sql`INSERT INTO lead_attachments (lead_id, file_name, content_type, created_at) VALUES (${leadId}, 'cut-off.pdf', 'application/pdf', now() - interval '25 hours') RETURNING id`,
    );
    await db.execute(sql`INSERT INTO attachment_chunks (attachment_id, seq, data) VALUES (${left!.id}, 0, '\\x00ff'::bytea)`);
    const [recent] = await rawRows<{ id: number }>(
      db,
      sql`INSERT INTO lead_attachments (lead_id, file_name, content_type) VALUES (${leadId}, 'under-way.pdf', 'application/pdf') RETURNING id`,
    );
    expect((await admin.get(`/api/attachments/${left!.id}`)).status).toBe(404);
    const res = await upload(admin, leadId, "next", "next.txt", "text/plain");
    expect(res.status).toBe(201);
    const ids = await rawRows<{ id: number }>(db, sql`SELECT id FROM lead_attachments WHERE id IN (${left!.id}, ${recent!.id})`);
    expect(ids.map((row) => row.id)).toEqual([recent!.id]);
    expect(await rawRows(db, sql`SELECT 1 FROM attachment_chunks WHERE attachment_id = ${left!.id}`)).toEqual([]);
    await db.execute(sql`DELETE FROM lead_attachments WHERE id = ${recent!.id}`);
  });

  it("puts an added and a deleted entry of kind attachment on the lead's timeline, and none for a failed upload", async () => {
    const timeline = () =>
      rawRows<{ event: string; attachment_id: number }>(
        suite.rt.ctx.db,
        sql`SELECT subject->>'event' AS event, (subject->>'attachmentId')::int AS attachment_id FROM lead_timeline WHERE lead_id = ${leadId} AND kind = 'attachment' ORDER BY id`,
      );
    const before = (await timeline()).length;
    await upload(admin, leadId, randomBytes(MAX_BYTES + 1), "fails.pdf");
    expect((await timeline()).length).toBe(before);
    const res = await upload(admin, leadId, "timeline", "timeline.txt", "text/plain");
    expect((await admin.delete(`/api/attachments/${res.body.id}`)).status).toBe(204);
    expect((await timeline()).slice(before)).toEqual([
      { event: "added", attachment_id: res.body.id },
      { event: "deleted", attachment_id: res.body.id },
    ]);
  });
  it("hides another agent's lead's files from an agent limited to their own leads: 404 on list, upload, download, preview and delete, nothing written (issue 26.5)", async () => {
    const db = suite.rt.ctx.db;
    const rita = await signedInWithRole(suite.rt, "agent", { name: "Rita Files", email: "rita@files.test" });
    const otto = await signedInWithRole(suite.rt, "agent", { name: "Otto Files", email: "otto.scope@files.test" });
    const idOf = async (client: TestClient) => (await client.get<{ id: number }>("/api/auth/me")).body.id;
    const leadFor = async (n: string, assignee: number | null) => {
      const created = await admin.post<Lead>("/api/leads", { businessOwnerName: "Sco", businessOwnerLastName: n, businessName: `Scope ${n}`, email: `scope.${n}@files.test` });
      await db.execute(sql`UPDATE leads SET assignee_id = ${assignee} WHERE id = ${created.body.id}`);
      return created.body.id;
    };
    const mine = await leadFor("mine", await idOf(rita));
    const theirs = await leadFor("theirs", await idOf(otto));
    const free = await leadFor("free", null);
    // Rita's own file on Otto's lead, uploaded while agents worked on every lead.
    const ritasOnTheirs = await upload(rita, theirs, "%PDF-1.4 rita", "rita.pdf");
    expect(ritasOnTheirs.status).toBe(201);
    const before = await count();
    await db.execute(sql`UPDATE lead_access_settings SET agents = 'own'`);
    try {
      expect((await rita.get(`/api/leads/${theirs}/attachments`)).status).toBe(404);
      expect((await upload(rita, theirs, "sneaky", "sneaky.txt", "text/plain")).status).toBe(404);
      expect((await rita.get(`/api/attachments/${ritasOnTheirs.body.id}`)).status).toBe(404);
      expect((await rita.get(`/api/attachments/${ritasOnTheirs.body.id}/preview`)).status).toBe(404);
      expect((await rita.delete(`/api/attachments/${ritasOnTheirs.body.id}`)).status).toBe(404);
      expect(await count()).toEqual(before);
      // Otto and the administrator still read it.
      expect((await otto.get(`/api/attachments/${ritasOnTheirs.body.id}`)).text).toBe("%PDF-1.4 rita");
      expect((await admin.get<AttachmentList>(`/api/leads/${theirs}/attachments`)).body.attachments.map((a) => a.id)).toEqual([ritasOnTheirs.body.id]);
      // Her own and unassigned leads work as before.
      for (const id of [mine, free]) {
        const stored = await upload(rita, id, "fine", "fine.txt", "text/plain");
        expect(stored.status).toBe(201);
        expect((await rita.get<AttachmentList>(`/api/leads/${id}/attachments`)).body.attachments.map((a) => a.id)).toEqual([stored.body.id]);
        expect((await rita.get(`/api/attachments/${stored.body.id}`)).text).toBe("fine");
        expect((await rita.delete(`/api/attachments/${stored.body.id}`)).status).toBe(204);
      }
    } finally {
      await db.execute(sql`UPDATE lead_access_settings SET agents = 'all'`);
    }
  });
});
