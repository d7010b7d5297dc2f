/** Choosing how frames reach the main thread, and making the first frame buffer. */
import { createFrameBuffer } from '../protocol/frame_layout.js';
import type { HostInit } from '../protocol/host_messages.js';
import { INITIAL_FRAME_CAPACITY } from './options.js';

export type TransportOption = 'auto' | 'shared' | 'transfer';

let warnedFallback = false;

/** True where SharedArrayBuffer can be posted to a worker (Node; cross-origin isolated pages). */
export function sharedMemoryAvailable(): boolean {
  if (typeof SharedArrayBuffer === 'undefined') return false;
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  return isolated !== false;
}

/**
 * Why shared memory is missing, for the fallback warning, the 'shared' error and a page's
 * own note (the demo's transport badge). A page can
 * be cross-origin isolated and still have no SharedArrayBuffer: WebKitGTK and WPE hide it
 * unless JSC_useSharedArrayBuffer=1 is set, so the isolation headers are not always the cause.
 */
export function missingSharedMemoryReason(): string {
  if ((globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === false) {
    return 'the page is not cross-origin isolated: serve it with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp';
  }
  return 'this engine does not expose SharedArrayBuffer, although the page is cross-origin isolated (WebKitGTK and WPE need JSC_useSharedArrayBuffer=1)';
}

export function chooseTransport(option: TransportOption = 'auto'): 'shared' | 'transfer' {
  if (option === 'transfer') return 'transfer';
  if (sharedMemoryAvailable()) return 'shared';
  if (option === 'shared') {
    throw new Error(
      `createPhysicsWorker: transport 'shared' needs SharedArrayBuffer: ${missingSharedMemoryReason()}`,
    );
  }
  if (!warnedFallback) {
    warnedFallback = true;
    console.warn(
      `@impulse/worker: SharedArrayBuffer is unavailable (${missingSharedMemoryReason()}), so each step sends its transforms in a message.`,
    );
  }
  return 'transfer';
}

export function initialFrames(transport: 'shared' | 'transfer'): HostInit['frames'] {
  if (transport === 'transfer') return null;
  const capacity = INITIAL_FRAME_CAPACITY;
  return { buffer: createFrameBuffer(capacity, true), capacity };
}
