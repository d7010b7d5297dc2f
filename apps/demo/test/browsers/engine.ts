/**
 * The browser tests' engine-neutral driver: what a test does to a page (go to a URL, run a
 * function in it, read an element's box, press and move a mouse, take a screenshot, read
 * its console errors), implemented once per engine. One `EngineBrowser` per engine per test
 * file: Firefox and WebKit take seconds to start.
 *
 * - chromium: Debian's Chromium through playwright-core (CDP).
 * - firefox: Debian's firefox-esr through puppeteer-core over WebDriver BiDi (no geckodriver).
 * - webkit: WebKitGTK's MiniBrowser through WebKitWebDriver (WebDriver over HTTP) under Xvfb.
 *   WebKitGTK hides SharedArrayBuffer even on a cross-origin-isolated page unless the driver
 *   runs with JSC_useSharedArrayBuffer=1: `webkit` sets it, `webkit-nosab` does not (the
 *   transfer fallback on an isolated page).
 */
import { existsSync } from 'node:fs';

export type EngineName = 'chromium' | 'firefox' | 'webkit' | 'webkit-nosab';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageOptions {
  /** CSS px of the page's viewport (WebKit: of its window, the closest WebDriver has). */
  viewport?: { width: number; height: number };
}

/** A function run in the page: its source crosses to the browser, so it closes over nothing. */
export type PageFunction<A, R> = (arg: A) => R | Promise<R>;

export interface EnginePage {
  readonly engine: EngineName;
  evaluate<R, A = undefined>(fn: PageFunction<A, R>, arg?: A): Promise<R>;
  /** Polls `fn` in the page until it returns true; throws naming `what` after `timeoutMs`. */
  waitForFunction<A>(fn: PageFunction<A, boolean>, arg: A, what: string, timeoutMs?: number): Promise<void>;
  /** The element's box in viewport CSS px, or null when there is none. */
  boundingBox(selector: string): Promise<Box | null>;
  textContent(selector: string): Promise<string | null>;
  /** A mouse in viewport CSS px: press, move while pressed, release. */
  readonly mouse: {
    move(x: number, y: number): Promise<void>;
    down(): Promise<void>;
    up(): Promise<void>;
  };
  screenshot(path: string): Promise<void>;
  /** Console errors and uncaught errors since the page opened. */
  consoleErrors(): Promise<string[]>;
  /** Console warnings since the page opened. */
  consoleWarnings(): Promise<string[]>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  readonly name: EngineName;
  /** Engine and version, for the report. */
  readonly version: string;
  newPage(url: string, options?: PageOptions): Promise<EnginePage>;
  close(): Promise<void>;
}

/** The executable each engine needs (env overrides for a developer's machine). */
export const enginePaths: Record<EngineName, string> = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  firefox: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
  webkit: process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
  'webkit-nosab': process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
};

/** The Debian package that provides each engine (.ci/run installs them). */
export const enginePackages: Record<EngineName, string> = {
  chromium: 'chromium',
  firefox: 'firefox-esr',
  webkit: 'webkit2gtk-driver xvfb xauth',
  'webkit-nosab': 'webkit2gtk-driver xvfb xauth',
};

export function engineMissing(name: EngineName): string | null {
  const path = enginePaths[name];
  if (!existsSync(path)) return `${name}: no ${path} (apt-get install -y ${enginePackages[name]})`;
  if (name.startsWith('webkit') && !existsSync('/usr/bin/Xvfb')) {
    return `${name}: no /usr/bin/Xvfb (apt-get install -y xvfb xauth)`;
  }
  return null;
}

export async function launchEngine(name: EngineName): Promise<EngineBrowser> {
  const missing = engineMissing(name);
  if (missing) throw new Error(`launchEngine: ${missing}`);
  switch (name) {
    case 'chromium':
      return (await import('./chromium')).launchChromium(enginePaths.chromium);
    case 'firefox':
      return (await import('./firefox')).launchFirefox(enginePaths.firefox);
    case 'webkit':
      return (await import('./webkit')).launchWebKit(enginePaths.webkit, { sharedArrayBuffer: true });
    case 'webkit-nosab':
      return (await import('./webkit')).launchWebKit(enginePaths.webkit, { sharedArrayBuffer: false });
  }
}

/** Polls a page-side check from Node: the engine-neutral waitForFunction. */
export async function pollUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs: number,
  intervalMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
