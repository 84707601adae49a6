import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "@contract/auth";
import { successionDocumentFamily } from "@contract/records/succession";
import type { FamilyRecord } from "@contract/records/schemas";
import { CURRENT_USER_KEY } from "@/lib/session-keys";
import { MarkdownRecordList } from "./markdown-record-list";

const locale = (lng: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8"));
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: "en", resources: { en: { translation: locale("en") } } });
});

/** The list as a signed-in person with these permissions sees it. */
function html(node: ReactNode, permissions: CurrentUser["permissions"]) {
  const client = new QueryClient();
  const user: CurrentUser = { id: 1, name: "Ana", email: "ana@example.com", role: "manager", permissions, lastLoginAt: null };
  client.setQueryData(CURRENT_USER_KEY, user);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(I18nextProvider, { i18n }, node)));
}
const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

const doc = (id: number, title: string, body: string): FamilyRecord =>
  ({ id, createdBy: null, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", title, body, owner: "Ana", reviewDue: "2026-02-01" }) as FamilyRecord;

/** The list's query as the card reads it: answered with these rows, still loading, or failed. */
const answered = (rows: FamilyRecord[]) => ({ data: { rows }, isPending: false, isError: false, error: null, refetch: () => undefined });
const list = (rows: FamilyRecord[], query: Parameters<typeof MarkdownRecordList<FamilyRecord>>[0]["list"] = answered(rows)) =>
  createElement(MarkdownRecordList<FamilyRecord>, {
    family: successionDocumentFamily,
    list: query,
    loadingText: "Loading documents...",
    emptyText: "No documents yet.",
    label: "Documents",
    testId: "doc-card",
    editText: "Edit document",
    heading: (record) => createElement("h3", null, `Heading ${String(record.title)}`),
    cardData: (record) => ({ "data-first": record.id === 1 }),
  });

describe("a list of Markdown records", () => {
  it("draws a card a record, in order: its heading, an Edit button named after its title, its body as Markdown", () => {
    const markup = html(list([doc(1, "Runbook", "**Bold** step"), doc(2, "Keys", "- one\n- two")]), ["records.write"]);
    expect(markup).toContain('<ul class="grid gap-4" aria-label="Documents">');
    expect(markup.match(/data-testid="doc-card"/g)).toHaveLength(2);
    expect(markup).toContain('data-first="true"');
    expect(markup).toContain('data-first="false"');
    expect(markup).toContain('aria-label="Edit Runbook"');
    expect(markup).toContain("<strong>Bold</strong>");
    expect(markup).toMatch(/<li[^>]*>one<\/li>/);
    expect(text(markup)).toMatch(/^Heading Runbook Edit document Bold step Heading Keys Edit document one two/);
  });

  it("disables Edit, saying why, for a person who may not write records", () => {
    const markup = html(list([doc(1, "Runbook", "Body")]), []);
    expect(markup).toMatch(/<button[^>]*disabled=""[^>]*title="[^"]+"/);
    expect(html(list([doc(1, "Runbook", "Body")]), ["records.write"])).not.toContain('disabled=""');
  });

  it("says so while loading, when there are none, and offers a retry when the list failed", () => {
    expect(text(html(list([], { isPending: true, isError: false, error: null, refetch: () => undefined }), ["records.write"]))).toBe("Loading documents...");
    const empty = html(list([]), ["records.write"]);
    expect(empty).not.toContain("doc-card");
    expect(text(empty)).toBe("No documents yet.");
    const failed = html(list([], { isPending: false, isError: true, error: new Error("offline"), refetch: () => undefined }), ["records.write"]);
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain("Try again");
    expect(failed).not.toContain("doc-card");
  });
});
