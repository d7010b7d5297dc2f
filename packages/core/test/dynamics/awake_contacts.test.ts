/**
 * The awake contacts' pair entries (`awakeContactPairs`, dynamics/awake_contacts.ts): the
 * narrow phase reads a contact's shapes and bodies from them, so they must equal the
 * contact columns at every awake index, whatever changed the list: contacts made and
 * destroyed, bodies falling asleep and woken, a rollback state loaded, a snapshot restored.
 */
import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, World } from '../../src';
import { AWAKE_PAIR_STRIDE } from '../../src/dynamics/awake_contacts';
import { tumblerScene } from '../../src/scenes';
import { worldStateOf } from '../../src/world';
import { DT } from '../support';

/** Every awake index's entry against the contact columns; returns how many were checked. */
function expectPairsMatch(world: World): number {
  const w = worldStateOf(world);
  const p = w.awakeContactPairs;
  const contacts = w.contacts;
  for (let i = 0; i < w.awakeContactCount; i++) {
    const c = w.awakeContacts[i]!;
    const r = i * AWAKE_PAIR_STRIDE;
    const entry = [p[r], p[r + 1], p[r + 2], p[r + 3]];
    const columns = [contacts.shapeA[c], contacts.shapeB[c], contacts.bodyA[c], contacts.bodyB[c]];
    if (entry.some((v, k) => v !== columns[k])) expect({ i, c, entry }).toEqual({ i, c, entry: columns });
  }
  return w.awakeContactCount;
}

describe('awake contact pairs', () => {
  it('match the contact columns while contacts churn, after a rollback and after a restore', () => {
    const world = new World({ enableSleep: false });
    tumblerScene(world, 12);
    let checked = 0;
    for (let i = 0; i < 90; i++) {
      world.step(DT);
      checked += expectPairsMatch(world);
    }
    expect(checked).toBeGreaterThan(1000);
    const state = world.saveState();
    const snapshot = world.snapshot();
    const hashAt90 = world.stateHash();
    for (let i = 0; i < 30; i++) world.step(DT);
    world.loadState(state);
    expect(world.stateHash()).toBe(hashAt90);
    expect(expectPairsMatch(world)).toBeGreaterThan(0);
    world.step(DT);
    expectPairsMatch(world);
    world.restore(snapshot);
    expect(expectPairsMatch(world)).toBeGreaterThan(0);
    world.step(DT);
    expectPairsMatch(world);
  });

  it('match the contact columns when a resting pile falls asleep and is woken', () => {
    const world = new World();
    const ground = world.createBody({ position: { x: 0, y: 0 } });
    world.createPolygonShape(ground, makeBox(20, 0.5));
    const boxes = [];
    for (let k = 0; k < 12; k++) {
      const b = world.createBody({
        type: BodyType.Dynamic,
        position: { x: (k % 4) * 1.1 - 2, y: 1 + 1.05 * (k >> 2) },
      });
      world.createPolygonShape(b, makeBox(0.5, 0.5));
      boxes.push(b);
    }
    const w = worldStateOf(world);
    let steps = 0;
    while (w.awakeContactCount > 0 && steps < 2000) {
      world.step(DT);
      expectPairsMatch(world);
      steps++;
    }
    expect(w.awakeContactCount).toBe(0);
    world.setBodyLinearVelocity(boxes[5]!, { x: 0, y: 2 });
    world.step(DT);
    expect(expectPairsMatch(world)).toBeGreaterThan(0);
  });
});
