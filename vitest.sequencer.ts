// The order test files start in, within a group. Vitest's own order takes the projects by
// name (bench, core, demo, …), so on the 2-core CI machine the browser suite, longer than
// every other file together (about 600 s of an 830 s run), would wait behind bench's and
// core's files. It starts first; the other files keep Vitest's order and run beside it on
// the second worker.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that start before all others, in this order. */
const first = ['apps/demo/test/browser.test.ts'];

function rank(spec: TestSpecification): number {
  const path = spec.moduleId.replaceAll('\\', '/');
  const i = first.findIndex((file) => path.endsWith(`/${file}`));
  return i < 0 ? first.length : i;
}

export class BrowserSuiteFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the other files keep the base order
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
