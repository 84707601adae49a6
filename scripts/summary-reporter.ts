import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/** Ends the run with a plain "N passed, N failed" line that any CI log reader understands. */
export default class SummaryReporter implements Reporter {
  private runStartedAt = Date.now();
  /** When each file started and ended, in ms since the run started (by module id). */
  private readonly spans = new Map<string, { start: number; end?: number }>();

  onTestRunStart() {
    this.runStartedAt = Date.now();
  }

  onTestModuleStart(testModule: TestModule) {
    this.spans.set(testModule.moduleId, { start: Date.now() - this.runStartedAt });
  }

  onTestModuleEnd(testModule: TestModule) {
    const span = this.spans.get(testModule.moduleId);
    if (span) span.end = Date.now() - this.runStartedAt;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed++;
    }
    // The slowest files, for whoever keeps CI under its time budget: the run lasts at least as long as the longest.
    const slowest = [...testModules]
      .map((module) => {
        const span = this.spans.get(module.moduleId);
        return {
          file: module.moduleId.replace(`${process.cwd()}/`, ""),
          seconds: module.diagnostic().duration / 1000,
          project: module.project.name,
          // When the file started and ended within the run: the files still running at the end are the run's tail,
          // which the order files start in (vitest's sequencer) decides as much as their length.
          startedAt: span ? Math.round(span.start / 100) / 10 : null,
          endedAt: span?.end !== undefined ? Math.round(span.end / 100) / 10 : null,
        };
      })
      .sort((a, b) => b.seconds - a.seconds);
    // Every file's time, for a closer look at where the budget goes: LEADWELL_TEST_TIMES=/tmp/times.json npm test.
    if (process.env.LEADWELL_TEST_TIMES) writeFileSync(process.env.LEADWELL_TEST_TIMES, JSON.stringify(slowest, null, 1));
    const lastToEnd = slowest.filter((m) => m.endedAt !== null).sort((a, b) => b.endedAt! - a.endedAt!).slice(0, 5);
    slowest.splice(12);
    if (slowest.length > 1) console.log(`\nSlowest files:\n${slowest.map((m) => `  ${m.seconds.toFixed(1).padStart(7)} s  ${m.project}  ${m.file}`).join("\n")}`);
    if (lastToEnd.length > 1) {
      console.log(`\nLast files to end (started at → ended at, in s since the run started):\n${lastToEnd.map((m) => `  ${String(m.startedAt).padStart(7)} → ${String(m.endedAt).padStart(7)}  ${m.project}  ${m.file}`).join("\n")}`);
    }
    console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  }
}
