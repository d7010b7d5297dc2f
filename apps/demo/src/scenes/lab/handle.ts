/**
 * The lab as the shell and the browser tests see it: one SceneHandle over several panes,
 * each its own world. It answers for the focused pane (the first by default; the test
 * hook's `focusPane` picks another), so the shared stats, the transport badge and the
 * tests' drags work on any pane.
 */
import type { BodyId, Vec2 } from '@impulse/core';
import type { PhysicsApi, PhysicsCanvasApi } from '@impulse/react';
import { chosenBackend } from '../../ui/active_scene';
import { type Perf, type SceneHandle, startFrameClock } from '../../ui/scene_handle';
import type { LabWorld } from './setups';

/** What a mounted pane gives the handle. */
export interface PaneView {
  api: PhysicsApi;
  canvas: { current: PhysicsCanvasApi | null };
  world: LabWorld;
}

export class LabHandle implements SceneHandle {
  readonly backend = chosenBackend();
  readonly perf: Perf = { workMs: 0, readMs: 0, frameMs: 16.7, fps: 60, frames: 0 };
  readonly testBody: BodyId | null = null;

  readonly panes = new Map<number, PaneView>();
  private focused = 0;

  private get pane(): PaneView {
    const p = this.panes.get(this.focused) ?? this.panes.values().next().value;
    if (p === undefined) throw new Error('solver lab: no pane is mounted');
    return p;
  }

  get client() {
    return this.pane.api.client;
  }

  /** The focused pane's bodies of `<Physics>`' own (the drag anchor, a drag's hand). */
  get hiddenBodies(): number {
    return this.pane.api.ownBodyCount();
  }

  get renderer(): string {
    return this.pane.canvas.current?.renderer ?? 'none';
  }

  paneCount(): number {
    return this.panes.size;
  }

  /** Makes pane `index` the one the handle answers for. */
  focusPane(index: number): void {
    if (!this.panes.has(index))
      throw new RangeError(`focusPane: no pane ${index} (there are ${this.panes.size})`);
    this.focused = index;
  }

  start(): () => void {
    return startFrameClock(this.perf, () => {
      let read = 0;
      let draw = 0;
      for (const p of this.panes.values()) {
        read += p.canvas.current?.perf.readMs ?? 0;
        draw += p.canvas.current?.perf.drawMs ?? 0;
      }
      this.perf.readMs = read;
      this.perf.workMs = draw;
    });
  }

  dynamicBodies(): BodyId[] {
    const out: BodyId[] = [];
    for (const b of this.pane.world.bodies) if (b.id !== null) out.push(b.id);
    return out;
  }

  bodyPagePoint(body: BodyId): Vec2 | null {
    const p = this.pane;
    return p.canvas.current?.toPage(p.api.client.getBodyPosition(body)) ?? null;
  }

  pageToWorld(x: number, y: number): Vec2 | null {
    return this.pane.canvas.current?.fromPage(x, y) ?? null;
  }

  draggedBody(): BodyId | null {
    for (const p of this.panes.values()) {
      const held = p.canvas.current?.draggedBody() ?? null;
      if (held !== null) return held;
    }
    return null;
  }
}
