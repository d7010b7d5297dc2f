/**
 * Console errors and warnings for an engine whose driver cannot report them (WebDriver
 * classic has no console): the test build puts this recorder first in the page's <head>,
 * so it sees everything the demo logs and every uncaught error from the first script on.
 * It records and passes through; the page behaves as without it.
 */
import type { Plugin } from 'vite';

/** Where the page keeps what it recorded (read by `readRecordedConsole`). */
export const RECORDER_GLOBAL = '__impulseConsole';

const recorder = `(() => {
  const log = { errors: [], warnings: [] };
  window.${RECORDER_GLOBAL} = log;
  const text = (args) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
  const error = console.error.bind(console);
  const warn = console.warn.bind(console);
  console.error = (...args) => { log.errors.push(text(args)); error(...args); };
  console.warn = (...args) => { log.warnings.push(text(args)); warn(...args); };
  addEventListener('error', (e) => log.errors.push(e.message || String(e.error)));
  addEventListener('unhandledrejection', (e) => log.errors.push('unhandled rejection: ' + String(e.reason)));
})();`;

/** A Vite plugin for the test build: the recorder as the head's first script. */
export function consoleRecorder(): Plugin {
  return {
    name: 'impulse-test-console-recorder',
    transformIndexHtml: () => [{ tag: 'script', children: recorder, injectTo: 'head-prepend' }],
  };
}

/** Run in the page: what the recorder saw (empty lists if the page was not built with it). */
export function readRecordedConsole(): { errors: string[]; warnings: string[] } {
  const log = (window as unknown as Record<string, { errors: string[]; warnings: string[] } | undefined>)
    .__impulseConsole;
  return { errors: log?.errors.slice() ?? [], warnings: log?.warnings.slice() ?? [] };
}
