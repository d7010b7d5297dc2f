/**
 * Every local copy of a hot record's layout equals its one definition. Hot modules copy
 * the offsets they read in their loops (see docs/core-design.md, "Hot-loop constants are
 * local"); a copy that drifted would read the wrong doubles without any error.
 */

import { CONTACT_REFERENCE_STRIDE } from '../../src/dynamics/contact_layout.js';
import { CONSTRAINT_STRIDE } from '../../src/dynamics/contact_constraints';
import { describe, expect, it } from 'vitest';
import { BODY_STATE } from '../../src/dynamics/body_state_layout';
import * as bodyIntegration from '../../src/dynamics/body_integration';
import * as contact from '../../src/dynamics/contact';
import { CONTACT_POINT, CONTACT_RECORD } from '../../src/dynamics/contact_layout';
import * as constraintGraph from '../../src/dynamics/constraint_graph';
import * as contactSolver from '../../src/dynamics/contact_solver';
import * as distance from '../../src/joints/distance_joint';
import * as motor from '../../src/joints/motor_joint';
import * as mouse from '../../src/joints/mouse_joint';
import * as prismatic from '../../src/joints/prismatic_joint';
import * as revolute from '../../src/joints/revolute_joint';
import * as weld from '../../src/joints/weld_joint';
import * as wheel from '../../src/joints/wheel_joint';
import * as narrowPhase from '../../src/world/narrow_phase';
import { SPECULATIVE_DISTANCE } from '../../src/base/constants';
import { CONTACT_TOUCHING } from '../../src/dynamics/awake_contacts';
import { BodyType } from '../../src/types/body_def';

/** The named members of a layout object or a (numeric) enum, without reverse mappings. */
function members(layout: object): [string, unknown][] {
  return Object.entries(layout).filter(([key]) => !/^\d+$/.test(key));
}

const copies: [string, object, object][] = [
  ['body_integration body state', bodyIntegration.bodyStateCopy, BODY_STATE],
  ['constraint_graph body state', constraintGraph.layoutCopy.bodyState, BODY_STATE],
  ['contact_solver body state', contactSolver.layoutCopy.bodyState, BODY_STATE],
  ['contact_solver contact record', contactSolver.layoutCopy.record, CONTACT_RECORD],
  ['contact_solver contact point', contactSolver.layoutCopy.point, CONTACT_POINT],
  ['contact contact record', contact.layoutCopy.record, CONTACT_RECORD],
  ['contact contact point', contact.layoutCopy.point, CONTACT_POINT],
  ['distance_joint body state', distance.bodyStateCopy, BODY_STATE],
  ['motor_joint body state', motor.bodyStateCopy, BODY_STATE],
  ['mouse_joint body state', mouse.bodyStateCopy, BODY_STATE],
  ['prismatic_joint body state', prismatic.bodyStateCopy, BODY_STATE],
  ['revolute_joint body state', revolute.bodyStateCopy, BODY_STATE],
  ['weld_joint body state', weld.bodyStateCopy, BODY_STATE],
  ['wheel_joint body state', wheel.bodyStateCopy, BODY_STATE],
];

describe('hot record layouts', () => {
  it.each(copies)('%s equals its definition', (_name, copy, owner) => {
    const entries = members(copy);
    expect(entries.length).toBeGreaterThan(0);
    const ownerMembers = Object.fromEntries(members(owner));
    for (const [key, value] of entries) expect(value, key).toBe(ownerMembers[key]);
  });

  it('the full copies name every field of their record', () => {
    for (const [name, copy, owner] of copies) {
      if (name.startsWith('weld')) continue; // weld never needs the stride
      expect(
        members(copy)
          .map(([k]) => k)
          .sort(),
        name,
      ).toEqual(
        members(owner)
          .map(([k]) => k)
          .sort(),
      );
    }
  });
});

describe('the contact record', () => {
  it('is the normal, the two mixes and two points, each point every field once (createContact writes them by name)', () => {
    const point = members(CONTACT_POINT).map(([, v]) => v as number);
    expect([...point].sort((a, b) => a - b)).toEqual([...Array(CONTACT_RECORD.POINT_STRIDE).keys()]);
    const head = [CONTACT_RECORD.NX, CONTACT_RECORD.NY, CONTACT_RECORD.FRICTION, CONTACT_RECORD.RESTITUTION];
    expect([...head].sort((a, b) => a - b)).toEqual([...Array(CONTACT_RECORD.POINT).keys()]);
    expect(CONTACT_RECORD.POINT + 2 * CONTACT_RECORD.POINT_STRIDE).toBe(CONTACT_RECORD.STRIDE);
  });
});

describe('the contact reference record', () => {
  it('contact.ts copies its stride from contact_layout.ts', () => {
    expect(contact.referenceStrideCopy).toBe(CONTACT_REFERENCE_STRIDE);
  });
});

describe('the body stages constants', () => {
  it('body_integration.ts copies BodyType.Dynamic', () => {
    expect(bodyIntegration.bodyTypeCopy).toEqual({ Dynamic: BodyType.Dynamic });
  });
});

describe('the narrow phase constants', () => {
  it('narrow_phase.ts copies the touching bit and the speculative distance', () => {
    expect(narrowPhase.constantsCopy).toEqual({ CONTACT_TOUCHING, SPECULATIVE_DISTANCE });
  });
});

describe('the prepared contact constraint', () => {
  it('contact_solver.ts copies its stride from contact_constraints.ts', () => {
    expect(contactSolver.K_STRIDE).toBe(CONSTRAINT_STRIDE);
  });
});
