/**
 * The client's methods that follow from the table of World methods
 * (protocol/world_methods.ts), installed on the client's prototype: commands, per-frame
 * inputs, mirror reads, and the reads that ask the host.
 */
import type { World } from '@impulse/core';
import {
  checkAABBQuery,
  checkPointQuery,
  checkRayQuery,
  checkShapeQuery,
  type Geometry,
} from '@impulse/core/contract';
import { formCarries, formsOf, INPUT_METHODS } from '../protocol/inputs.js';
import { encodeGeometry } from '../protocol/wire.js';
import { JOINT_CREATORS, type MethodsRouted, methodsRouted } from '../protocol/world_methods.js';
import type { ClientContext } from './context.js';
import type { FrameReads } from './frame_reads.js';
import type { Mirror } from './mirror.js';
import { inputOf, sendInput } from './inputs.js';

type Call = (...args: unknown[]) => unknown;

/** What the installed methods reach on a client. */
export interface ClientInternals {
  ctx: ClientContext;
  reads: FrameReads;
}

/** The reads that ask the host, each with the client's checks and the arguments as sent. */
type HostAsk = Exclude<MethodsRouted<'host'>, 'snapshot' | 'restore' | 'saveState' | 'loadState'>;

/** The host reads as the client has them: the World's arguments, the answer as a promise. */
export type HostAsks = {
  [K in HostAsk]: (...args: Parameters<World[K]>) => Promise<ReturnType<World[K]>>;
};

/**
 * Each host read's check on the main thread (bad input throws here, before the promise
 * exists) and its arguments as they cross (geometry tagged).
 */
const HOST_ASKS: { [K in HostAsk]: (mirror: Mirror, args: unknown[]) => unknown[] } = {
  stateHash: (_m, args) => args,
  getProfile: (_m, args) => args,
  getCounters: (_m, args) => args,
  getJointState: mirrorChecks('getJointState'),
  getJointConstraintForce: mirrorChecks('getJointConstraintForce'),
  getJointConstraintTorque: mirrorChecks('getJointConstraintTorque'),
  isJointEnabled: mirrorChecks('isJointEnabled'),
  castRayClosest: rayChecks('castRayClosest'),
  castRayAll: rayChecks('castRayAll'),
  castRayAny: rayChecks('castRayAny'),
  castShape: (_m, [g, xf, translation, filter]) => {
    checkShapeQuery('castShape', g as never, xf as never, translation as never, filter as never);
    return [encodeGeometry(g as Geometry), xf, translation, filter];
  },
  overlapShape: (_m, [g, xf, filter]) => {
    checkShapeQuery('overlapShape', g as never, xf as never, undefined, filter as never);
    return [encodeGeometry(g as Geometry), xf, filter];
  },
  overlapAABB: (_m, args) => {
    checkAABBQuery(args[0] as never, args[1] as never);
    return args;
  },
  overlapPoint: (_m, args) => {
    checkPointQuery(args[0] as never, args[1] as never);
    return args;
  },
};

/** The mirror's own method checks the arguments (a joint id, say), with the core's message. */
function mirrorChecks(name: keyof Mirror) {
  return (mirror: Mirror, args: unknown[]): unknown[] => {
    (mirror[name] as Call).apply(mirror, args);
    return args;
  };
}

function rayChecks(name: 'castRayClosest' | 'castRayAll' | 'castRayAny') {
  return (_m: Mirror, args: unknown[]): unknown[] => {
    checkRayQuery(name, args[0] as never, args[1] as never, args[2] as never);
    return args;
  };
}

function define(proto: object, name: string, value: Call): void {
  Object.defineProperty(proto, name, { value, writable: true, configurable: true });
}

export function installWorldMethods(proto: object, internals: (client: object) => ClientInternals): void {
  for (const name of methodsRouted('command')) {
    const jointType = JOINT_CREATORS.get(name);
    define(proto, name, function (this: object, ...args: unknown[]): unknown {
      const { ctx, reads } = internals(this);
      if (jointType !== undefined) args[0] = reads.localizeJoint(jointType, args[0]);
      const result = (ctx.mirror[name] as Call).apply(ctx.mirror, args);
      ctx.link.enqueue(name, args);
      return result;
    });
  }

  // Fixed arity and no rest array: an input is sent every frame, allocating nothing.
  for (const name of INPUT_METHODS) {
    const inputs = formsOf(name).map(inputOf);
    define(proto, name, function (this: object, id: unknown, a: unknown, b: unknown, c: unknown): void {
      const { ctx } = internals(this);
      (ctx.mirror[name] as Call).call(ctx.mirror, id, a, b, c); // the core's checks
      for (const input of inputs) {
        if (formCarries(input.form, a)) {
          sendInput(ctx.link, input, id as number, a, b, c);
          return;
        }
      }
      ctx.link.enqueue(name, [id, a]); // setJointParams with other params
    });
  }

  for (const name of methodsRouted('mirror')) {
    define(proto, name, function (this: object, ...args: unknown[]): unknown {
      const mirror = internals(this).ctx.mirror;
      return (mirror[name] as Call).apply(mirror, args);
    });
  }

  for (const name of Object.keys(HOST_ASKS) as HostAsk[]) {
    const prepare = HOST_ASKS[name];
    define(proto, name, function (this: object, ...args: unknown[]): Promise<unknown> {
      const { ctx } = internals(this);
      const sent = prepare(ctx.mirror, args);
      return ctx.link.request((port) => (port[name] as Call)(...sent));
    });
  }
}
