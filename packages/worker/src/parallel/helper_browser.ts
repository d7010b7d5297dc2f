/** A solver helper as a browser module worker (the physics worker starts it). */
import { runHelper } from './helper_loop.js';
import type { ToHelper } from './messages.js';

// a module worker's global scope; typed through the DOM lib's postMessage and close
const scope = globalThis as unknown as {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToHelper>) => void): void;
  close(): void;
};
runHelper({
  post: (message) => scope.postMessage(message),
  listen: (handler) => scope.addEventListener('message', (event) => handler(event.data)),
  close: () => scope.close(),
});
