import { describe, expect, it } from 'vitest';
import { makeSoft, Softness } from '../../src/dynamics/softness';

describe('contact solver', () => {
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
