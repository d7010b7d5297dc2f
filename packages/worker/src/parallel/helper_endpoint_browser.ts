/** A browser module worker's side of a solver helper's messages (helper_loop.ts HelperEndpoint). */
import type { HelperEndpoint } from './helper_loop.js';
import type { ToHelper } from './messages.js';

/** This module worker's endpoint: its own postMessage, message events and close. */
export function browserHelperEndpoint(): HelperEndpoint {
  // a module worker's global scope; typed through the DOM lib's postMessage and close
  const scope = globalThis as unknown as {
    postMessage(message: unknown): void;
    addEventListener(type: 'message', listener: (event: MessageEvent<ToHelper>) => void): void;
    close(): void;
  };
  return {
    post: (message) => scope.postMessage(message),
    listen: (handler) => scope.addEventListener('message', (event) => handler(event.data)),
    close: () => scope.close(),
  };
}
