/**
 * The worker script for browsers: `new Worker(new URL('./worker.js', import.meta.url),
 * { type: 'module' })` loads it (createPhysicsWorker does by default). Its code is in
 * worker_main.js, loaded here by a dynamic import; this entry only keeps the page's
 * messages that arrive meanwhile, and hands them to the host once it listens.
 *
 * Why an entry with no code of its own: WebKit (WebKitGTK 2.50.6, checked by the demo's
 * browser tests) evaluates a module worker's entry module a second time when a module of
 * the worker imports the entry's URL: the entry is not in the worker's module map. A
 * bundler puts the code the worker shares with its on-demand chunks (the solver helpers'
 * executor, the optional solvers) into the entry chunk, and those chunks import it from
 * there: in WebKit they then got a second copy of the core (a second World class, whose
 * private fields the host's world lacks: "Cannot access invalid private field") and a
 * second host answering the page. An entry that exports nothing and imports nothing
 * statically can share no code, so no chunk imports it.
 */

/** The page's messages that arrive before the host listens, in order. */
const early: MessageEvent[] = [];
const keep = (event: MessageEvent): void => {
  early.push(event);
};
addEventListener('message', keep);

import('./worker_main.js').then(
  ({ serveWorker }) => {
    removeEventListener('message', keep);
    serveWorker(early);
  },
  (error: unknown) => {
    // uncaught in a task of its own: the page's Worker gets an error event (the client's
    // "the physics worker failed"), which a rejected promise would not give it
    setTimeout(() => {
      throw error;
    });
  },
);
