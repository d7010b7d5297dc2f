/**
 * Many bodies from one component (`useBodies`, `<InstancedBodies>`): one BodyHandle per
 * index, made lazily (a render may ask for them; nothing reaches the world until they are
 * acquired in an effect), kept when the count grows, released when it shrinks. Each body's
 * events carry its index.
 */
import { type BodyApi, BodyHandle } from './body_handle.js';
import type { BodyOptions } from './body_props.js';
import type { TransformTarget } from './element_targets.js';
import type { PhysicsRuntime } from './runtime.js';

export class BodyGroup {
  private readonly runtime: PhysicsRuntime;
  private readonly handles: BodyHandle[] = [];

  constructor(runtime: PhysicsRuntime) {
    this.runtime = runtime;
  }

  /** The handle of instance `index`, made if needed (no world change). */
  at(index: number): BodyHandle {
    let h = this.handles[index];
    if (!h) {
      h = new BodyHandle(this.runtime, {}, index);
      this.handles[index] = h;
    }
    return h;
  }

  /** Brings the first `count` bodies to their options and into the world; releases the rest. */
  sync(count: number, options: (index: number) => BodyOptions): void {
    for (let i = count; i < this.handles.length; i++) this.handles[i]!.release();
    this.handles.length = Math.min(this.handles.length, count);
    for (let i = 0; i < count; i++) {
      const h = this.at(i);
      h.update(options(i));
      h.acquire();
    }
  }

  releaseAll(): void {
    for (const h of this.handles) h.release();
  }

  apis(count: number): BodyApi[] {
    const out: BodyApi[] = [];
    for (let i = 0; i < count; i++) out.push(this.at(i).api);
    return out;
  }

  refs(count: number): ((element: TransformTarget | null) => void)[] {
    const out: ((element: TransformTarget | null) => void)[] = [];
    for (let i = 0; i < count; i++) out.push(this.at(i).ref);
    return out;
  }
}
