import { Softness } from './softness';

/**
 * Values every solver stage reads during one step, derived from the time step, the
 * sub-step count and the settings, and recomputed only when one of those changed. The
 * stages take this object rather than the sub-step as an argument: V8 boxes a double handed
 * to a function it does not inline (and makeSoft is not always inlined), and the step
 * allocates nothing.
 */
export class StepContext {
  /** The inputs the values below were derived from; `settingsVersion` -1 forces a refresh. */
  dt = 0;
  subSteps = 0;
  settingsVersion = -1;
  /** Sub-step (s). */
  h = 0;
  invH = 0;
  /** Cap on the speed at which contacts push overlapping shapes apart (m/s). */
  maxPushSpeed = 0;
  enableWarmStarting = true;
  /** Softness of rigid joint axes (point, weld, limits): stiff but stable. */
  readonly jointSoftness = new Softness();
  /** Softness of contacts between two moving bodies. */
  readonly contactSoftness = new Softness();
  /** Softness of contacts against a body that does not move (twice as stiff). */
  readonly staticSoftness = new Softness();
}
