/**
 * How the client serves every public `World` method. What each method does is the core's
 * one table (WORLD_METHODS in @impulse/core: world/world_methods.ts); each route here is
 * derived from its kind (ROUTE_OF_KIND), and this file states only what the worker itself
 * decides: which reads of the step's results the published frame cannot answer
 * (FROM_HOST), and why the methods left off the client are left off (ABSENT). A new World
 * method gets its route from its kind; a new kind fails the typecheck here until it has one.
 *
 * The routes:
 * - `command`: changes the world. The client's mirror world checks and answers the call
 *   (ids included) on the main thread, then it is queued for the host, which applies the
 *   same calls in the same order to its own world.
 * - `input`: a command sent every frame; it travels through the shared input ring without
 *   a message. The core's `input` kind, each carried by an input form (inputs.ts).
 * - `mirror`: a read of what only commands change (never the step): the mirror answers.
 *   User data, read or written, stays on the main thread: the mirror holds it.
 * - `frame`: a read of what the step changes: from the newest published frame, or the
 *   mirror's value before the body's first published step.
 * - `host`: only the host knows (hashes, snapshots, queries, joint forces): a promise.
 * - `{ absent }`: not on the client, with the reason.
 */
import {
  WORLD_METHODS as CORE_METHODS,
  type WorldMethodName as CoreMethodName,
  JointType,
  type WorldMethodKind,
  type WorldMethodsOf,
} from '@impulse/core/contract';
import type { World } from '@impulse/core';
import { INPUT_METHODS } from './inputs.js';

export type Route = 'command' | 'input' | 'mirror' | 'frame' | 'host' | { readonly absent: string };

/** Each joint create method and the joint type it makes. */
export const JOINT_CREATORS: ReadonlyMap<string, JointType> = new Map(
  Object.entries(JointType).map(([kind, type]) => [`create${kind}Joint`, type]),
);

/**
 * The route of each kind of method. The kinds without one are not on the client (their
 * methods are in ABSENT); `internal` is World's private helpers, not on its public face.
 */
const ROUTE_OF_KIND = {
  input: 'input',
  command: 'command',
  structure: 'command',
  restore: 'host',
  rollback: 'host',
  query: 'host',
  config: 'mirror',
  userData: 'mirror',
  frame: 'frame',
} as const satisfies { readonly [K in WorldMethodKind]?: Route };

type RoutedKind = keyof typeof ROUTE_OF_KIND;
type AbsentKind = Exclude<WorldMethodKind, RoutedKind | 'internal'>;
type PublicMethod = Exclude<CoreMethodName, WorldMethodsOf<'internal'>>;

/** The reads of the step's results that the published frame does not carry: the host answers. */
const FROM_HOST = {
  stateHash: 'host',
  snapshot: 'host',
  getProfile: 'host',
  getCounters: 'host',
  getJointState: 'host',
  getJointConstraintForce: 'host',
  getJointConstraintTorque: 'host',
  isJointEnabled: 'host',
} as const satisfies { readonly [K in WorldMethodsOf<'frame'>]?: 'host' };

/** The methods not on the client: every method of a kind without a route, and the solvers. */
const ABSENT = {
  step: { absent: 'the client steps on its own clock, or with step(n) (a promise) in manual mode' },
  getContactEvents: { absent: 'events arrive by subscription: onContactEvents' },
  getBodyEvents: { absent: 'events arrive by subscription: onBodyEvents (moved bodies: the frame)' },
  getJointEvents: { absent: 'events arrive by subscription: onJointEvents' },
  createMover: { absent: 'a mover queries the world every frame: createCharacter runs it in the worker' },
  moveCharacter: { absent: 'as createMover' },
  getSolver: {
    absent:
      "a solver object holds functions, which postMessage cannot send: the client's getSolver and setSolver take a description ({ kind: 'xpbd' }) instead (docs/solvers.md)",
  },
  setSolver: { absent: 'as getSolver' },
} as const satisfies { readonly [K in WorldMethodsOf<AbsentKind>]: { readonly absent: string } } & {
  readonly [K in PublicMethod]?: { readonly absent: string };
};

type Exceptions = typeof FROM_HOST & typeof ABSENT;
type Core = typeof CORE_METHODS;

type Table = {
  readonly [K in PublicMethod]: K extends keyof Exceptions
    ? Exceptions[K]
    : Core[K] extends RoutedKind
      ? (typeof ROUTE_OF_KIND)[Core[K]]
      : never;
};

/** The input forms' World methods; each must be a per-frame input in the core's table. */
const inputForms: ReadonlySet<WorldMethodsOf<'input'>> = new Set<WorldMethodsOf<'input'>>(INPUT_METHODS);

const exceptions: { readonly [K in PublicMethod]?: Route } = { ...FROM_HOST, ...ABSENT };
const routeOfKind: { readonly [K in WorldMethodKind]?: Route } = ROUTE_OF_KIND;

function routeOf(name: PublicMethod): Route {
  const kind = CORE_METHODS[name];
  if (kind === 'input' && !inputForms.has(name as WorldMethodsOf<'input'>)) {
    throw new Error(
      `world_methods: the core calls ${name} a per-frame input, but no input form (protocol/inputs.ts) carries it`,
    );
  }
  const route = exceptions[name] ?? routeOfKind[kind];
  if (route === undefined) {
    throw new Error(`world_methods: ${name} (kind ${kind}) has no route and no reason to be absent`);
  }
  return route;
}

export const WORLD_METHODS: Table = Object.fromEntries(
  (Object.keys(CORE_METHODS) as CoreMethodName[])
    .filter((name): name is PublicMethod => CORE_METHODS[name] !== 'internal')
    .map((name) => [name, routeOf(name)]),
) as Table;
export type WorldMethodName = keyof Table;

/** The World methods served the way `R` says. */
export type MethodsRouted<R extends Route> = {
  [K in keyof Table]: Table[K] extends R ? K : never;
}[keyof Table];

/** The commands: what changes the world, per-frame inputs included. */
export type CommandName = MethodsRouted<'command' | 'input'>;

/** The commands with the core's exact signatures. */
export type WorldCommands = Pick<World, CommandName>;

export function methodsRouted<R extends Exclude<Route, object>>(route: R): MethodsRouted<R>[] {
  return (Object.keys(WORLD_METHODS) as WorldMethodName[]).filter(
    (name): name is MethodsRouted<R> => WORLD_METHODS[name] === route,
  );
}

/** Every command, per-frame inputs included (what the host applies from a message). */
export const COMMAND_NAMES = [
  ...methodsRouted('input'),
  ...methodsRouted('command'),
] as readonly CommandName[];

const commands: ReadonlySet<string> = new Set(COMMAND_NAMES);

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && commands.has(name);
}
