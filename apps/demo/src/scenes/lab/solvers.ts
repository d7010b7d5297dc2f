/**
 * The solvers the lab offers, what the panel says of each, and the settings it shows as
 * sliders. A pane's choice becomes `<Physics>` props: the soft step is the world's own
 * (sub-steps and contact stiffness are world settings), every other solver a description
 * (`{ kind: 'xpbd', subSteps: 8 }`) that `<Physics solver>` loads in the pane's worker.
 * The slider defaults are the factories' documented defaults (docs/solvers.md).
 */
import type { SolverDescription } from '@impulse/core';
import type { SolverSettings } from '@impulse/react';

export type LabSolver = 'soft' | 'baumgarte' | 'block' | 'ngs' | 'softOde' | 'pgs' | 'jacobi' | 'xpbd';

export interface Knob {
  /** The setting's field (`compliance` stands for XPBD's contact and joint compliance). */
  key: string;
  label: string;
  min: number;
  max: number;
  step: number;
  dflt: number;
  format?: (v: number) => string;
}

export interface SolverInfo {
  title: string;
  /** What it is, in a sentence. */
  what: string;
  /** Where it fails, in a sentence. */
  fails: string;
  knobs: readonly Knob[];
}

const iterations = (dflt: number): Knob => ({
  key: 'iterations',
  label: 'Iterations',
  min: 1,
  max: 30,
  step: 1,
  dflt,
});
const beta: Knob = {
  key: 'beta',
  label: 'β (position feedback)',
  min: 0,
  max: 1,
  step: 0.05,
  dflt: 0.2,
  format: (v) => v.toFixed(2),
};
/** XPBD compliance on a log scale: the slider holds log10, 0 at the left end means rigid. */
const compliance: Knob = {
  key: 'compliance',
  label: 'Compliance (m/N)',
  min: -9,
  max: -3,
  step: 1,
  dflt: -9,
  format: (v) => (v <= -9 ? '0 (rigid)' : `1e${v}`),
};

export const SOLVERS: Record<LabSolver, SolverInfo> = {
  soft: {
    title: 'Soft step (default)',
    what: 'Catto’s soft step: sub-stepped soft constraints, relax pass, restitution. What Impulse uses when you pick nothing.',
    fails:
      'Contacts are springs by design: very stiff settings at few sub-steps ring, and heavy loads sag by millimetres.',
    knobs: [
      { key: 'subSteps', label: 'Sub-steps', min: 1, max: 16, step: 1, dflt: 4 },
      { key: 'contactHertz', label: 'Contact stiffness (Hz)', min: 5, max: 60, step: 1, dflt: 30 },
    ],
  },
  baumgarte: {
    title: 'Baumgarte',
    what: 'Sequential impulses with warm starting; the position error is fed back as a velocity bias β·C/h past a slop (Box2D v2.0).',
    fails:
      'The push-out speed stays in the bodies: it adds energy, so tall stacks jitter and topple, and heavy chains stretch.',
    knobs: [iterations(8), beta],
  },
  block: {
    title: 'Block solver',
    what: 'Baumgarte, with the two normal rows of a two-point contact solved together as a 2×2 LCP (Box2D v2.x).',
    fails:
      'Steadies each box on its neighbour, but the Baumgarte bias still pumps energy into a tall column.',
    knobs: [iterations(8), beta],
  },
  ngs: {
    title: 'NGS',
    what: 'Sequential impulses without bias, then non-linear Gauss-Seidel position passes that push bodies apart directly (Box2D v2.4, planck.js).',
    fails: 'Stiff and stable, at the cost of the position passes; mass ratios still stretch joints.',
    knobs: [
      iterations(8),
      { key: 'positionIterations', label: 'Position iterations', min: 1, max: 10, step: 1, dflt: 3 },
      beta,
    ],
  },
  softOde: {
    title: 'Soft ODE (one step)',
    what: 'Soft constraints in the ODE CFM/ERP form (stiffness and damping turned into γ and β), one step, no sub-steps.',
    fails:
      'One step at 60 Hz caps contact stiffness at 15 Hz: stacks sag, tall columns fall. What sub-steps add.',
    knobs: [
      iterations(8),
      { key: 'contactHertz', label: 'Contact stiffness (Hz)', min: 1, max: 60, step: 1, dflt: 30 },
    ],
  },
  pgs: {
    title: 'PGS',
    what: 'Projected Gauss-Seidel on the assembled rows (Jacobian, effective mass, bounds; friction bounded by μ·normal).',
    fails: 'Baumgarte’s bias: tall columns topple; slow to converge for mass ratios.',
    knobs: [iterations(10), beta],
  },
  jacobi: {
    title: 'Jacobi',
    what: 'The same rows as PGS, every row solved from the same iterate, relaxed: parallel-friendly.',
    fails: 'Converges much slower than Gauss-Seidel: pyramids collapse and joint chains gain energy.',
    knobs: [
      iterations(10),
      beta,
      {
        key: 'relaxation',
        label: 'Relaxation',
        min: 0.05,
        max: 1,
        step: 0.05,
        dflt: 0.5,
        format: (v) => v.toFixed(2),
      },
    ],
  },
  xpbd: {
    title: 'XPBD',
    what: 'Extended position-based dynamics: sub-steps, position constraints with compliance, velocities from positions, friction in a velocity pass.',
    fails: 'Needs many sub-steps for stiffness; friction without the static pass lets stacks creep.',
    knobs: [
      { key: 'subSteps', label: 'Sub-steps', min: 1, max: 30, step: 1, dflt: 8 },
      { key: 'iterations', label: 'Iterations per sub-step', min: 1, max: 4, step: 1, dflt: 1 },
      compliance,
    ],
  },
};

