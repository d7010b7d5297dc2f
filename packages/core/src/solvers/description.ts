/**
 * A solver as plain data: `{ kind: 'xpbd', subSteps: 8 }`. A solver object (a factory's
 * value) holds functions, which `postMessage` cannot send; a description can cross to a
 * worker and sit in a React prop, and the thread that steps the world builds the solver
 * from it with the kind's factory.
 *
 * Each kind's module is loaded only when a description of that kind is first loaded
 * (`import()` per kind, which bundlers split into a chunk of its own): a worker or an app
 * that never asks for a solver ships none, as with the factories. Loading is asynchronous;
 * building from a loaded kind is not (`createSolver`), so a worker can apply a solver
 * change in order with the commands around it.
 *
 * Checked in two stages, each naming the function, the field and the value: the shape
 * (an object, a known kind, fields that are numbers or booleans) at once by
 * `checkSolverDescription`; the field names and ranges by the kind's factory, which states
 * them once, when the solver is built.
 */

import { fail } from '../base/validate.js';
import type { Solver } from '../world/solver_interface.js';
import type { BaumgarteSettings } from './baumgarte.js';
import type { BlockSolverSettings } from './block_solver.js';
import type { NgsSettings } from './ngs.js';
import type { PgsSettings } from './pgs.js';
import type { SoftOdeSettings } from './soft_ode.js';
import type { XpbdSettings } from './xpbd.js';

/** Each kind of description and the settings of its factory. */
export interface SolverSettingsByKind {
  baumgarte: BaumgarteSettings;
  block: BlockSolverSettings;
  ngs: NgsSettings;
  softOde: SoftOdeSettings;
  pgs: PgsSettings;
  xpbd: XpbdSettings;
}

export type SolverKind = keyof SolverSettingsByKind;

/** A solver as plain data: its kind and any of its factory's settings (the rest take the defaults). */
export type SolverDescription = {
  [K in SolverKind]: { readonly kind: K } & Readonly<Partial<SolverSettingsByKind[K]>>;
}[SolverKind];

type Factory = (settings?: object) => Solver;

/** Loads each kind's module; a bundler splits each `import()` into a chunk of its own. */
const LOADERS: { readonly [K in SolverKind]: () => Promise<Factory> } = {
  baumgarte: () => import('./baumgarte.js').then((m) => m.baumgarteSolver as Factory),
  block: () => import('./block_solver.js').then((m) => m.blockSolver as Factory),
  ngs: () => import('./ngs.js').then((m) => m.ngsSolver as Factory),
  softOde: () => import('./soft_ode.js').then((m) => m.softOdeSolver as Factory),
  pgs: () => import('./pgs.js').then((m) => m.pgsSolver as Factory),
  xpbd: () => import('./xpbd.js').then((m) => m.xpbdSolver as Factory),
};

/** The kinds, in the order the docs list them. */
export const SOLVER_KINDS: readonly SolverKind[] = Object.freeze(Object.keys(LOADERS) as SolverKind[]);

/** The factories loaded so far (module-wide: a factory is a pure function, any world may use it). */
const loaded: { [K in SolverKind]?: Factory } = {};

function isKind(v: unknown): v is SolverKind {
  return typeof v === 'string' && Object.hasOwn(LOADERS, v);
}

/**
 * Checks the shape of a description and returns a frozen copy: an object whose `kind` is
 * one of SOLVER_KINDS and whose other fields are numbers or booleans. Throws naming `fn`,
 * `field` (where the description was passed) and the offending value. The kind's factory
 * checks the field names and ranges when the solver is built.
 */
export function checkSolverDescription(fn: string, field: string, value: unknown): SolverDescription {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(fn, field, "a solver description such as { kind: 'xpbd' }", value);
  }
  const v = value as Record<string, unknown>;
  if (!isKind(v.kind)) fail(fn, `${field}.kind`, `one of ${SOLVER_KINDS.join(', ')}`, v.kind);
  for (const key of Object.keys(v)) {
    const x = v[key];
    if (key !== 'kind' && typeof x !== 'number' && typeof x !== 'boolean') {
      fail(fn, `${field}.${key}`, 'a number or a boolean', x);
    }
  }
  return Object.freeze({ ...v }) as SolverDescription;
}

/** Loads the module of a kind of solver (once; later calls resolve at once). */
export async function loadSolverKind(kind: SolverKind): Promise<void> {
  if (!isKind(kind)) fail('loadSolverKind', 'kind', `one of ${SOLVER_KINDS.join(', ')}`, kind);
  loaded[kind] ??= await LOADERS[kind]();
}

/**
 * Builds the solver a description describes, its kind's module already loaded
 * (`loadSolverKind`). Throws naming `fn` and the field: a bad shape, or the factory's
 * error for a bad setting (`setSolver: xpbdSolver: settings.subSteps must be an integer
 * in [1, 1000], got 0`).
 */
export function createSolver(description: SolverDescription, fn = 'createSolver', field = 'solver'): Solver {
  const d = checkSolverDescription(fn, field, description);
  const factory = loaded[d.kind];
  if (factory === undefined) {
    throw new Error(
      `${fn}: the solver kind '${d.kind}' is not loaded (await loadSolverKind('${d.kind}') first)`,
    );
  }
  const { kind: _, ...settings } = d;
  try {
    return factory(settings);
  } catch (error) {
    if (error instanceof Error) error.message = `${fn}: ${error.message}`;
    throw error;
  }
}

/** Loads the description's kind and builds its solver (`createSolver`). */
export async function loadSolver(
  description: SolverDescription,
  fn = 'loadSolver',
  field = 'solver',
): Promise<Solver> {
  const d = checkSolverDescription(fn, field, description);
  await loadSolverKind(d.kind);
  return createSolver(d, fn, field);
}
