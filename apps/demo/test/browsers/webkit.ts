/**
 * WebKitGTK through WebKitWebDriver (Debian's webkit2gtk-driver, which drives its
 * MiniBrowser) under Xvfb. WebDriver classic has one window per session and no console:
 * a page is the session's window (`close` leaves it on about:blank), and console errors come
 * from the recorder the test build puts in the page (console_recorder.ts).
 *
 * WebKitGTK hides SharedArrayBuffer even on a cross-origin-isolated page (a GTK/WPE port
 * bug, not Safari's behaviour); JSC_useSharedArrayBuffer=1 in the driver's environment
 * turns it on for the browser it starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readRecordedConsole } from './console_recorder';
import {
  type EngineBrowser,
  type EnginePage,
  type PageFunction,
  type PageOptions,
  pollUntil,
} from './engine';
import { freePort } from './net';
import { waitForDriver, WebDriverSession } from './webdriver';
import { startXvfb } from './xvfb';

export async function launchWebKit(
  driverPath: string,
  options: { sharedArrayBuffer: boolean },
): Promise<EngineBrowser> {
  const display = await startXvfb();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: display.name };
  if (options.sharedArrayBuffer) env.JSC_useSharedArrayBuffer = '1';
  else delete env.JSC_useSharedArrayBuffer;
  const driver: ChildProcess = spawn(driverPath, [`--port=${port}`, '--host=127.0.0.1'], {
    env,
    stdio: 'ignore',
  });
  const stopDriver = () => {
    if (driver.exitCode === null) driver.kill('SIGTERM');
  };
  process.once('exit', stopDriver);
  const base = `http://127.0.0.1:${port}`;
  let session: WebDriverSession;
  try {
    await waitForDriver(base, 20_000);
    session = await WebDriverSession.create(base, {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { args: ['--automation'] },
    });
    await session.setScriptTimeout(120_000);
  } catch (e) {
    stopDriver();
    display.stop();
    throw e;
  }
  const name = options.sharedArrayBuffer ? 'webkit' : 'webkit-nosab';
  const version = `WebKitGTK ${String(session.capabilities.browserVersion)}`;
  let pressed = false;
  const evaluate = <R, A>(fn: PageFunction<A, R>, arg?: A) => session.call<R>(fn.toString(), arg);

  return {
    name,
    version,
    async newPage(url: string, pageOptions: PageOptions = {}): Promise<EnginePage> {
      const size = pageOptions.viewport ?? { width: 1280, height: 800 };
      await session.setWindowSize(size.width, size.height);
      // a fresh document: a URL that differs only in its hash would not reload
      await session.navigate('about:blank');
      await session.navigate(url);
      return {
        engine: name,
        evaluate,
        waitForFunction: <A>(fn: PageFunction<A, boolean>, arg: A, what: string, timeoutMs = 20_000) =>
          pollUntil(() => evaluate(fn, arg), `${name}: ${what}`, timeoutMs),
        boundingBox: (selector) =>
          evaluate((s: string) => {
            const r = document.querySelector(s)?.getBoundingClientRect();
            return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
          }, selector),
        textContent: (selector) =>
          evaluate((s: string) => document.querySelector(s)?.textContent ?? null, selector),
        mouse: {
          move: (x, y) =>
            session.pointer([
              { type: 'pointerMove', origin: 'viewport', x: Math.round(x), y: Math.round(y), duration: 0 },
            ]),
          async down() {
            pressed = true;
            await session.pointer([{ type: 'pointerDown', button: 0 }]);
          },
          async up() {
            pressed = false;
            await session.pointer([{ type: 'pointerUp', button: 0 }]);
          },
        },
        async screenshot(path) {
          writeFileSync(path, await session.screenshotPng());
        },
        consoleErrors: async () => (await evaluate(readRecordedConsole)).errors,
        consoleWarnings: async () => (await evaluate(readRecordedConsole)).warnings,
        async close() {
          if (pressed) await session.pointer([{ type: 'pointerUp', button: 0 }]);
          pressed = false;
          await session.navigate('about:blank');
        },
      };
    },
    async close() {
      try {
        await session.delete();
      } finally {
        stopDriver();
        display.stop();
      }
    },
  };
}
