/**
 * The fallback warning and the 'shared' error name what is really missing: the isolation
 * headers, or SharedArrayBuffer itself on an isolated page (WebKitGTK without
 * JSC_useSharedArrayBuffer=1, where `crossOriginIsolated` is true).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

/**
 * A fresh transport module (it warns once per page), with the page's globals stubbed and
 * `console.warn` watched.
 */
async function transportOnPage(page: { crossOriginIsolated: boolean; sharedArrayBuffer: boolean }) {
  vi.resetModules();
  vi.stubGlobal('crossOriginIsolated', page.crossOriginIsolated);
  if (!page.sharedArrayBuffer) vi.stubGlobal('SharedArrayBuffer', undefined);
  const { chooseTransport } = await import('../src/client/transport');
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  return { chooseTransport, warn };
}

/** On a page without shared memory 'auto' falls back to 'transfer' and warns once: the warning. */
async function fallbackOnPage(page: { crossOriginIsolated: boolean; sharedArrayBuffer: boolean }) {
  const { chooseTransport, warn } = await transportOnPage(page);
  expect(chooseTransport('auto')).toBe('transfer');
  expect(warn).toHaveBeenCalledTimes(1);
  return { chooseTransport, message: String(warn.mock.calls[0]?.[0]) };
}

describe('choosing the transport', () => {
  it('on an isolated page without SharedArrayBuffer, blames the engine, not the headers', async () => {
    const { chooseTransport, message } = await fallbackOnPage({
      crossOriginIsolated: true,
      sharedArrayBuffer: false,
    });
    expect(message).toMatch(/does not expose SharedArrayBuffer, although the page is cross-origin isolated/);
    expect(message).toMatch(/JSC_useSharedArrayBuffer=1/);
    expect(message).not.toMatch(/not cross-origin isolated/);
    expect(() => chooseTransport('shared')).toThrow(/does not expose SharedArrayBuffer/);
  });

  it('on a page without the isolation headers, names the headers', async () => {
    const { chooseTransport, message } = await fallbackOnPage({
      crossOriginIsolated: false,
      sharedArrayBuffer: true,
    });
    expect(message).toMatch(/the page is not cross-origin isolated/);
    expect(message).toMatch(/Cross-Origin-Embedder-Policy: require-corp/);
    expect(() => chooseTransport('shared')).toThrow(/not cross-origin isolated/);
  });

  it('where shared memory exists, uses it and warns about nothing', async () => {
    const { chooseTransport, warn } = await transportOnPage({
      crossOriginIsolated: true,
      sharedArrayBuffer: true,
    });
    expect(chooseTransport('auto')).toBe('shared');
    expect(warn).not.toHaveBeenCalled();
  });
});
