// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { automationTriggers } from "@contract/automations";
import { DEFAULT_PIPELINE_STAGE } from "@contract/leads";
import { nextReviewTypes } from "@contract/records/business-health";
import {
  encodeServerMessage,
  repairFailureMessages,
  serverMessageCatalogues,
  type MessageDeclaration,
  type MessageParamKind,
  type MessageParams,
} from "@contract/server-messages";
import { formatDateTime, formatDay, formatNumber, formatUsd } from "./format";
import {
  apiKeyScopeName,
  automationActionName,
  eventLabel,
  leadStatusName,
  roleName,
  shownEventNames,
  stageLabel,
  stageOutcomeName,
  taskRecurrenceName,
  triggerLabel,
} from "./labels";
import { renderServerMessage, SERVER_MESSAGE_KEY_PREFIXES, type ServerMessageCatalogue } from "./server-messages";

/*
 * Every line the server writes as a code, every event name and trigger, in both languages: generated from the
 * contract's declarations, so a new notification kind, failure or event is checked without touching this file.
 */

const LANGUAGES = ["en", "es"] as const;
type Language = (typeof LANGUAGES)[number];

const load = (lng: Language) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8")) as Record<string, unknown>;

const translators = {} as Record<Language, TFunction>;
beforeAll(async () => {
  for (const lng of LANGUAGES) {
    const instance = i18next.createInstance();
    await instance.init({ lng, fallbackLng: false, resources: { [lng]: { translation: load(lng) } }, interpolation: { escapeValue: false } });
    translators[lng] = instance.t;
  }
});

/** A nested failure as a notification carries it: the timeout, with its own param. */
const NESTED_FAILURE = { code: "repair.timeout", params: { duration: "1.5 s" } } as const;
const NESTED_RUN_ERROR = { code: "automation.no_such_staff", params: { email: "ghost@leadwell.test" } } as const;
const NESTED_OUTCOME = { code: "integration.slack_refused_saying", params: { status: 404, answer: "no_service" } } as const;

/** A value of each kind, and how a reader in `lng` must see it in the rendered line. */
const SAMPLES: Record<MessageParamKind, (name: string) => { value: string | number; shown: (t: TFunction, lng: Language) => string; raw?: string }> = {
  text: (name) => ({ value: `‹${name} sample›`, shown: () => `‹${name} sample›` }),
  id: () => ({ value: 40321, shown: () => "40321" }),
  number: () => ({ value: 12345.5, shown: (_, lng) => formatNumber(12345.5, lng), raw: "12345.5" }),
  date: () => ({ value: "2026-11-17", shown: (_, lng) => formatDay("2026-11-17", lng), raw: "2026-11-17" }),
  dateTime: () => ({ value: "2026-11-17T15:45:00.000Z", shown: (_, lng) => formatDateTime("2026-11-17T15:45:00.000Z", lng), raw: "2026-11-17T" }),
  role: () => ({ value: "manager", shown: (t) => roleName(t, "manager"), raw: "manager" }),
  stage: () => ({ value: DEFAULT_PIPELINE_STAGE, shown: (t) => stageLabel(t, DEFAULT_PIPELINE_STAGE) }),
  apiKeyScope: () => ({ value: "leads:write", shown: (t) => apiKeyScopeName(t, "leads:write"), raw: "leads:write" }),
  money: () => ({ value: "1250.50", shown: (_, lng) => formatUsd("1250.50", lng), raw: "1250.50" }),
  switch: () => ({ value: "disabled", shown: (t) => t("common.switch.disabled") }),
  trigger: () => ({ value: "new_lead", shown: (t) => triggerLabel(t, "new_lead"), raw: "new_lead" }),
  automationAction: () => ({ value: "create_task", shown: (t) => automationActionName(t, "create_task"), raw: "create_task" }),
  recordFamily: () => ({ value: "evergreenReview", shown: (t) => t("records.families.evergreenReview"), raw: "evergreenReview" }),
  leadStatus: () => ({ value: "qualified", shown: (t) => leadStatusName(t, "qualified"), raw: "qualified" }),
  stageOutcome: () => ({ value: "won", shown: (t) => stageOutcomeName(t, "won"), raw: "won" }),
  taskRecurrence: () => ({ value: "weekly", shown: (t) => taskRecurrenceName(t, "weekly"), raw: "weekly" }),
  webhookEvent: () => ({ value: "lead.created", shown: (t) => eventLabel(t, "lead.created"), raw: "lead.created" }),
  automationRunError: () => ({
    value: encodeServerMessage(NESTED_RUN_ERROR),
    shown: (t, lng) => renderServerMessage(t, lng, "automationRunErrors", NESTED_RUN_ERROR.code, NESTED_RUN_ERROR.params) ?? "",
    raw: NESTED_RUN_ERROR.code,
  }),
  integrationOutcome: () => ({
    value: encodeServerMessage(NESTED_OUTCOME),
    shown: (t, lng) => renderServerMessage(t, lng, "integrationOutcomes", NESTED_OUTCOME.code, NESTED_OUTCOME.params) ?? "",
    raw: NESTED_OUTCOME.code,
  }),
  repairFailure: () => ({
    value: encodeServerMessage(NESTED_FAILURE),
    shown: (t, lng) => renderServerMessage(t, lng, "repairFailures", NESTED_FAILURE.code, NESTED_FAILURE.params) ?? "",
    raw: NESTED_FAILURE.code,
  }),
};

