import { useActiveSim } from '../sim/active';

const TEXT = {
  shared: {
    label: 'Worker · shared memory',
    title:
      'The world steps in a Web Worker and shares transforms through a SharedArrayBuffer (the page is cross-origin isolated).',
  },
  transfer: {
    label: 'Worker · fallback (transferred frames)',
    title:
      'No SharedArrayBuffer here (the page is not cross-origin isolated), so each step sends its transforms in a message. Serve with COOP/COEP headers for shared memory.',
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
  return (
    <span className={`badge ${transport}`} title={t.title} data-testid="transport" data-transport={transport}>
      <span className="dot" aria-hidden="true" />
      {t.label}
    </span>
  );
}
