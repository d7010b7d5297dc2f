/** The line prefix by which a child process hands its JSON result to the orchestrator. */
export const RESULT_PREFIX = '@@bench-result ';

/** Finds the result line in a child's output and parses it. */
export function parseResult<T>(stdout: string): T {
  const line = stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
  if (line === undefined) throw new Error(`no result line in the child's output:\n${stdout.slice(-2000)}`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as T;
}
