import { missingSharedMemoryReason } from '@impulse/react';
import { useActiveSim } from './active_scene';

const TEXT = {
  shared: {
    label: 'Worker · shared memory',
    title:
      'The world steps in a Web Worker and shares transforms through a SharedArrayBuffer (the page is cross-origin isolated).',
  },
  transfer: {
    label: 'Worker · fallback (frames by message)',
    // the cause as the worker's fallback warning gives it: the page may be isolated and the
    // engine still hide SharedArrayBuffer (WebKitGTK without JSC_useSharedArrayBuffer=1)
    title: () =>
      `No SharedArrayBuffer here: ${missingSharedMemoryReason()}. Each step sends its transforms in a message.`,
  },
  inline: {
    label: 'Main thread (inline)',
    title: 'The world steps on the main thread (?backend=inline), for comparison.',
  },
} as const;

/** Says which transport carries the transforms: shared memory, the transfer fallback, or inline. */
export function TransportBadge() {
  const sim = useActiveSim();
  const transport = sim?.client.transport;
  if (!transport) return <span className="badge idle">starting…</span>;
  const t = TEXT[transport];
  const title = typeof t.title === 'function' ? t.title() : t.title;
  return (
    <span className={`badge ${transport}`} title={title} data-testid="transport" data-transport={transport}>
      <span className="dot" aria-hidden="true" />
      {t.label}
    </span>
  );
}
