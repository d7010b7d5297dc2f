/**
 * The lab as the shell and the browser tests see it: one SceneHandle over several panes,
 * each its own world. It answers for the focused pane (the first by default; the test
 * hook's `focusPane` picks another), so the shared stats, the transport badge and the
 * tests' drags work on any pane.
 */
import type { BodyId, Vec2 } from '@impulse/core';
import type { PhysicsApi, PhysicsCanvasApi } from '@impulse/react';
import { chosenBackend } from '../../ui/active_scene';
import { countFrameInterval, type Perf, type SceneHandle } from '../../ui/scene_handle';
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
  /** The drag anchor of the focused pane's world (the ground body of `<Physics>`). */
  readonly hiddenBodies = 1;
  readonly panes = new Map<number, PaneView>();
  private focused = 0;
  private raf = 0;
  private last = 0;

  private get pane(): PaneView {
    const p = this.panes.get(this.focused) ?? this.panes.values().next().value;
    if (p === undefined) throw new Error('solver lab: no pane is mounted');
    return p;
  }

  get client() {
    return this.pane.api.client;
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
    const tick = (now: number) => {
      this.raf = requestAnimationFrame(tick);
      if (this.last > 0) countFrameInterval(this.perf, now - this.last);
      this.last = now;
      this.perf.frames++;
      let read = 0;
      let draw = 0;
      for (const p of this.panes.values()) {
        read += p.canvas.current?.perf.readMs ?? 0;
        draw += p.canvas.current?.perf.drawMs ?? 0;
      }
      this.perf.readMs = read;
      this.perf.workMs = draw;
    };
    this.raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(this.raf);
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

  isDragging(): boolean {
    for (const p of this.panes.values()) if ((p.canvas.current?.draggedBody() ?? null) !== null) return true;
    return false;
  }
}
