import { describe, expect, it } from 'vitest';
import * as body from '../src/body';
import * as contact from '../src/contact';
import * as solver from '../src/contact_solver';
import { makeSoft, Softness } from '../src/softness';

describe('contact solver', () => {
  it('reads body state and contact records with the layouts their owners define', () => {
    for (const name of ['VX', 'VY', 'W', 'DPX', 'DPY', 'DQC', 'DQS', 'STATE_STRIDE'] as const) {
      expect(solver[name], name).toBe(body[name]);
    }
    for (const name of [
      'C_NX',
      'C_NY',
      'C_FRICTION',
      'C_RESTITUTION',
      'C_POINT',
      'C_POINT_STRIDE',
      'P_RAX',
      'P_RAY',
      'P_RBX',
      'P_RBY',
      'P_SEP',
      'P_NORMAL_IMPULSE',
      'P_TANGENT_IMPULSE',
      'P_MAX_NORMAL_IMPULSE',
      'CONTACT_STRIDE',
    ] as const) {
      expect(solver[name], name).toBe(contact[name]);
    }
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
});
