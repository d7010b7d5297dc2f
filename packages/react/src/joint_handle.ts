/**
 * One joint's life, free of React (`useJoint` adapts it). Typed per kind: the options of
 * `useJoint('revolute', ...)` are the revolute joint's parameters and nothing else.
 *
 * The joint exists while its handle is acquired and both bodies exist. It is built when
 * the second body appears (in whatever order React ran the effects), destroyed before a
 * body goes (so a joint whose body is gone is never destroyed twice), and rebuilt when a
 * body is created again. Kind parameters change live (`setJointParams`); the common fields
 * (anchors, collideConnected) recreate the joint, the break limits change in place.
 *
 * World points (`anchor`, `anchorA`, `anchorB`, `axis`) are resolved by the world from the
 * bodies' poses when the joint is first made. The handle keeps what they resolved to (local
 * anchors and axis, and the reference angle and length they determined) and rebuilds with
 * those: a body recreated later, or a joint recreated for `collideConnected`, is joined as
 * it was first, not at wherever the bodies have moved since. Changing a world point or a
 * local form resolves again.
 */
import type {
  BodyId,
  JointCreateMethod,
  JointId,
  JointParamsByKind,
  Vec2,
  WorldAxisDef,
} from '@impulse/core/contract';
// the joint registry's names (internal entry: the contract leaves out the joint modules)
import { jointCreators } from '@impulse/core/mirror-kit';
import type { PhysicsClient } from '@impulse/worker';
import type { BodyDependent, BodyHandle } from './body_handle.js';
import { sameData } from './body_props.js';
import type { JointEventSink } from './contact_router.js';
import { Lifetime } from './lifetime.js';
import type { PhysicsRuntime } from './runtime.js';

/** Each joint kind of the core and its parameters (derived from the core's joint types). */
export type JointKindParams = JointParamsByKind;

export type JointKind = keyof JointKindParams;

/** Fields every joint has. Changing one recreates the joint. */
export interface JointCommonOptions {
  /** Anchor on body A, in A's frame (m). Default (0, 0). */
  localAnchorA?: Vec2;
  /** Anchor on body B, in B's frame (m). Default (0, 0). */
  localAnchorB?: Vec2;
  /**
   * One world point (m) that becomes the anchor of both bodies, from their poses when the
   * joint is first made (instead of localAnchorA and localAnchorB). With world points the
   * reference angle and a distance joint's length also come from those poses, unless given.
   */
  anchor?: Vec2;
  /** Anchor on body A as a world point (m), instead of localAnchorA. */
  anchorA?: Vec2;
  /** Anchor on body B as a world point (m), instead of localAnchorB. */
  anchorB?: Vec2;
  /** Let the two bodies collide with each other. Default false. */
  collideConnected?: boolean;
  /** Force (N) above which the joint breaks. Default Infinity. */
  breakForce?: number;
  /** Torque (N m) above which the joint breaks. Default Infinity. */
  breakTorque?: number;
  userData?: unknown;
  /** Called once when the joint breaks (force over `breakForce` or torque over `breakTorque`); it stays, disabled. */
  onBreak?: (joint: JointId) => void;
}

/** Kinds with an axis, which may be given as a world direction (`axis`) instead of `localAxisA`. */
type AxisKind = 'prismatic' | 'wheel';

/** The options of a joint of kind K: the common fields and K's own parameters. */
export type JointOptions<K extends JointKind> = JointCommonOptions &
  Partial<JointKindParams[K]> &
  (K extends AxisKind ? WorldAxisDef : unknown);

/** Imperative access to a joint. */
export interface JointApi<K extends JointKind> {
  /** The joint's id while it exists, else null. */
  readonly id: JointId | null;
  /** Changes some of the kind's parameters now (motor speed, limits, spring, target, ...). */
  set(params: Partial<JointKindParams[K]>): void;
  /** The kind's parameters as the world has them. */
  getParams(): JointKindParams[K];
}

/** Each kind's create method, from the core's registry (`jointCreators`): the one list of kinds. */
const CREATE = Object.fromEntries(
  Object.keys(jointCreators).map((method) => [
    method.slice('create'.length, -'Joint'.length).toLowerCase(),
    method,
  ]),
) as { readonly [K in JointKind]: JointCreateMethod<K> };