export const SOLVER_ORDER = Object.keys(SOLVERS) as LabSolver[];

/** The slider values of a solver at its defaults. */
export function defaultsOf(solver: LabSolver): Record<string, number> {
  return Object.fromEntries(SOLVERS[solver].knobs.map((k) => [k.key, k.dflt]));
}

/** A pane's world props: the solver description, or the soft step's world settings. */
export interface PaneWorld {
  solver: SolverDescription | null;
  subSteps: number;
  settings: SolverSettings;
}

export function paneWorld(solver: LabSolver, v: Record<string, number>): PaneWorld {
  // an alternative solver has its own sub-steps: the world's settings stay at their defaults
  const soft: PaneWorld = { solver: null, subSteps: 4, settings: {} };
  switch (solver) {
    case 'soft':
      return { solver: null, subSteps: v.subSteps!, settings: { contactHertz: v.contactHertz! } };
    case 'baumgarte':
    case 'block':
    case 'pgs':
      return { ...soft, solver: { kind: solver, iterations: v.iterations!, beta: v.beta! } };
    case 'ngs':
      return {
        ...soft,
        solver: {
          kind: 'ngs',
          iterations: v.iterations!,
          positionIterations: v.positionIterations!,
          beta: v.beta!,
        },
      };
    case 'softOde':
      return {
        ...soft,
        solver: { kind: 'softOde', iterations: v.iterations!, contactHertz: v.contactHertz! },
      };
    case 'jacobi':
      return {
        ...soft,
        solver: {
          kind: 'pgs',
          jacobi: true,
          iterations: v.iterations!,
          beta: v.beta!,
          relaxation: v.relaxation!,
        },
      };
    case 'xpbd': {
      const c = v.compliance! <= -9 ? 0 : 10 ** v.compliance!;
      return {
        ...soft,
        solver: {
          kind: 'xpbd',
          subSteps: v.subSteps!,
          iterations: v.iterations!,
          contactCompliance: c,
          jointCompliance: c,
        },
      };
    }
  }
}
