import type { SolverDescription, Vec2, WorldDef } from '@impulse/core';
import {
  type ContactKernelOption,
  MAX_SOLVER_WORKERS,
  type PhysicsClient,
  type Stepping,
} from '@impulse/worker';
import { type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import { PhysicsContext } from '../context.js';
import type { DragOptions } from '../drag.js';
import { PhysicsDebug } from './physics_debug.js';
import { type Backend, PhysicsRuntime, type SolverSettings } from '../runtime.js';

export interface PhysicsProps {
  children?: ReactNode;
  /** Where the world runs: 'worker' (default; inline where Web Workers do not exist) or 'inline'. */
  backend?: Backend;
  /** Use this client instead of making one (it is not disposed on unmount). */
  client?: PhysicsClient;
  /** 'realtime' (default) or 'manual' (step with `usePhysics().step(n)`: tests, replays). */
  stepping?: Stepping;
  /** Fixed time step (s). Default 1/60. */
  timeStep?: number;
  /** Most steps per tick to catch up after a stall. Default 4. */
  maxStepsPerTick?: number;
  /** Gravity (m/s²). Default (0, -10). */
  gravity?: Vec2;
  /** Solver sub-steps per step. Default 4. */
  subSteps?: number;
  /** Solver settings (contact and joint stiffness, sleep, continuous, ...). */
  settings?: SolverSettings;
  /**
   * The constraint solver, as a description (`{ kind: 'xpbd', subSteps: 8 }`;
   * docs/solvers.md). Default none: the soft step. A change applies to the live world
   * (`setSolver`) once the kind's module is loaded; a description equal to the last one,
   * made inline on every render, changes nothing.
   */
  solver?: SolverDescription | null;
  /** Friction and restitution mixers: functions, so the inline backend only. */
  mixers?: Pick<Partial<WorldDef>, 'frictionMixer' | 'restitutionMixer'>;
  paused?: boolean;
  /** Simulated seconds per real second. Default 1. */
  timeScale?: number;
  /** Blend between the two newest steps on screen (smooth at any display rate). Default true. */
  interpolate?: boolean;
  /** Pixels (or SVG units) per meter. Default 100. */
  scale?: number;
  /** Screen point (page px) of the world origin. Default (0, 0). */
  origin?: Vec2;
  /** World y up is screen y down. Default true. */
  flipY?: boolean;
  /** Shows the debug overlay (every shape outlined) and sets the stats store's flag. Default false. */
  debug?: boolean;
  /** Every body with an element can be dragged with a pointer, unless its own `draggable` is false. Default false. */
  draggable?: boolean;
  /** How a grab feels: spring hertz (5), damping ratio (0.7), pull limit in body weights (1000). */
  dragOptions?: Partial<DragOptions>;
  /** Creates the Web Worker (when the bundler cannot resolve the default one). */
  worker?: () => Worker;
  /**
   * Threads that step the world in the worker backend: the physics worker and
   * `solverWorkers - 1` solver helpers it starts (`createPhysicsWorker({ solverWorkers })`).
   * An integer in [1, 64]. Default: from `navigator.hardwareConcurrency` (one core left to
   * the page, at most 4) where the page is cross-origin isolated, else 1; the world steps on
   * one thread wherever shared memory is unavailable, with no error. Every count gives the
   * same bits. Inline it must be 1 (the page's thread cannot wait for helpers), and it cannot
   * apply to a `client` passed in. A change makes a new world.
   */
  solverWorkers?: number;
  /**
   * Who runs the contact sweeps: 'auto' (default), 'wasm' or 'js'. 'wasm' is the
   * WebAssembly contact kernel (`createPhysicsWorker({ contactKernel })`: a chunk loaded in
   * the world's thread before its first step; the same bits, fewer instructions); 'auto'
   * loads it where it would run (one solver thread) and keeps the JS if the chunk fails to
   * load. The world falls back to the JS sweeps where WebAssembly cannot run and when
   * solver helpers step it (`solverWorkers` above 1 on a cross-origin isolated page);
   * `getSolverThreads().contactKernel` of the client says which runs. Only the default can
   * apply to a `client` passed in. A change makes a new world.
   */
  contactKernel?: ContactKernelOption;
}

const ORIGIN: Vec2 = { x: 0, y: 0 };

/**
 * The solverWorkers prop, checked where it is written (the client is made later, in an
 * effect, where the worker package's own check would name no prop).
 */
function checkSolverWorkers(
  value: number | undefined,
  backend: Backend,
  client: PhysicsClient | undefined,
): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_SOLVER_WORKERS) {
    throw new RangeError(
      `<Physics>: solverWorkers must be an integer in [1, ${MAX_SOLVER_WORKERS}], got ${String(value)}`,
    );
  }
  if (client !== undefined && value !== 1) {
    throw new Error(
      `<Physics>: solverWorkers cannot apply to a client passed in (give it to createPhysicsWorker), got ${value}`,
    );
  }
  if (backend === 'inline' && value !== 1) {
    throw new RangeError(
      `<Physics>: solverWorkers must be 1 with backend 'inline' (the page's thread cannot wait for helpers), got ${value}`,
    );
  }
}

