import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { suiteWithAdmin } from "../../test/test-runtime";

/** The API document as published, linted by Redocly's CLI with its recommended rules, as a client's tooling would. */

interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, { operationId?: string }>>;
}

const redoclyCli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");

async function lint(document: unknown): Promise<{ totals: { errors: number; warnings: number }; problems: LintProblem[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), "leadwell-openapi-"));
  try {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(document));
    // The Node running the tests runs the linter too. No telemetry or update check: tests make no outside calls.
    const run = await promisify(execFile)(process.execPath, [redoclyCli, "lint", file, "--extends=recommended", "--format=json", "--max-problems=100000"], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      // It exits 1 when it finds errors; its report is on standard output all the same.
      if (!error.stdout) throw error;
      return { stdout: error.stdout, stderr: error.stderr ?? "" };
    });
    return JSON.parse(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the published OpenAPI document", () => {
  const suite = suiteWithAdmin("pglite");

  it("passes redocly lint (recommended rules) with no errors, and names every operation once", { timeout: 120_000 }, async () => {
    const doc = await suite.admin.get<OpenApiDocument>("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.servers).toEqual([{ url: "/" }]);

    const report = await lint(doc.body);
    const listed = (problems: LintProblem[]) => problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(listed(report.problems.filter((p) => p.severity === "error"))).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(listed(report.problems.filter((p) => p.ruleId === "operation-operationId" || p.ruleId === "operation-operationId-unique"))).toEqual([]);

    const operations = Object.values(doc.body.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((operation) => operation.operationId);
    expect(operations.length).toBeGreaterThan(50);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
