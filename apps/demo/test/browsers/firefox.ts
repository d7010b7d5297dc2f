/**
 * Firefox (Debian's firefox-esr) through puppeteer-core over WebDriver BiDi: no geckodriver
 * (Debian has none, and the npm one downloads its binary). puppeteer-core 24.x: 25 needs Node 22.
 */
import puppeteer, { type Page } from 'puppeteer-core';
import type { EngineBrowser, EnginePage, PageFunction, PageOptions } from './engine';

export async function launchFirefox(executablePath: string): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true });
  const version = await browser.version();
  return {
    name: 'firefox',
    version: version.replace(/^firefox\//, 'Firefox '),
    async newPage(url: string, options: PageOptions = {}): Promise<EnginePage> {
      const page: Page = await browser.newPage();
      await page.setViewport(options.viewport ?? { width: 1280, height: 800 });
      const errors: string[] = [];
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
        if (m.type() === 'warn') warnings.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e instanceof Error ? e.message : String(e)));
      await page.goto(url);
      const box = async (selector: string) => {
        const element = await page.$(selector);
        return element ? element.boundingBox() : null;
      };
      return {
        engine: 'firefox',
        evaluate: <R, A>(fn: PageFunction<A, R>, arg?: A) =>
          page.evaluate(fn as (a: unknown) => Promise<R>, arg as unknown) as Promise<R>,
        async waitForFunction<A>(fn: PageFunction<A, boolean>, arg: A, what: string, timeoutMs = 20_000) {
          try {
            await page.waitForFunction(
              fn as (a: unknown) => boolean,
              { timeout: timeoutMs, polling: 50 },
              arg as unknown,
            );
          } catch (e) {
            throw new Error(`firefox: waited ${timeoutMs} ms for ${what}: ${(e as Error).message}`);
          }
        },
        boundingBox: box,
        textContent: (selector) =>
          page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector),
        mouse: {
          move: (x, y) => page.mouse.move(x, y),
          down: () => page.mouse.down(),
          up: () => page.mouse.up(),
        },
        async screenshot(path) {
          await page.screenshot({ path: path as `${string}.png` });
        },
        consoleErrors: async () => errors.slice(),
        consoleWarnings: async () => warnings.slice(),
        close: () => page.close(),
      };
    },
    close: () => browser.close(),
  };
}
