// The order a run starts its test files in. Vitest runs the projects one after another and, with no timings cached
// (a clean clone, CI), the larger files of each first; a short file with a long walk in it (list-fit: every route in
// Chromium) then starts last and runs alone while the other worker has nothing left. The suites below take longest,
// so they start first in their project and the short ones fill in around them.
import fs from 'node:fs';
import type { TestSpecification } from 'vitest/node';

/** Longest first, by their times in a CI run (seconds on two busy cores). */
const SLOW_FIRST = [
  'tests/api/fuzz.test.ts', // 42
  'tests/api/demo-fill.test.ts', // 40
  'tests/api/replicas.test.ts', // 40
  'tests/api/permission-matrix.test.ts', // 29
  'tests/api/replicas-fault.test.ts', // 26
  'src/web/engine/stories-pieces.test.tsx', // 29
  'tests/e2e/approvals.e2e.test.ts', // 50
  'tests/e2e/list-fit.e2e.test.ts', // 49
  'tests/e2e/props.e2e.test.ts', // 48
  'tests/e2e/finance.e2e.test.ts', // 35
  'tests/e2e/reimburse.e2e.test.ts', // 31
];

const rank = (f: TestSpecification) => {
  const i = SLOW_FIRST.findIndex((s) => f.moduleId.endsWith(s));
  return i < 0 ? SLOW_FIRST.length : i;
};
const size = (f: TestSpecification) => {
  try {
    return fs.statSync(f.moduleId).size;
  } catch {
    return 0;
  }
};

export default class SlowFirstSequencer {
  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return files;
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort(
      (a, b) => a.project.name.localeCompare(b.project.name) || rank(a) - rank(b) || size(b) - size(a),
    );
  }
}
