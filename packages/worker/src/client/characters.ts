/**
 * The client's characters: ids handed out here, each definition kept (a restarted host
 * gets the characters again), velocities sent as per-frame inputs, and the state read from
 * the frame. The host runs the core's mover for them (host/characters.ts).
 */
import { type BodyId, BodyType, checkVec2Within, constants, type Vec2 } from '@impulse/core/contract';
import { CharacterState, MAX_CHARACTERS } from '../protocol/frame_layout.js';
import type { CharacterDef } from '../protocol/host_messages.js';
import { INPUT_FORMS } from '../protocol/inputs.js';
import { encodeGeometry } from '../protocol/wire.js';
import type { ClientContext } from './context.js';
import { inputOf, sendInput } from './inputs.js';
import { SlotIds } from './slot_ids.js';

/** A character after a step (see `readCharacter`). */
export interface CharacterStateView {
  position: { x: number; y: number };
  velocity: { x: number; y: number };
  grounded: boolean;
  groundNormal: { x: number; y: number };
  /** The body it stands on (0 when airborne): moving platforms. */
  groundBodyId: BodyId;
  /** It stepped up a ledge in this step. */
  stepped: boolean;
}

function newCharacterState(): CharacterStateView {
  return {
    position: { x: 0, y: 0 },
    velocity: { x: 0, y: 0 },
    grounded: false,
    groundNormal: { x: 0, y: 0 },
    groundBodyId: 0 as BodyId,
    stepped: false,
  };
}

const setVelocity = inputOf(INPUT_FORMS.find((f) => f.method === 'setCharacterVelocity')!);

export class ClientCharacters {
  private readonly ids = new SlotIds(MAX_CHARACTERS, 'character', 'characterId');
  /** Each live character's definition as sent (a restarted host gets it again). */
  private readonly defs: (CharacterDef | null)[] = new Array(MAX_CHARACTERS).fill(null);
  private readonly state = new Float64Array(CharacterState.Size);

  constructor(private readonly ctx: ClientContext) {}

  create(def: CharacterDef): number {
    const mirror = this.ctx.mirror;
    mirror.createMover(def); // the core's checks (and messages)
    const fn = 'createCharacter';
    const gravityScale = def.gravityScale ?? 1;
    if (typeof gravityScale !== 'number' || !Number.isFinite(gravityScale)) {
      throw new RangeError(`${fn}: def.gravityScale must be finite, got ${String(gravityScale)}`);
    }
    const body = def.body ?? null;
    if (body !== null && mirror.getBodyType(body) !== BodyType.Kinematic) {
      throw new RangeError(`${fn}: def.body must be a kinematic body, got ${String(body)}`);
    }
    const { slot, id } = this.ids.acquire(fn);
    this.defs[slot] = { ...def, capsule: encodeGeometry(def.capsule) as never };
    this.send(slot); // after the commands queued before it (its body, say)
    return id;
  }

  setVelocity(characterId: number, velocity: Vec2): void {
    const slot = this.ids.slotOf('setCharacterVelocity', characterId);
    checkVec2Within('setCharacterVelocity', 'velocity', velocity, constants.MAX_SPEED, 'm/s');
    sendInput(this.ctx.link, setVelocity, slot, velocity);
  }

  setPosition(characterId: number, position: Vec2): void {
    const slot = this.ids.slotOf('setCharacterPosition', characterId);
    checkVec2Within('setCharacterPosition', 'position', position, constants.MAX_COORDINATE, 'm');
    this.ctx.link.post((port) => port.setCharacterPosition(slot, { x: position.x, y: position.y }));
  }

  destroy(characterId: number): void {
    const slot = this.ids.slotOf('destroyCharacter', characterId);
    this.ids.release(slot);
    this.defs[slot] = null;
    this.ctx.link.post((port) => port.removeCharacter(slot));
  }

  read(characterId: number, out: CharacterStateView | undefined, alpha: number): CharacterStateView {
    const slot = this.ids.slotOf('readCharacter', characterId);
    const r = out ?? newCharacterState();
    const v = this.state;
    if (!this.ctx.link.reader.readCharacter(slot, v) || v[CharacterState.Id] !== characterId) {
      const p = this.defs[slot]!.position;
      v.fill(0);
      v[CharacterState.X] = v[CharacterState.X0] = p.x;
      v[CharacterState.Y] = v[CharacterState.Y0] = p.y;
    }
    const a = alpha < 0 ? 0 : alpha > 1 ? 1 : alpha;
    r.position.x = v[CharacterState.X0]! + (v[CharacterState.X]! - v[CharacterState.X0]!) * a;
    r.position.y = v[CharacterState.Y0]! + (v[CharacterState.Y]! - v[CharacterState.Y0]!) * a;
    r.velocity.x = v[CharacterState.VX]!;
    r.velocity.y = v[CharacterState.VY]!;
    r.grounded = v[CharacterState.Grounded] === 1;
    r.groundNormal.x = v[CharacterState.GroundNormalX]!;
    r.groundNormal.y = v[CharacterState.GroundNormalY]!;
    r.groundBodyId = v[CharacterState.GroundBody]! as BodyId;
    r.stepped = v[CharacterState.Stepped] === 1;
    return r;
  }

  /** Adds every live character to a new host (after a restart). */
  resend(): void {
    for (let slot = 0; slot < MAX_CHARACTERS; slot++) if (this.defs[slot]) this.send(slot);
  }

  private send(slot: number): void {
    const def = this.defs[slot]!;
    const id = this.ids.idAt(slot);
    this.ctx.link.post((port) => port.addCharacter(slot, id, def as never));
  }
}
