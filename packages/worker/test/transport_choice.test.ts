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

/** A fresh transport module (it warns once per page), with the page's globals stubbed. */
async function transportOnPage(page: { crossOriginIsolated: boolean; sharedArrayBuffer: boolean }) {
  vi.resetModules();
  vi.stubGlobal('crossOriginIsolated', page.crossOriginIsolated);
  if (!page.sharedArrayBuffer) vi.stubGlobal('SharedArrayBuffer', undefined);
  return import('../src/client/transport');
}

describe('choosing the transport', () => {
  it('on an isolated page without SharedArrayBuffer, blames the engine, not the headers', async () => {
    const { chooseTransport } = await transportOnPage({
      crossOriginIsolated: true,
      sharedArrayBuffer: false,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(chooseTransport('auto')).toBe('transfer');
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]?.[0]);
    expect(message).toMatch(/does not expose SharedArrayBuffer, although the page is cross-origin isolated/);
    expect(message).toMatch(/JSC_useSharedArrayBuffer=1/);
    expect(message).not.toMatch(/not cross-origin isolated/);
    expect(() => chooseTransport('shared')).toThrow(/does not expose SharedArrayBuffer/);
  });

  it('on a page without the isolation headers, names the headers', async () => {
    const { chooseTransport } = await transportOnPage({
      crossOriginIsolated: false,
      sharedArrayBuffer: true,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(chooseTransport('auto')).toBe('transfer');
    const message = String(warn.mock.calls[0]?.[0]);
    expect(message).toMatch(/the page is not cross-origin isolated/);
    expect(message).toMatch(/Cross-Origin-Embedder-Policy: require-corp/);
    expect(() => chooseTransport('shared')).toThrow(/not cross-origin isolated/);
  });

  it('where shared memory exists, uses it and warns about nothing', async () => {
    const { chooseTransport } = await transportOnPage({ crossOriginIsolated: true, sharedArrayBuffer: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(chooseTransport('auto')).toBe('shared');
    expect(warn).not.toHaveBeenCalled();
  });
});
