import { createInlinePhysics, type PhysicsClient } from '@impulse/worker';
import { Component, type ReactNode, useEffect } from 'react';
import { type PhysicsApi, usePhysics } from '../src/index.js';

/** Hands the nearest <Physics>' api to the test. */
export function Grab({ onApi }: { onApi: (api: PhysicsApi) => void }) {
  const api = usePhysics();
  useEffect(() => {
    onApi(api);
  });
  return null;
}

/** The host world's body and joint counts (the truth, not the main thread's mirror). */
export async function counts(
  client: PhysicsClient,
): Promise<{ bodies: number; joints: number; shapes: number }> {
  const c = await client.getCounters();
  return { bodies: c.bodyCount, joints: c.jointCount, shapes: c.shapeCount };
}

/** The pixel translation written into an HTML element's style.transform. */
export function translation(element: Element): { x: number; y: number; angle: number } {
  const t = (element as HTMLElement).style.transform;
  const m = /translate\(([-\d.e]+)px, ([-\d.e]+)px\) rotate\(([-\d.e]+)rad\)/.exec(t);
  if (!m) throw new Error(`no transform written: '${t}'`);
  return { x: Number(m[1]), y: Number(m[2]), angle: Number(m[3]) };
}

export class Boundary extends Component<
  { children: ReactNode; onError: (e: Error) => void },
  { error: Error | null }
> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.error ? <p>failed</p> : this.props.children;
  }
}

let manualClients: PhysicsClient[] = [];

/** An inline world stepped only by the test (`gravity` defaults to (0, -10)); see disposeManualClients. */
export function manualClient(gravity = { x: 0, y: -10 }): PhysicsClient {
  const c = createInlinePhysics({ stepping: 'manual', world: { gravity } });
  manualClients.push(c);
  return c;
}

/** Disposes every client manualClient made (call in afterEach). */
export function disposeManualClients(): void {
  for (const c of manualClients) c.dispose();
  manualClients = [];
}