/** Handlers: read when the event comes, never sent to the world. */
const HANDLER_KEYS = new Set<string>(['onBreak']);

/** World points: the world resolves them into local forms when the joint is first made. */
const WORLD_FORMS = ['anchor', 'anchorA', 'anchorB', 'axis'] as const;

/** Where the joint sits on its bodies: changing one of these resolves the world points again. */
const PLACEMENT_KEYS = new Set<string>([...WORLD_FORMS, 'localAnchorA', 'localAnchorB', 'localAxisA']);

/**
 * Fields the core has no setter for: changing one recreates the joint (the placement, the
 * reference angle, collideConnected, userData).
 */
const COMMON_KEYS = new Set<string>([...PLACEMENT_KEYS, 'referenceAngle', 'collideConnected', 'userData']);

/** Break limits: changed in place by their setters, so the joint keeps its state. */
const BREAK_SETTERS = {
  breakForce: 'setJointBreakForce',
  breakTorque: 'setJointBreakTorque',
} as const;

interface LiveJoint {
  client: PhysicsClient;
  id: JointId;
}

/** A body end of a joint: a body's handle, or the world's ground (a static body at the origin). */
export type JointEnd = BodyHandle | 'ground';

export class JointHandle<K extends JointKind> implements BodyDependent, JointEventSink {
  readonly api: JointApi<K>;
  private readonly runtime: PhysicsRuntime;
  private readonly kind: K;
  private readonly a: JointEnd;
  private readonly b: JointEnd;
  private options: JointOptions<K>;
  /** Options set by `api.set` after creation, kept over a rebuild. */
  private overrides: Partial<JointKindParams[K]> = {};
  /** What the world points resolved to when the joint was first made, kept over a rebuild; null before. */
  private resolved: Record<string, unknown> | null = null;
  private acquired = false;
  private readonly lifetime: Lifetime<LiveJoint>;
  /** Joints created by this handle (tests count recreates). */
  created = 0;

  /** Fills in what depends on the bodies' poses at creation (a soft constraint's rest length). */
  private readonly prepare: ((def: Record<string, unknown>, client: PhysicsClient) => void) | undefined;

  constructor(
    runtime: PhysicsRuntime,
    kind: K,
    a: JointEnd,
    b: JointEnd,
    options: JointOptions<K>,
    prepare?: (def: Record<string, unknown>, client: PhysicsClient) => void,
  ) {
    if (!(kind in CREATE)) {
      throw new RangeError(
        `useJoint: kind must be one of ${Object.keys(CREATE).join(', ')}, got ${String(kind)}`,
      );
    }
    this.runtime = runtime;
    this.kind = kind;
    this.a = a;
    this.b = b;
    this.options = options;
    this.prepare = prepare;
    this.lifetime = new Lifetime(
      () => this.create(),
      (live) => {
        runtime.events.deleteJoint(live.id);
        destroyJoint(live);
      },
    );
    this.api = this.makeApi();
  }

  get id(): JointId | null {
    return this.lifetime.peek()?.id ?? null;
  }

  onBreak(): ((joint: JointId) => void) | undefined {
    return this.options.onBreak;
  }

  acquire(): void {
    this.acquired = true;
    if (this.a !== 'ground') this.a.addDependent(this);
    if (this.b !== 'ground') this.b.addDependent(this);
    this.build();
  }

  release(): void {
    this.acquired = false;
    if (this.a !== 'ground') this.a.removeDependent(this);
    if (this.b !== 'ground') this.b.removeDependent(this);
    this.lifetime.release();
  }

  bodyCreated(): void {
    this.build();
  }

  bodyDestroyed(): void {
    // Destroyed before its body, so the body's destruction finds no joint to remove.
    this.lifetime.release();
  }