const catalogueEntries = (Object.keys(serverMessageCatalogues) as ServerMessageCatalogue[]).flatMap((catalogue) =>
  Object.entries(serverMessageCatalogues[catalogue] as Record<string, MessageDeclaration>).map(([code, declaration]) => ({ catalogue, code, declaration })),
);

describe("server-written lines in both languages", () => {
  it("covers every catalogue the client translates", () => {
    expect(Object.keys(SERVER_MESSAGE_KEY_PREFIXES).sort()).toEqual(Object.keys(serverMessageCatalogues).sort());
    expect(catalogueEntries.length).toBeGreaterThan(20);
  });

  it.each(catalogueEntries.map((entry) => [`${entry.catalogue} ${entry.code}`, entry] as const))("renders %s with its params, differently in es", (_, { catalogue, code, declaration }) => {
    const samples = Object.fromEntries(Object.entries(declaration.params).map(([name, kind]) => [name, SAMPLES[kind](name)]));
    const params: MessageParams = Object.fromEntries(Object.entries(samples).map(([name, sample]) => [name, sample.value]));
    const rendered = {} as Record<Language, string>;
    for (const lng of LANGUAGES) {
      const t = translators[lng];
      const text = renderServerMessage(t, lng, catalogue, code, params) ?? "";
      rendered[lng] = text;
      expect(text.trim(), `${lng} ${code}`).not.toBe("");
      expect(text, `${lng} ${code}: a key or code shown raw`).not.toContain(code);
      expect(text, `${lng} ${code}: a placeholder left`).not.toMatch(/\{\{|\}\}/);
      for (const [name, sample] of Object.entries(samples)) {
        const shown = sample.shown(t, lng);
        expect(shown, `${lng} ${code}: ${name} has no text`).not.toBe("");
        expect(text, `${lng} ${code}: ${name} not substituted as the reader reads it`).toContain(shown);
        // A date, number or built-in value appears only in the reader's form, never as stored.
        if (sample.raw !== undefined && !shown.includes(sample.raw)) expect(text, `${lng} ${code}: ${name} shown raw`).not.toContain(sample.raw);
      }
    }
    expect(rendered.es, `${code}: es is the English`).not.toBe(rendered.en);
  });

  it("formats dates for the reader: 17 November 2026 reads differently in en and es", () => {
    const params = { dueDate: "2026-11-17", title: "Call Ana" };
    expect(renderServerMessage(translators.en, "en", "notifications", "task.overdue", params)).toBe("Task overdue since Nov 17, 2026: Call Ana");
    expect(renderServerMessage(translators.es, "es", "notifications", "task.overdue", params)).toBe("Tarea vencida desde el 17 nov 2026: Call Ana");
  });

  it("renders a failure nested in a notification in the reader's language", () => {
    const params = { issueId: 7, reason: encodeServerMessage({ code: "repair.http_error", params: { status: 500, detail: "model overloaded" } }) };
    expect(renderServerMessage(translators.es, "es", "notifications", "issue.proposal_failed", params)).toBe(
      "Incidencia n.º 7: no se pudo proponer ninguna corrección. El servidor de IA respondió 500: model overloaded.",
    );
    expect(Object.keys(repairFailureMessages)).toContain("repair.http_error");
  });

  it("shows an automation's failure that has no code (a database error) as it was stored", () => {
    const params = { automation: "Welcome", error: "connection terminated unexpectedly" };
    expect(renderServerMessage(translators.es, "es", "notifications", "automation.failed", params)).toBe("La automatización «Welcome» falló: connection terminated unexpectedly");
  });

  it("answers undefined for a code this client does not know, so the caller shows the server's text", () => {
    expect(renderServerMessage(translators.es, "es", "notifications", "lead.teleported", {})).toBeUndefined();
  });
});

describe("event names, triggers and built-in values in both languages", () => {
  const labelled = (label: (t: TFunction) => string, raw: string) => {
    const texts = LANGUAGES.map((lng) => label(translators[lng]));
    for (const text of texts) {
      expect(text.trim(), raw).not.toBe("");
      expect(text, `${raw} shown raw`).not.toBe(raw);
      expect(text, `${raw}: an i18n key shown`).not.toMatch(/^[a-z]+(\.[a-zA-Z_]+)+$/);
    }
    expect(texts[1], `${raw}: es is the English`).not.toBe(texts[0]);
  };

  it.each(shownEventNames.map((name) => [name]))("labels the event %s", (name) => labelled((t) => eventLabel(t, name), name));

  it.each(automationTriggers.map((trigger) => [trigger]))("labels the trigger %s", (trigger) => labelled((t) => triggerLabel(t, trigger), trigger));

  it("labels the default stage in any letter case, and leaves a stage's own name alone", () => {
    // "New" is the English label as well as the stored name; Spanish must not show it.
    expect(stageLabel(translators.en, DEFAULT_PIPELINE_STAGE)).toBe("New");
    expect(stageLabel(translators.es, DEFAULT_PIPELINE_STAGE)).toBe("Nuevo");
    expect(stageLabel(translators.es, DEFAULT_PIPELINE_STAGE.toLowerCase())).toBe("Nuevo");
    expect(stageLabel(translators.es, "Proposal")).toBe("Proposal");
  });

  it.each(nextReviewTypes.map((type) => [type]))("labels the Business Health review type %s", (type) =>
    labelled((t) => t(`records.values.${type}` as "records.values.active", { defaultValue: "" }), type),
  );
});
