/**
 * The client's constraint solver. A solver object holds functions, which cannot cross to a
 * worker, so the client takes a description (`{ kind: 'xpbd', subSteps: 8 }`) and has both
 * threads build the solver from it: the host for the world it steps, and the mirror here,
 * whose checks of each command (a joint the solver cannot solve) must agree with the
 * host's. The kind's module is loaded in both threads first (the core's `loadSolverKind`:
 * a chunk per kind, fetched only when asked), and only then is the switch applied, in
 * order with the commands around it.
 */
import {
  checkSolverDescription,
  createSolver,
  loadSolverKind,
  type SolverDescription,
} from '@impulse/core/contract';
import type { ClientContext } from './context.js';
import type { PrepareHost } from './host_link.js';
import type { ResolvedOptions } from './options.js';

export class ClientSolver {
  /** The solver the world steps with (or will, once its module is loaded); null: the soft step. */
  current: SolverDescription | null;
  /** Switches run one after another, each after the previous one settled. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: ClientContext,
    /** Errors no caller awaits (the first solver's), for the client's error listeners. */
    private readonly report: (error: unknown) => void,
  ) {
    this.current = ctx.options.solver;
  }

  /**
   * How a host starts: with the soft step, the options as they are; with a solver, a
   * preparation that loads its kind in both threads and gives it to the mirror. Settings
   * the factory rejects, or a joint the solver cannot solve made meanwhile, are reported,
   * and both worlds then start with the soft step, so they still agree.
   */
  start(options: ResolvedOptions): ResolvedOptions | PrepareHost {
    const d = this.current;
    if (d === null) return { ...options, solver: null };
    return async (host) => {
      try {
        await Promise.all([loadSolverKind(d.kind), host.loadSolverKind(d.kind)]);
        this.ctx.mirror.setSolver(createSolver(d, 'createPhysics', 'solver'));
        return { ...options, solver: d };
      } catch (error) {
        this.report(error);
        this.current = null;
        return { ...options, solver: null };
      }
    };
  }

  /**
   * Switches the solver (null: the soft step). The description's shape is checked at once
   * (this throws); the kind is then loaded in both threads, the mirror takes the solver
   * (a bad setting or a joint it cannot solve rejects, and nothing changes), and the host
   * switches after the commands made before this call. Resolves once the host has switched.
   */
  set(solver: SolverDescription | null): Promise<void> {
    const d = solver === null ? null : checkSolverDescription('setSolver', 'solver', solver);
    const run = () => this.apply(d);
    const done = this.turn.then(run, run);
    this.turn = done.catch(() => undefined);
    return done;
  }

  private async apply(d: SolverDescription | null): Promise<void> {
    const link = this.ctx.link;
    if (d !== null) {
      await Promise.all([
        loadSolverKind(d.kind),
        link.request(async (host) => {
          await host.loadSolverKind(d.kind);
        }),
      ]);
    }
    this.ctx.mirror.setSolver(d === null ? null : createSolver(d, 'setSolver', 'solver'));
    this.current = d;
    await link.request((host) => host.setSolver(d));
  }
}
