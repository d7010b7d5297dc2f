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

export function chooseTransport(option: TransportOption = 'auto'): 'shared' | 'transfer' {
  if (option === 'transfer') return 'transfer';
  if (sharedMemoryAvailable()) return 'shared';
  if (option === 'shared') {
    throw new Error(
      "createPhysicsWorker: transport 'shared' needs SharedArrayBuffer: serve the page cross-origin isolated (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp)",
    );
  }
  if (!warnedFallback) {
    warnedFallback = true;
    console.warn(
      '@impulse/worker: SharedArrayBuffer is unavailable (the page is not cross-origin isolated), so each step transfers its transforms in a message. Serve the page with COOP/COEP headers for shared memory.',
    );
  }
  return 'transfer';
}

export function initialFrames(transport: 'shared' | 'transfer'): HostInit['frames'] {
  if (transport === 'transfer') return null;
  const capacity = INITIAL_FRAME_CAPACITY;
  return { buffer: createFrameBuffer(capacity, true), capacity };
}
