/**
 * The client's persistent rays: ids handed out here, each ray's geometry kept (a restarted
 * host gets the live rays again), moves sent as per-frame inputs, and the newest result
 * read from the frame. The host casts them (host/persistent_rays.ts).
 */
import {
  type BodyId,
  checkRayQuery,
  type QueryFilter,
  type ShapeId,
  type Vec2,
} from '@impulse/core/contract';
import { MAX_PERSISTENT_RAYS, RayResult } from '../protocol/frame_layout.js';
import { INPUT_FORMS } from '../protocol/inputs.js';
import type { ClientContext } from './context.js';
import { inputOf, sendInput } from './inputs.js';
import { SlotIds } from './slot_ids.js';

/** The newest result of a persistent ray (see `createPersistentRay`). */
export interface PersistentRayHit {
  hit: boolean;
  /** It began hitting / stopped hitting since this ray's previous read. */
  began: boolean;
  ended: boolean;
  point: { x: number; y: number };
  normal: { x: number; y: number };
  fraction: number;
  shapeId: ShapeId;
  bodyId: BodyId;
}

function newRayHit(): PersistentRayHit {
  return {
    hit: false,
    began: false,
    ended: false,
    point: { x: 0, y: 0 },
    normal: { x: 0, y: 0 },
    fraction: 1,
    shapeId: 0 as ShapeId,
    bodyId: 0 as BodyId,
  };
}

const moveRay = inputOf(INPUT_FORMS.find((f) => f.method === 'moveRay')!);

export class ClientRays {
  /** Each slot's live id (0: free), and the generation its next id takes. */
  private readonly ids = new SlotIds(MAX_PERSISTENT_RAYS, 'persistent ray', 'rayId');
  /** Began/ended counts each ray had at its previous read. */
  private readonly seen = new Float64Array(MAX_PERSISTENT_RAYS * 2);
  /** Each live ray's origin and translation, and filter (a restarted host gets them again). */
  private readonly geometry = new Float64Array(MAX_PERSISTENT_RAYS * 4);
  private readonly filters: (Partial<QueryFilter> | null)[] = new Array(MAX_PERSISTENT_RAYS).fill(null);
  private readonly result = new Float64Array(RayResult.Size);

  constructor(private readonly ctx: ClientContext) {}

  create(origin: Vec2, translation: Vec2, filter?: Partial<QueryFilter>): number {
    checkRayQuery('castRayClosest', origin, translation, filter); // the core's checks, no cast
    const { slot, id } = this.ids.acquire('createPersistentRay');
    this.seen[slot * 2] = 0;
    this.seen[slot * 2 + 1] = 0;
    this.filters[slot] = filter ? { ...filter } : null;
    this.keep(slot, origin, translation);
    this.send(slot);
    return id;
  }

  move(rayId: number, origin: Vec2, translation: Vec2): void {
    const slot = this.ids.slotOf('setPersistentRay', rayId);
    checkRayQuery('castRayClosest', origin, translation, undefined); // every frame: checks only
    this.keep(slot, origin, translation);
    sendInput(this.ctx.link, moveRay, slot, origin, translation);
  }

  destroy(rayId: number): void {
    const slot = this.ids.slotOf('destroyPersistentRay', rayId);
    this.ids.release(slot);
    this.ctx.link.post((port) => port.removeRay(slot));
  }

  read(rayId: number, out?: PersistentRayHit): PersistentRayHit {
    const slot = this.ids.slotOf('readPersistentRay', rayId);
    const r = out ?? newRayHit();
    const v = this.result;
    const fresh = this.ctx.link.reader.readRay(slot, v) && v[RayResult.Id] === rayId;
    if (!fresh) v.fill(0);
    r.hit = v[RayResult.Hit] === 1;
    r.point.x = v[RayResult.PointX]!;
    r.point.y = v[RayResult.PointY]!;
    r.normal.x = v[RayResult.NormalX]!;
    r.normal.y = v[RayResult.NormalY]!;
    r.fraction = fresh ? v[RayResult.Fraction]! : 1;
    r.shapeId = v[RayResult.Shape]! as ShapeId;
    r.bodyId = v[RayResult.Body]! as BodyId;
    const began = v[RayResult.BeganCount]!;
    const ended = v[RayResult.EndedCount]!;
    r.began = began > this.seen[slot * 2]!;
    r.ended = ended > this.seen[slot * 2 + 1]!;
    this.seen[slot * 2] = began;
    this.seen[slot * 2 + 1] = ended;
    return r;
  }

  /** Registers every live ray with a new host (after a restart). */
  resend(): void {
    for (let slot = 0; slot < MAX_PERSISTENT_RAYS; slot++) {
      if (this.ids.idAt(slot) !== 0) this.send(slot);
    }
  }

  /** Remembers a ray's geometry, to register it again in a restarted host. */
  private keep(slot: number, origin: Vec2, translation: Vec2): void {
    const g = this.geometry;
    g[slot * 4] = origin.x;
    g[slot * 4 + 1] = origin.y;
    g[slot * 4 + 2] = translation.x;
    g[slot * 4 + 3] = translation.y;
  }

  private send(slot: number): void {
    const g = this.geometry;
    // after the commands queued before it
    this.ctx.link.post((port) =>
      port.setRay(
        slot,
        this.ids.idAt(slot),
        { x: g[slot * 4]!, y: g[slot * 4 + 1]! },
        { x: g[slot * 4 + 2]!, y: g[slot * 4 + 3]! },
        this.filters[slot] ?? null,
      ),
    );
  }
}
