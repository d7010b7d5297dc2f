/**
 * Child-process entry: `node dist/runner.mjs '<RunSpec as JSON>'` runs one measurement
 * and prints its result as one line starting with RESULT_PREFIX.
 */

import { runOnce, type RunSpec } from './measure';
import { RESULT_PREFIX } from './protocol';

const arg = process.argv[2];
if (arg === undefined) {
  console.error('usage: runner.mjs <RunSpec JSON>');
  process.exit(2);
}
const result = await runOnce(JSON.parse(arg) as RunSpec);
process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
