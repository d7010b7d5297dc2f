/**
 * The world's settings as the step reads them (`WorldSettings`, flat fields), with the
 * checks of a `WorldDef` (its type and defaults are in types/world_def.ts) and the
 * conversion back to one.
 */

import * as defaults from '../base/constants.js';
import { MAX_DAMPING_RATIO, MAX_GRAVITY, MAX_HERTZ, MAX_SPEED } from '../base/constants.js';
import {
  checkBoolean,
  checkFunction,
  checkInteger,
  checkNonNegativeAtMost,
  checkPositiveAtMost,
  checkVec2Length,
} from '../base/validate.js';
import type { FrictionMixer, RestitutionMixer, WorldDef } from '../types/world_def.js';

/** Solver settings that can change between steps. */
export class WorldSettings {
  gravityX = 0;
  gravityY = defaults.DEFAULT_GRAVITY_Y;
  subSteps = defaults.DEFAULT_SUB_STEPS;
  contactHertz = defaults.DEFAULT_CONTACT_HERTZ;
  contactDampingRatio = defaults.DEFAULT_CONTACT_DAMPING_RATIO;
  maxContactPushSpeed = defaults.DEFAULT_MAX_CONTACT_PUSH_SPEED;
  restitutionThreshold = defaults.DEFAULT_RESTITUTION_THRESHOLD;
  maxLinearSpeed = defaults.DEFAULT_MAX_LINEAR_SPEED;
  enableSleep = true;
  enableWarmStarting = true;
  /** Stiffness of rigid joint axes (Hz), clamped to a quarter of the sub-step rate. */
  jointHertz = defaults.DEFAULT_JOINT_HERTZ;
  jointDampingRatio = defaults.DEFAULT_JOINT_DAMPING_RATIO;
  /** Approach speed above which a contact reports a hit event (m/s). */
  hitEventThreshold = defaults.DEFAULT_HIT_EVENT_THRESHOLD;
  /** Sweep fast bodies against static geometry (and bullets against dynamic bodies). */
  enableContinuous = true;
  /** Bodies slower than this are never swept (m/s). */
  continuousMinSpeed = 0;
  /** Time the stages of each step (reading the clock allocates). */
  enableProfile = false;
  /** Bumped by every change of the settings above, so the step refreshes what it derived. */
  version = 0;
}

/** Checks every field of a complete world definition (`{ ...defaultWorldDef(), ...def }`). */
export function checkWorldDef(fn: string, d: WorldDef): void {
  checkVec2Length(fn, 'gravity', d.gravity, MAX_GRAVITY, 'm/s^2');
  checkInteger(fn, 'subSteps', d.subSteps, 1, 1000);
  checkNonNegativeAtMost(fn, 'contactHertz', d.contactHertz, MAX_HERTZ, 'Hz');
  checkNonNegativeAtMost(fn, 'contactDampingRatio', d.contactDampingRatio, MAX_DAMPING_RATIO, '');
  checkNonNegativeAtMost(fn, 'maxContactPushSpeed', d.maxContactPushSpeed, MAX_SPEED, 'm/s');
  checkNonNegativeAtMost(fn, 'restitutionThreshold', d.restitutionThreshold, MAX_SPEED, 'm/s');
  checkPositiveAtMost(fn, 'maxLinearSpeed', d.maxLinearSpeed, MAX_SPEED, 'm/s');
  checkBoolean(fn, 'enableSleep', d.enableSleep);
  checkBoolean(fn, 'enableWarmStarting', d.enableWarmStarting);
  checkNonNegativeAtMost(fn, 'jointHertz', d.jointHertz, MAX_HERTZ, 'Hz');
  checkNonNegativeAtMost(fn, 'jointDampingRatio', d.jointDampingRatio, MAX_DAMPING_RATIO, '');
  checkNonNegativeAtMost(fn, 'hitEventThreshold', d.hitEventThreshold, MAX_SPEED, 'm/s');
  checkBoolean(fn, 'enableContinuous', d.enableContinuous);
  checkNonNegativeAtMost(fn, 'continuousMinSpeed', d.continuousMinSpeed, MAX_SPEED, 'm/s');
  checkBoolean(fn, 'enableProfile', d.enableProfile);
  checkFunction(fn, 'frictionMixer', d.frictionMixer);
  checkFunction(fn, 'restitutionMixer', d.restitutionMixer);
}

/** A world definition holding the given settings (the defaults live in WorldSettings). */
export function settingsToDef(
  s: WorldSettings,
  frictionMixer: FrictionMixer,
  restitutionMixer: RestitutionMixer,
): WorldDef {
  return {
    gravity: { x: s.gravityX, y: s.gravityY },
    subSteps: s.subSteps,
    contactHertz: s.contactHertz,
    contactDampingRatio: s.contactDampingRatio,
    maxContactPushSpeed: s.maxContactPushSpeed,
    restitutionThreshold: s.restitutionThreshold,
    maxLinearSpeed: s.maxLinearSpeed,
    enableSleep: s.enableSleep,
    enableWarmStarting: s.enableWarmStarting,
    jointHertz: s.jointHertz,
    jointDampingRatio: s.jointDampingRatio,
    hitEventThreshold: s.hitEventThreshold,
    enableContinuous: s.enableContinuous,
    continuousMinSpeed: s.continuousMinSpeed,
    enableProfile: s.enableProfile,
    frictionMixer,
    restitutionMixer,
  };
}