  /** New options from a render: live parameters by `setJointParams`, common fields by a recreate. */
  update(options: JointOptions<K>): void {
    const prev = this.options;
    this.options = options;
    const live = this.lifetime.peek();
    if (!live) return;
    const changed: Record<string, unknown> = {};
    const limits: [keyof typeof BREAK_SETTERS, number][] = [];
    let params = 0;
    let recreate = false;
    const keys = new Set([...Object.keys(prev), ...Object.keys(options)]);
    for (const key of keys) {
      const before = (prev as Record<string, unknown>)[key];
      const after = (options as Record<string, unknown>)[key];
      if (key === 'userData' ? Object.is(before, after) : sameData(before, after)) continue;
      if (HANDLER_KEYS.has(key)) {
        if ((before === undefined) !== (after === undefined)) this.runtime.events.refreshJoint(live.id);
        continue;
      }
      if (PLACEMENT_KEYS.has(key)) this.resolved = null;
      // a value the world points had determined, now given: the given one counts
      else if (this.resolved !== null) delete this.resolved[key];
      if (COMMON_KEYS.has(key)) recreate = true;
      else if (key in BREAK_SETTERS) {
        limits.push([
          key as keyof typeof BREAK_SETTERS,
          (after as number | undefined) ?? Number.POSITIVE_INFINITY,
        ]);
      } else if (after !== undefined) {
        changed[key] = after;
        delete (this.overrides as Record<string, unknown>)[key];
        params++;
      }
    }
    if (recreate) {
      this.lifetime.release();
      this.build();
      return;
    }
    for (const [key, value] of limits) live.client[BREAK_SETTERS[key]](live.id, value);
    if (params > 0 && this.kind !== 'filter') live.client.setJointParams(live.id, changed);
  }

  private bodyId(end: JointEnd): BodyId | null {
    return end === 'ground' ? this.runtime.groundBody() : end.id;
  }

  private build(): void {
    if (!this.acquired || this.lifetime.alive) return;
    if (this.a !== 'ground' && !this.a.alive) return;
    if (this.b !== 'ground' && !this.b.alive) return;
    this.lifetime.acquire();
  }

  private create(): LiveJoint {
    const client = this.runtime.client;
    const bodyA = this.bodyId(this.a)!;
    const bodyB = this.bodyId(this.b)!;
    const def: Record<string, unknown> = {
      ...this.options,
      ...this.resolved,
      ...this.overrides,
      bodyA,
      bodyB,
    };
    for (const key of HANDLER_KEYS) delete def[key];
    if (this.resolved !== null) for (const key of WORLD_FORMS) delete def[key];
    this.prepare?.(def, client);
    const create = client[CREATE[this.kind]] as (def: unknown) => JointId;
    const id = create.call(client, def);
    if (this.resolved === null && WORLD_FORMS.some((key) => def[key] !== undefined)) {
      this.resolved = resolvedForms(client, id, def);
    }
    this.created++;
    this.runtime.events.setJoint(id, this);
    return { client, id };
  }

  private makeApi(): JointApi<K> {
    const self = this;
    const live = (method: string) => {
      const j = self.lifetime.peek();
      if (!j || j.client.isDisposed() || !j.client.isValidJoint(j.id)) {
        throw new Error(
          `JointApi.${method}: the joint does not exist (not mounted, or one of its bodies is gone)`,
        );
      }
      return j;
    };
    return {
      get id() {
        return self.id;
      },
      set(params) {
        const j = live('set');
        if (self.kind !== 'filter') j.client.setJointParams(j.id, params as never);
        Object.assign(self.overrides, params);
      },
      getParams() {
        const j = live('getParams');
        return j.client.getJointParams(j.id) as JointKindParams[K];
      },
    };
  }
}

/**
 * The local forms the world made of `def`'s world points (joint `id`, just created from
 * it): the local anchors, the local axis if an axis was given, and the reference angle and
 * length if the world points determined them (not given).
 */
function resolvedForms(
  client: PhysicsClient,
  id: JointId,
  def: Record<string, unknown>,
): Record<string, unknown> {
  const { localAnchorA, localAnchorB } = client.getJointLocalAnchors(id);
  const params = client.getJointParams(id) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { localAnchorA, localAnchorB };
  if (def.axis !== undefined) out.localAxisA = params.localAxisA;
  for (const key of ['referenceAngle', 'length']) {
    if (def[key] === undefined && params[key] !== undefined) out[key] = params[key];
  }
  return out;
}

function destroyJoint(live: LiveJoint): void {
  const { client, id } = live;
  // The world removes a joint with its body: a joint already gone is not an error.
  if (!client.isDisposed() && client.isValidJoint(id)) client.destroyJoint(id);
}
