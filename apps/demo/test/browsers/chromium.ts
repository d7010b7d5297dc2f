/** Chromium through playwright-core: the engine-neutral page over a Playwright page. */
import { chromium, type Page } from 'playwright-core';
import type { EngineBrowser, EnginePage, PageFunction, PageOptions } from './engine';

/** The Playwright page behind an EnginePage, for Chromium-only tests (touch over CDP, keyboard, roles). */
export interface ChromiumPage extends EnginePage {
  readonly raw: Page;
}

/** Flags for a quiet headless Chromium: no sandbox (containers), GPU, first-run UI or background traffic. */
export const HEADLESS_CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(executablePath: string): Promise<EngineBrowser> {
  const browser = await chromium.launch({
    executablePath,
    args: [...HEADLESS_CHROMIUM_ARGS, '--disable-quic'],
  });
  return {
    name: 'chromium',
    version: `Chromium ${browser.version()}`,
    async newPage(url: string, options: PageOptions & { touch?: boolean } = {}): Promise<ChromiumPage> {
      const touch = options.touch ?? false;
      const page = await browser.newPage({
        viewport: options.viewport ?? { width: 1280, height: 800 },
        hasTouch: touch,
        isMobile: touch,
      });
      const errors: string[] = [];
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
        if (m.type() === 'warning') warnings.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url);
      return {
        engine: 'chromium',
        raw: page,
        // the driver's own typing of page functions (handles, unboxing) is beyond what the tests pass
        evaluate: <R, A>(fn: PageFunction<A, R>, arg?: A) =>
          page.evaluate(fn as (a: unknown) => R | Promise<R>, arg as unknown) as Promise<R>,
        async waitForFunction<A>(fn: PageFunction<A, boolean>, arg: A, what: string, timeoutMs = 20_000) {
          try {
            await page.waitForFunction(fn as (a: unknown) => boolean, arg as unknown, { timeout: timeoutMs });
          } catch (e) {
            throw new Error(`chromium: waited ${timeoutMs} ms for ${what}: ${(e as Error).message}`);
          }
        },
        boundingBox: (selector) => page.locator(selector).boundingBox(),
        textContent: (selector) => page.locator(selector).textContent(),
        mouse: {
          move: (x, y) => page.mouse.move(x, y),
          down: () => page.mouse.down(),
          up: () => page.mouse.up(),
        },
        async screenshot(path) {
          await page.screenshot({ path });
        },
        consoleErrors: async () => errors.slice(),
        consoleWarnings: async () => warnings.slice(),
        close: () => page.close(),
      };
    },
    close: () => browser.close(),
  };
}
