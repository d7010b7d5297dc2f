import { describe, expect, it } from 'vitest';
import * as body from '../src/dynamics/body';
import * as contact from '../src/dynamics/contact';
import * as solver from '../src/dynamics/contact_solver';
import { makeSoft, Softness } from '../src/dynamics/softness';

describe('contact solver', () => {
  it('reads body state and contact records with the layouts their owners define', () => {
    const pairs: [string, number, number][] = [
      ['VX', solver.VX, body.VX],
      ['VY', solver.VY, body.VY],
      ['W', solver.W, body.W],
      ['DPX', solver.DPX, body.DPX],
      ['DPY', solver.DPY, body.DPY],
      ['DQC', solver.DQC, body.DQC],
      ['DQS', solver.DQS, body.DQS],
      ['STATE_STRIDE', solver.STATE_STRIDE, body.STATE_STRIDE],
      ['C_NX', solver.C_NX, contact.C_NX],
      ['C_NY', solver.C_NY, contact.C_NY],
      ['C_FRICTION', solver.C_FRICTION, contact.C_FRICTION],
      ['C_RESTITUTION', solver.C_RESTITUTION, contact.C_RESTITUTION],
      ['C_POINT', solver.C_POINT, contact.C_POINT],
      ['C_POINT_STRIDE', solver.C_POINT_STRIDE, contact.C_POINT_STRIDE],
      ['P_RAX', solver.P_RAX, contact.P_RAX],
      ['P_RAY', solver.P_RAY, contact.P_RAY],
      ['P_RBX', solver.P_RBX, contact.P_RBX],
      ['P_RBY', solver.P_RBY, contact.P_RBY],
      ['P_SEP', solver.P_SEP, contact.P_SEP],
      ['P_NORMAL_IMPULSE', solver.P_NORMAL_IMPULSE, contact.P_NORMAL_IMPULSE],
      ['P_TANGENT_IMPULSE', solver.P_TANGENT_IMPULSE, contact.P_TANGENT_IMPULSE],
      ['P_MAX_NORMAL_IMPULSE', solver.P_MAX_NORMAL_IMPULSE, contact.P_MAX_NORMAL_IMPULSE],
      ['CONTACT_STRIDE', solver.CONTACT_STRIDE, contact.CONTACT_STRIDE],
    ];
    for (const [name, local, owner] of pairs) expect(local, name).toBe(owner);
  });

  it('soft constraint coefficients reproduce the implicit-Euler spring-damper', () => {
    // one sub-step of x'' = -w^2 x - 2 z w x' integrated implicitly:
    // v1 = (v0 - h w^2 x0) / (1 + 2 z w h + h^2 w^2), written as the soft update
    // v1 = v0 - massScale (v0 + biasRate x0) - impulseScale * 0 (no accumulated impulse)
    const cases = [
      [1 / 240, 5, 0.7],
      [1 / 60, 30, 10],
      [1 / 120, 2, 0],
      [1 / 30, 100, 1],
    ] as const;
    const soft = new Softness();
    for (const [h, hertz, zeta] of cases) {
      makeSoft(hertz, zeta, h, soft);
      const w = 2 * Math.PI * hertz;
      const x0 = 0.3;
      const v0 = -1.2;
      const implicit = (v0 - h * w * w * x0) / (1 + 2 * zeta * w * h + h * h * w * w);
      const softUpdate = v0 - soft.massScale * (v0 + soft.biasRate * x0);
      expect(Math.abs(softUpdate - implicit)).toBeLessThan(1e-9);
    }
  });

  it('an undamped frequency too small to register gives finite coefficients and no force', () => {
    // 2 pi f h underflows to 0 for the smallest double: the spring is then no spring at all
    // (massScale 0, the accumulated impulse released), not omega / 0 = Infinity times 0
    const soft = makeSoft(Number.MIN_VALUE, 0, 1 / 240, new Softness());
    expect(soft.massScale).toBe(0);
    expect(soft.impulseScale).toBe(1);
    expect(Number.isFinite(soft.biasRate)).toBe(true);
  });
});
