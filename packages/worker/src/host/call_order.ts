/**
 * The host's calls in the order they arrive, across the loads of the world's optional
 * features. A host method whose feature's code is not loaded yet starts the load
 * (`WorldHost.loading`) and answers once it is in and the method has run; the calls that
 * arrive meanwhile (commands, steps, reads) wait for that answer and then run in arrival
 * order, so a `saveState` followed by `step(1)` saves the state before the step, as it
 * does once the feature is loaded. Once nothing waits, calls go straight to the host again
 * (their results as they are: synchronous where the host's are).
 */

/** What the wrapper reads of a host: the feature load under way, or null. */
export interface FeatureLoads {
  readonly loading: Promise<void> | null;
}

/** `host` behind a view that holds calls back while a feature load a call started is under way. */
export function inCallOrder<T extends FeatureLoads>(host: T): T {
  /** Settles once every call held back so far has run (and answered). */
  let queue: Promise<unknown> = Promise.resolve();
  let held = 0;
  const release = (): void => {
    held--;
  };
  const call = (method: (...a: unknown[]) => unknown, args: unknown[]): unknown => {
    if (held === 0) {
      const result = method.apply(host, args);
      if (host.loading === null) return result;
      // this call started a load: the next ones wait for its answer
      held++;
      queue = Promise.resolve(result).then(release, release);
      return result;
    }
    held++;
    const result = queue.then(() => method.apply(host, args));
    queue = result.then(release, release);
    return result;
  };
  return new Proxy(host, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => call(value as (...a: unknown[]) => unknown, args);
    },
  });
}