/** The contactKernel prop, checked where it is written, as solverWorkers is. */
function checkContactKernel(value: unknown, client: PhysicsClient | undefined): void {
  if (value === undefined) return;
  if (value !== 'auto' && value !== 'wasm' && value !== 'js') {
    throw new RangeError(`<Physics>: contactKernel must be 'auto', 'wasm' or 'js', got ${String(value)}`);
  }
  if (client !== undefined && value !== 'auto') {
    throw new Error(
      `<Physics>: contactKernel cannot apply to a client passed in (give it to createPhysicsWorker), got ${value}`,
    );
  }
}

/**
 * Owns one physics world and its animation-frame loop. Props that a setter changes
 * (gravity, sub-steps, settings, solver, paused, time scale, interpolate, the mapping, debug) are
 * applied live. Backend, client, stepping, time step, maxStepsPerTick, solverWorkers and contactKernel make a new world
 * (every body below is created again in it); mixers and worker are read when a world is made.
 */
export function Physics(props: PhysicsProps) {
  const {
    backend = 'worker',
    client,
    stepping = 'realtime',
    timeStep = 1 / 60,
    maxStepsPerTick,
    worker,
    mixers,
    solverWorkers,
    contactKernel,
  } = props;
  checkSolverWorkers(solverWorkers, backend, client);
  checkContactKernel(contactKernel, client);
  // Functions and objects made inline would be new on every render: the worker factory and
  // the mixers are read when a world is made, and changing them alone makes no new world.
  const made = useRef({ worker, mixers });
  made.current = { worker, mixers };
  const runtime = useMemo(
    () =>
      new PhysicsRuntime({
        backend,
        client: client ?? null,
        stepping,
        timeStep,
        maxStepsPerTick,
        solverWorkers,
        contactKernel,
        worker: made.current.worker,
        world: {
          ...(props.gravity ? { gravity: props.gravity } : {}),
          ...(props.subSteps === undefined ? {} : { subSteps: props.subSteps }),
          ...props.settings,
          ...made.current.mixers,
        },
        paused: props.paused ?? false,
        timeScale: props.timeScale ?? 1,
        solver: props.solver ?? null,
      }),
    [backend, client, stepping, timeStep, maxStepsPerTick, solverWorkers, contactKernel],
  );
  useLayoutEffect(() => {
    runtime.start();
    return () => runtime.stop();
  }, [runtime]);
  return (
    <PhysicsContext.Provider value={runtime}>
      <LiveSettings runtime={runtime} {...props} />
      {props.children}
      {props.debug ? <PhysicsDebug /> : null}
    </PhysicsContext.Provider>
  );
}

/**
 * Applies the live props. Rendered before the children, so its layout effect runs before
 * theirs: a body measured in its first effect already sees the current scale and origin.
 */
function LiveSettings(props: PhysicsProps & { runtime: PhysicsRuntime }) {
  const { runtime } = props;
  useLayoutEffect(() => {
    runtime.applyLive({
      gravity: props.gravity,
      subSteps: props.subSteps,
      settings: props.settings,
      solver: props.solver,
      paused: props.paused ?? false,
      timeScale: props.timeScale ?? 1,
      interpolate: props.interpolate ?? true,
      scale: props.scale ?? 100,
      origin: props.origin ?? ORIGIN,
      flipY: props.flipY ?? true,
      debug: props.debug ?? false,
      draggable: props.draggable ?? false,
      drag: props.dragOptions,
    });
  });
  return null;
}
