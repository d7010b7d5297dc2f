/**
 * Characters: the core's kinematic character mover run by the host, once per step, before
 * the world steps. The main thread sets a velocity (every frame, through the input ring);
 * each step the host adds gravity, moves the capsule by velocity × dt with collide and
 * slide, keeps the velocity the move allowed (landing stops a fall, a wall stops the push
 * into it), and drives the character's kinematic body, if it has one, to the new position
 * so other bodies collide with it. The state is published in the frame beside the poses.
 */
import { type BodyId, type CharacterMover, constants, type World } from '@impulse/core';
import { CHARACTERS, CharacterState, MAX_CHARACTERS } from '../protocol/frame_layout.js';
import type { CharacterDef } from '../protocol/host_messages.js';

const MAX_SPEED = constants.MAX_SPEED;

function clampSpeed(v: number): number {
  return v > MAX_SPEED ? MAX_SPEED : v < -MAX_SPEED ? -MAX_SPEED : v;
}

export class Characters {
  private readonly movers: (CharacterMover | null)[] = new Array(MAX_CHARACTERS).fill(null);
  private readonly bodies = new Float64Array(MAX_CHARACTERS);
  private readonly gravityScale = new Float64Array(MAX_CHARACTERS);
  private readonly states = new Float64Array(MAX_CHARACTERS * CharacterState.Size);
  private readonly v = { x: 0, y: 0 };
  private readonly clipped = { x: 0, y: 0 };
  private count = 0;

  add(world: World, slot: number, id: number, def: CharacterDef): void {
    if (this.movers[slot] === null) this.count++;
    const body = def.body ?? null;
    const mover = world.createMover(body === null ? def : { ...def, ignoreBody: body });
    this.movers[slot] = mover;
    this.bodies[slot] = body ?? 0;
    this.gravityScale[slot] = def.gravityScale ?? 1;
    const s = slot * CharacterState.Size;
    this.states.fill(0, s, s + CharacterState.Size);
    const p = mover.getPosition();
    this.states[s + CharacterState.Id] = id;
    this.states[s + CharacterState.X] = p.x;
    this.states[s + CharacterState.Y] = p.y;
    this.states[s + CharacterState.X0] = p.x;
    this.states[s + CharacterState.Y0] = p.y;
  }

  remove(slot: number): void {
    if (this.movers[slot] !== null) this.count--;
    this.movers[slot] = null;
    this.states.fill(0, slot * CharacterState.Size, (slot + 1) * CharacterState.Size);
  }

  setVelocity(slot: number, vx: number, vy: number): void {
    if (this.movers[slot] === null) return; // removed meanwhile
    this.states[slot * CharacterState.Size + CharacterState.VX] = vx;
    this.states[slot * CharacterState.Size + CharacterState.VY] = vy;
  }

  setPosition(slot: number, x: number, y: number): void {
    const mover = this.movers[slot];
    if (!mover) return;
    this.v.x = x;
    this.v.y = y;
    mover.setPosition(this.v);
    const s = slot * CharacterState.Size;
    this.states[s + CharacterState.X] = x;
    this.states[s + CharacterState.Y] = y;
    this.states[s + CharacterState.X0] = x;
    this.states[s + CharacterState.Y0] = y;
  }

  /** Moves every character by one step of `dt` seconds (before the world steps). */
  move(world: World, dt: number): void {
    if (this.count === 0) return;
    const g = world.getGravity();
    for (let slot = 0; slot < MAX_CHARACTERS; slot++) {
      const mover = this.movers[slot];
      if (!mover) continue;
      const s = slot * CharacterState.Size;
      const st = this.states;
      const scale = this.gravityScale[slot]!;
      // Kept within the core's velocity range, which the mover's checks hold every move
      // to: a fall that lasts hours (1e5 m/s after 10,000 s at 10 m/s^2) goes on at that
      // speed instead of stopping the host with a RangeError.
      const vx = clampSpeed(st[s + CharacterState.VX]! + g.x * scale * dt);
      const vy = clampSpeed(st[s + CharacterState.VY]! + g.y * scale * dt);
      this.v.x = vx * dt;
      this.v.y = vy * dt;
      st[s + CharacterState.X0] = st[s + CharacterState.X]!;
      st[s + CharacterState.Y0] = st[s + CharacterState.Y]!;
      const r = mover.move(this.v, dt);
      this.v.x = vx;
      this.v.y = vy;
      mover.clipVelocity(this.v, this.clipped);
      st[s + CharacterState.X] = r.position.x;
      st[s + CharacterState.Y] = r.position.y;
      st[s + CharacterState.VX] = this.clipped.x;
      st[s + CharacterState.VY] = this.clipped.y;
      st[s + CharacterState.Grounded] = r.grounded ? 1 : 0;
      st[s + CharacterState.GroundNormalX] = r.groundNormal.x;
      st[s + CharacterState.GroundNormalY] = r.groundNormal.y;
      st[s + CharacterState.GroundBody] = r.groundBodyId;
      st[s + CharacterState.Stepped] = r.stepped ? 1 : 0;
      const body = this.bodies[slot]! as BodyId;
      if (body !== 0 && world.isValidBody(body)) {
        // Reach the new position by the end of the step, so contacts see a moving body.
        const p = world.getBodyPosition(body);
        this.v.x = (r.position.x - p.x) / dt;
        this.v.y = (r.position.y - p.y) / dt;
        world.setBodyLinearVelocity(body, this.v);
      }
    }
  }

  /** Copies the states into a frame. */
  write(frame: Float64Array): void {
    frame.set(this.states, CHARACTERS);
  }
}
