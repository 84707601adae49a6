import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/** Ends the run with a plain "N passed, N failed" line that any CI log reader understands. */
export default class SummaryReporter implements Reporter {
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
      .map((module) => ({ file: module.moduleId.replace(`${process.cwd()}/`, ""), seconds: module.diagnostic().duration / 1000, project: module.project.name }))
      .sort((a, b) => b.seconds - a.seconds);
    // Every file's time, for a closer look at where the budget goes: LEADWELL_TEST_TIMES=/tmp/times.json npm test.
    if (process.env.LEADWELL_TEST_TIMES) writeFileSync(process.env.LEADWELL_TEST_TIMES, JSON.stringify(slowest, null, 1));
    slowest.splice(12);
    if (slowest.length > 1) console.log(`\nSlowest files:\n${slowest.map((m) => `  ${m.seconds.toFixed(1).padStart(7)} s  ${m.project}  ${m.file}`).join("\n")}`);
    console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  }
}
