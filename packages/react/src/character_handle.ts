/**
 * One character's life, free of React (`useCharacter` adapts it): the worker's character
 * (the core's kinematic mover, run by the host every step) and, when it is solid, a
 * kinematic body with its capsule that the host drives along, so dynamic bodies collide
 * with it. Its element follows the character's interpolated position on every frame.
 */
import type { MoverOptions } from '@impulse/core';
import { BodyType, makeCapsule, type Vec2 } from '@impulse/core/contract';
import type { CharacterStateView, PhysicsClient } from '@impulse/worker';
import {
  type ElementTarget,
  isElement,
  isSvgElement,
  measureLayoutBox,
  type TransformTarget,
  writePose,
} from './element_targets.js';
import { Lifetime } from './lifetime.js';
import type { PhysicsRuntime } from './runtime.js';

export interface CharacterOptions extends Partial<Omit<MoverOptions, 'ignoreBody' | 'dt'>> {
  /** Where the character starts (m): the capsule's center. */
  position: Vec2;
  /** Capsule radius (m). Default 0.3. */
  radius?: number;
  /** Capsule height from bottom to top (m), >= 2 radius. Default 1.8. */
  height?: number;
  /** Multiplies the world's gravity on the character (0 for a top-down game). Default 1. */
  gravityScale?: number;
  /** Dynamic bodies collide with it (a kinematic capsule body follows it). Default true. */
  solid?: boolean;
  /** The solid body's user data (what contact events report as `otherUserData`). */
  userData?: unknown;
}

export interface CharacterApi {
  /** The character's id while it exists, else null. */
  readonly id: number | null;
  /** The velocity (m/s) it moves with from the next step; gravity then acts on it. */
  setVelocity(velocity: Vec2): void;
  /** Teleports it. */
  setPosition(position: Vec2): void;
  /**
   * The slot of its solid body in a frame's records (-1 while it has none: not solid, not
   * mounted): `readFramePose(frame, character, out)` reads where the canvas draws it.
   */
  readonly slot: number;
  /**
   * Its state after the newest step: position, velocity, grounded, ground normal and body.
   * Pass `out` to read into it, with no allocation (every frame).
   */
  read(out?: CharacterStateView): CharacterStateView;
  isGrounded(): boolean;
}

interface LiveCharacter {
  client: PhysicsClient;
  id: number;
  body: number;
}

/** Options that recreate the character when they change (all but position). */
function key(o: CharacterOptions): string {
  const { position: _position, userData: _userData, ...rest } = o;
  return JSON.stringify(rest);
}

export class CharacterHandle {
  readonly api: CharacterApi;
  private readonly runtime: PhysicsRuntime;
  private options: CharacterOptions;
  private element: TransformTarget | null = null;
  private target: ElementTarget | null = null;
  private readonly lifetime: Lifetime<LiveCharacter>;
  private readonly state: CharacterStateView = {
    position: { x: 0, y: 0 },
    velocity: { x: 0, y: 0 },
    grounded: false,
    groundNormal: { x: 0, y: 0 },
    groundBodyId: 0 as never,
    stepped: false,
  };
  private unsubscribe: (() => void) | null = null;
  private release_hold: (() => void) | null = null;
  readonly ref = (element: TransformTarget | null): void => this.setElement(element);

  constructor(runtime: PhysicsRuntime, options: CharacterOptions) {
    this.runtime = runtime;
    this.options = options;
    this.lifetime = new Lifetime(
      () => this.create(),
      (live) => this.destroy(live),
    );
    this.api = this.makeApi();
  }

  acquire(): void {
    if (this.lifetime.alive) return;
    this.lifetime.acquire();
    this.attach();
    this.unsubscribe = this.runtime.loop.addCallback((frame) => this.show(frame.alpha));
    this.release_hold = this.runtime.loop.hold();
  }

  release(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.release_hold?.();
    this.release_hold = null;
    this.target = null;
    this.lifetime.release();
  }

