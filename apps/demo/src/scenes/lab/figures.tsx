/**
 * A pane's live figures: drift, deepest overlap, energy change and widest joint gap, read
 * from the published frame a few times a second and written straight into text nodes (no
 * React render for them), and the step time from `usePhysicsStats` (its store refreshes at
 * most five times a second).
 */
import type { Vec2 } from '@impulse/core';
import { ContactPointRecord } from '@impulse/react';
import { type BodyApi, usePhysics, usePhysicsFrame, usePhysicsStats } from '@impulse/react';
import type { PhysicsClient } from '@impulse/worker';
import { useRef } from 'react';
import type { LabWorld, Setup } from './setups';

/** Frames between two readings. */
const EVERY = 10;
/** Frames before the first reading: the reference drift and energy are taken once bodies have landed. */
const SETTLE = 60;
/** Touching contact points read at most (a pyramid of 55 boxes has about 220). */
const MAX_POINTS = 2048;
const G = 10;

type Figure = Setup['figures'][number];
const LABELS: Record<Figure, string> = {
  drift: 'drift',
  overlap: 'overlap',
  energy: 'energy Δ',
  gap: 'joint gap',
};
const HINTS: Record<Figure, string> = {
  drift: 'Farthest any body moved since the first reading, a second in (cm)',
  overlap: 'Deepest overlap of two touching shapes (mm)',
  energy: 'Kinetic + potential energy now, minus at the first reading a second in (J); drags add energy',
  gap: 'Widest distance between the two anchors of a joint (mm)',
};

export function Figures({ world, setup, label }: { world: LabWorld; setup: Setup; label: string }) {
  const physics = usePhysics();
  const cells = useRef<Partial<Record<Figure, HTMLElement | null>>>({});
  const stepMs = usePhysicsStats((s) => s.stepMs);
  const steps = usePhysicsStats((s) => s.stepCount);
  const state = useRef({
    frames: 0,
    start: new Map<BodyApi, Vec2>(),
    energy0: Number.NaN,
    points: new Float64Array(MAX_POINTS * ContactPointRecord.Size),
    /** The world whose frames carry contact points (StrictMode's remount makes a new one). */
    contactsOn: null as PhysicsClient | null,
  });
  usePhysicsFrame(() => {
    const s = state.current;
    const client = physics.client;
    if (s.contactsOn !== client) {
      client.setDebugContacts(true);
      s.contactsOn = client;
    }
    if (++s.frames % EVERY !== 0 || s.frames < SETTLE || client.getFrameNumber() === 0) return;
    const set = (f: Figure, text: string) => {
      const el = cells.current[f];
      if (el && el.textContent !== text) el.textContent = text;
    };
    let drift = 0;
    let energy = 0;
    for (const api of world.bodies) {
      const id = api.id;
      if (id === null || !client.isValidBody(id)) continue;
      const p = client.getBodyPosition(id);
      const v = client.getBodyLinearVelocity(id);
      const w = client.getBodyAngularVelocity(id);
      const m = client.getBodyMass(id);
      energy +=
        0.5 * m * (v.x * v.x + v.y * v.y) + 0.5 * client.getBodyRotationalInertia(id) * w * w + m * G * p.y;
      const p0 = s.start.get(api);
      if (p0 === undefined) s.start.set(api, p);
      else drift = Math.max(drift, Math.hypot(p.x - p0.x, p.y - p0.y));
    }
    if (Number.isNaN(s.energy0)) s.energy0 = energy;
    let overlap = 0;
    const n = Math.min(client.readContactPoints(s.points), MAX_POINTS);
    for (let i = 0; i < n; i++) {
      overlap = Math.max(overlap, -s.points[i * ContactPointRecord.Size + ContactPointRecord.Separation]!);
    }
    let gap = 0;
    for (const j of world.joints) {
      const b = j.b.id;
      const a = j.a?.id ?? null;
      if (b === null || !client.isValidBody(b) || (j.a !== null && (a === null || !client.isValidBody(a))))
        continue;
      const pa = a === null ? j.localA : client.getBodyWorldPoint(a, j.localA);
      const pb = client.getBodyWorldPoint(b, j.localB);
      gap = Math.max(gap, Math.hypot(pa.x - pb.x, pa.y - pb.y));
    }
    set('drift', (drift * 100).toFixed(1));
    set('overlap', (overlap * 1000).toFixed(1));
    const dE = energy - s.energy0;
    set('energy', `${dE >= 0 ? '+' : '−'}${Math.abs(dE).toFixed(dE > -10 && dE < 10 ? 2 : 0)}`);
    set('gap', (gap * 1000).toFixed(1));
  });
  return (
    <dl className="lab-figures" aria-label={`${label} figures`}>
      {setup.figures.map((f) => (
        <div key={f} className="stat" title={HINTS[f]}>
          <dt>{LABELS[f]}</dt>
          <dd
            ref={(el) => {
              cells.current[f] = el;
            }}
          >
            –
          </dd>
        </div>
      ))}
      <div className="stat" title="Wall time of the newest step in the pane's worker (ms)">
        <dt>ms / step</dt>
        <dd>{steps > 0 ? stepMs.toFixed(2) : '–'}</dd>
      </div>
    </dl>
  );
}