  update(options: CharacterOptions): void {
    const prev = this.options;
    this.options = options;
    const live = this.lifetime.peek();
    if (!live) return;
    if (key(prev) !== key(options)) {
      this.release();
      this.acquire();
      return;
    }
    const p = prev.position;
    const q = options.position;
    if (p.x !== q.x || p.y !== q.y) live.client.setCharacterPosition(live.id, q);
    if (!Object.is(prev.userData, options.userData) && live.body !== 0) {
      live.client.setBodyUserData(live.body as never, options.userData);
    }
  }

  private setElement(element: TransformTarget | null): void {
    this.element = element;
    this.target = null;
    if (this.lifetime.alive) this.attach();
  }

  private attach(): void {
    const live = this.lifetime.peek();
    const element = this.element;
    if (!live || element === null) return;
    const object = !isElement(element);
    const svg = !object && isSvgElement(element);
    const base = object || svg ? { x: 0, y: 0 } : measureLayoutBox(element);
    this.target = {
      element,
      bodyId: 0,
      slot: -1,
      svg,
      object,
      baseX: base.x,
      baseY: base.y,
      parent: null,
      lastX: Number.NaN,
      lastY: Number.NaN,
      lastAngle: Number.NaN,
      index: -1,
    };
    this.show(1);
  }

  /** Writes the element's transform from the character's interpolated position. */
  private show(alpha: number): void {
    const live = this.lifetime.peek();
    if (!live || this.target === null || live.client.isDisposed()) return;
    const s = live.client.readCharacter(live.id, this.state, alpha);
    writePose(this.target, s.position.x, s.position.y, 0, this.runtime.mapping);
  }

  private create(): LiveCharacter {
    const client = this.runtime.client;
    const o = this.options;
    const radius = o.radius ?? 0.3;
    const height = o.height ?? 1.8;
    const half = Math.max(height / 2 - radius, 0);
    const capsule = makeCapsule(0, -half, 0, half, radius);
    const { position, radius: _r, height: _h, gravityScale, solid = true, userData, ...mover } = o;
    let body = 0;
    if (solid) {
      body = client.createBody({ type: BodyType.Kinematic, position, userData });
      try {
        client.createCapsuleShape(body as never, capsule);
      } catch (error) {
        client.destroyBody(body as never);
        throw error;
      }
    }
    try {
      const id = client.createCharacter({
        ...mover,
        capsule,
        position,
        ...(gravityScale === undefined ? {} : { gravityScale }),
        ...(body === 0 ? {} : { body: body as never }),
      });
      return { client, id, body };
    } catch (error) {
      if (body !== 0) client.destroyBody(body as never);
      throw error;
    }
  }

  private destroy(live: LiveCharacter): void {
    const { client } = live;
    if (client.isDisposed()) return;
    client.destroyCharacter(live.id);
    if (live.body !== 0 && client.isValidBody(live.body as never)) client.destroyBody(live.body as never);
  }

  private makeApi(): CharacterApi {
    const self = this;
    const live = (method: string) => {
      const c = self.lifetime.peek();
      if (!c || c.client.isDisposed()) {
        throw new Error(`CharacterApi.${method}: the character does not exist (not mounted, or unmounted)`);
      }
      return c;
    };
    return {
      get id() {
        return self.lifetime.peek()?.id ?? null;
      },
      setVelocity(v) {
        const c = live('setVelocity');
        c.client.setCharacterVelocity(c.id, v);
      },
      setPosition(p) {
        const c = live('setPosition');
        c.client.setCharacterPosition(c.id, p);
      },
      get slot() {
        const c = self.lifetime.peek();
        if (!c || c.body === 0 || c.client.isDisposed() || !c.client.isValidBody(c.body as never)) return -1;
        return c.client.getBodySlot(c.body as never);
      },
      read(out) {
        const c = live('read');
        return out ? c.client.readCharacter(c.id, out) : c.client.readCharacter(c.id);
      },
      isGrounded() {
        const c = live('isGrounded');
        return c.client.readCharacter(c.id, self.state).grounded;
      },
    };
  }
}
