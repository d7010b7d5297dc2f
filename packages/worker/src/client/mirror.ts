/**
 * The client's mirror of the host's world: the structure only (ids, definitions, settings,
 * mass, the poses and velocities commands set), kept by replaying the commands the client
 * sends. It answers what `World` answers for the methods the client serves from this
 * thread, with the core's own checks, messages and id pools (mirror_store.ts), and never
 * steps: the solver, the narrow phase, the broad phase, the mover and rollback stay out of
 * the main thread's bundle (it imports @impulse/core/contract only).
 *
 * `Mirror` names those methods; both this class and a `World` (what a restored snapshot
 * leaves: client.ts) serve as one. test/mirror.test.ts replays random command sequences on
 * both and compares every answer and every error.
 */
import {
  applyMass,
  type BodyDef,
  type BodyId,
  type BodyMassData,
  type BodyPose,
  type BodyRotation,
  BodyType,
  type ChainDefInput,
  type ChainId,
  checkBodyDef,
  checkBodyMassData,
  checkBodyType,
  checkBoolean,
  checkBreakLimit,
  checkCapsule,
  checkChainDef,
  checkCircle,
  checkFilter,
  checkJointDefFields,
  checkJointsUnderSolver,
  checkKnownFields,
  checkMoverDef,
  checkNewJointUnderSolver,
  checkNonNegative,
  checkNonNegativeAtMost,
  checkPolygon,
  checkSegment,
  chainSegments,
  chainShapeDef,
  checkShapeDef,
  checkSolver,
  checkVec2Length,
  checkVec2Within,
  checkWithin,
  checkWorldDef,
  cloneGeometry,
  computeShapeAABB,
  constants,
  AABB,
  atan2,
  defaultWorldDef,
  defToSettings,
  describe,
  fail,
  type Filter,
  type Geometry,
  type JointId,
  type JointLocalAnchors,
  JointType,
  jointTypes,
  MAX_GRAVITY_SCALE,
  MAX_SLOTS,
  type MoverDef,
  type QueryAABB,
  resolveJointDefAt,
  type ShapeDef,
  type ShapeDefInput,
  type ShapeId,
  ShapeType,
  settingsToDef,
  type Solver,
  STATE_STRIDE,
  Transform,
  updateBodyMass,
  updateMaxExtent,
  type Vec2,
  VX,
  VY,
  W,
  withDefaultFilter,
  type WorldDef,
  addAngularImpulse,
  addLinearImpulse,
  addLinearImpulseToCenter,
  writeNewJoint,
  placeBody,
  releaseBody,
  setAngularVelocityWith,
  setAwakeWith,
  setFixedRotation,
  setLinearVelocityWith,
  startsAwake,
  writeBodyType,
  writeNewBody,
  takeChainSlot,
  writeNewShape,
  writeShapeFilter,
  unlinkShape,
} from '@impulse/core/mirror-kit';
import type { World } from '@impulse/core';
import type { InputMethod } from '../protocol/inputs.js';
import type { MethodsRouted } from '../protocol/world_methods.js';
import {
  destroyChain,
  freeJoint,
  MirrorState,
  markAwake,
  prepareToAct,
  sleepBody,
  wakeBody,
} from './mirror_store.js';

/**
 * The World methods the client serves from this thread: its commands, per-frame inputs and
 * mirror reads, the step's reads before a body's first published step, the id checks of
 * the reads that ask the host, and the character definition's checks.
 */
export type MirrorMethod =
  | MethodsRouted<'command' | 'mirror'>
  | InputMethod
  | 'getSolver'
  | 'setSolver'
  | 'getBodyPosition'
  | 'getBodyRotation'
  | 'getBodyWorldCenter'
  | 'getBodyWorldPoint'
  | 'getBodyLocalPoint'
  | 'getBodyLinearVelocity'
  | 'getBodyAngularVelocity'
  | 'isBodyAwake'
  | 'getShapeAABB'
  | 'getJointState'
  | 'getJointConstraintForce'
  | 'getJointConstraintTorque'
  | 'isJointEnabled'
  | 'createMover';

/** A world the client can mirror its commands into: a `MirrorWorld`, or a `World` itself. */
export type Mirror = Pick<World, MirrorMethod>;

const { MAX_ANGLE, MAX_ANGULAR_SPEED, MAX_COORDINATE, MAX_DENSITY, MAX_FORCE, MAX_GRAVITY, MAX_SPEED } =
  constants;

class MirrorWorld {
  private readonly w = new MirrorState();

  constructor(def: Partial<WorldDef> = {}) {
    const d = { ...defaultWorldDef(), ...def };
    checkWorldDef('World', d);
    const solver = checkSolver('World', 'solver', d.solver ?? null);
    this.applySettings(d);
    this.w.solver = solver;
  }

  // ------------------------------------------------------------------ world

  getSolver(): Solver | null {
    return this.w.solver;
  }

  setSolver(solver: Solver | null): void {
    const s = checkSolver('setSolver', 'solver', solver);
    if (s !== null) checkJointsUnderSolver('setSolver', this.w.asWorldState, s);
    this.w.solver = s;
  }

  getGravity(): Vec2 {
    return { x: this.w.settings.gravityX, y: this.w.settings.gravityY };
  }

  setGravity(gravity: Vec2): void {
    checkVec2Length('setGravity', 'gravity', gravity, MAX_GRAVITY, 'm/s^2');
    this.w.settings.gravityX = gravity.x;
    this.w.settings.gravityY = gravity.y;
  }

  getSettings(): WorldDef {
    return settingsToDef(this.w.settings, this.w.frictionMixer, this.w.restitutionMixer);
  }

  setSettings(settings: Partial<WorldDef>): void {
    const d = { ...this.getSettings(), ...settings };
    checkWorldDef('setSettings', d);
    if (settings.solver !== undefined) this.setSolver(settings.solver);
    this.applySettings(d);
  }

  private applySettings(d: WorldDef): void {
    const w = this.w;
    const wasSleepEnabled = w.settings.enableSleep;
    defToSettings(w.settings, d);
    w.frictionMixer = d.frictionMixer;
    w.restitutionMixer = d.restitutionMixer;
    if (wasSleepEnabled && !d.enableSleep) {
      const pool = w.bodies.pool;
      for (let b = 0; b < pool.next; b++) if (pool.alive[b] === 1) wakeBody(w, b);
    }
  }

  // ------------------------------------------------------------------ bodies

  createBody(def: Partial<BodyDef> = {}): BodyId {
    const fn = 'createBody';
    const d = checkBodyDef(fn, def);
    const w = this.w;
    const bodies = w.bodies;
    if (bodies.pool.count >= MAX_SLOTS)
      throw new RangeError(`${fn}: the world is full (${MAX_SLOTS} bodies)`);
    const b = bodies.pool.allocate();
    writeNewBody(bodies, b, d);
    updateBodyMass(w.asWorldState, b);
    if (startsAwake(d, w.settings.enableSleep)) markAwake(w, b);
    return bodies.pool.handle(b) as BodyId;
  }

  destroyBody(bodyId: BodyId): void {
    const b = this.body('destroyBody', bodyId);
    const w = this.w;
    for (let slot = 0; slot < w.chains.length; slot++) {
      if (w.chains[slot]?.body === b) destroyChain(w, slot);
    }
    for (let s = w.bodies.shapeHead[b]!; s !== -1; ) {
      const next = w.shapes.next[s]!;
      unlinkShape(w, s);
      s = next;
    }
    while (w.bodies.jointHead[b] !== -1) freeJoint(w, w.bodies.jointHead[b]! >> 1);
    releaseBody(w.bodies, b);
  }

  isValidBody(bodyId: BodyId): boolean {
    return this.w.bodies.pool.resolve(bodyId) !== -1;
  }

  getBodySlot(bodyId: BodyId): number {
    return this.body('getBodySlot', bodyId);
  }

  getBodySlotCount(): number {
    return this.w.bodies.pool.next;
  }

  getBodyType(bodyId: BodyId): BodyType {
    return this.w.bodies.type[this.body('getBodyType', bodyId)] as BodyType;
  }

  setBodyType(bodyId: BodyId, type: BodyType): void {
    const b = this.body('setBodyType', bodyId);
    checkBodyType('setBodyType', 'type', type);
    const w = this.w;
    const bodies = w.bodies;
    if (bodies.type[b] === type) return;
    wakeBody(w, b);
    writeBodyType(bodies, b, type);
    updateBodyMass(w.asWorldState, b);
    if (type !== BodyType.Static) markAwake(w, b);
  }

  getBodyPosition(bodyId: BodyId): Vec2 {
    const b = this.body('getBodyPosition', bodyId);
    return { x: this.w.bodies.px[b]!, y: this.w.bodies.py[b]! };
  }

  getBodyAngle(bodyId: BodyId): number {
    const b = this.body('getBodyAngle', bodyId);
    return atan2(this.w.bodies.s[b]!, this.w.bodies.c[b]!);
  }

  getBodyRotation(bodyId: BodyId): BodyRotation {
    const b = this.body('getBodyRotation', bodyId);
    return { c: this.w.bodies.c[b]!, s: this.w.bodies.s[b]! };
  }

  getBodyWorldCenter(bodyId: BodyId): Vec2 {
    const b = this.body('getBodyWorldCenter', bodyId);
    return { x: this.w.bodies.cx[b]!, y: this.w.bodies.cy[b]! };
  }

  getBodyLocalCenter(bodyId: BodyId): Vec2 {
    const b = this.body('getBodyLocalCenter', bodyId);
    return { x: this.w.bodies.lcx[b]!, y: this.w.bodies.lcy[b]! };
  }

  getBodyLinearVelocity(bodyId: BodyId): Vec2 {
    const o = this.body('getBodyLinearVelocity', bodyId) * STATE_STRIDE;
    return { x: this.w.bodies.state[o + VX]!, y: this.w.bodies.state[o + VY]! };
  }

  getBodyAngularVelocity(bodyId: BodyId): number {
    return this.w.bodies.state[this.body('getBodyAngularVelocity', bodyId) * STATE_STRIDE + W]!;
  }

  setBodyLinearVelocity(bodyId: BodyId, v: Vec2): void {
    const b = this.body('setBodyLinearVelocity', bodyId);
    checkVec2Within('setBodyLinearVelocity', 'velocity', v, MAX_SPEED, 'm/s');
    setLinearVelocityWith(this.w, wakeBody, b, v);
  }

  setBodyAngularVelocity(bodyId: BodyId, omega: number): void {
    const b = this.body('setBodyAngularVelocity', bodyId);
    checkWithin('setBodyAngularVelocity', 'angularVelocity', omega, MAX_ANGULAR_SPEED, 'rad/s');
    setAngularVelocityWith(this.w, wakeBody, b, omega);
  }

  setBodyTransform(bodyId: BodyId, position: Vec2, angle: number): void {
    const b = this.body('setBodyTransform', bodyId);
    checkVec2Within('setBodyTransform', 'position', position, MAX_COORDINATE, 'm');
    checkWithin('setBodyTransform', 'angle', angle, MAX_ANGLE, 'rad');
    placeBody(this.w.bodies, b, position, angle);
    wakeBody(this.w, b);
  }

  applyBodyForce(bodyId: BodyId, force: Vec2, point: Vec2, wake = true): void {
    const b = this.body('applyBodyForce', bodyId);
    checkVec2Within('applyBodyForce', 'force', force, MAX_FORCE, 'N');
    checkVec2Within('applyBodyForce', 'point', point, MAX_COORDINATE, 'm');
    checkBoolean('applyBodyForce', 'wake', wake);
    prepareToAct(this.w, b, wake); // a force acts in the step: the mirror keeps the waking
  }

  applyBodyForceToCenter(bodyId: BodyId, force: Vec2, wake = true): void {
    const b = this.body('applyBodyForceToCenter', bodyId);
    checkVec2Within('applyBodyForceToCenter', 'force', force, MAX_FORCE, 'N');
    checkBoolean('applyBodyForceToCenter', 'wake', wake);
    prepareToAct(this.w, b, wake);
  }

  applyBodyTorque(bodyId: BodyId, torque: number, wake = true): void {
    const b = this.body('applyBodyTorque', bodyId);
    checkWithin('applyBodyTorque', 'torque', torque, MAX_FORCE, 'N m');
    checkBoolean('applyBodyTorque', 'wake', wake);
    prepareToAct(this.w, b, wake);
  }

  applyBodyLinearImpulse(bodyId: BodyId, impulse: Vec2, point: Vec2, wake = true): void {
    const b = this.body('applyBodyLinearImpulse', bodyId);
    checkVec2Within('applyBodyLinearImpulse', 'impulse', impulse, MAX_FORCE, 'N s');
    checkVec2Within('applyBodyLinearImpulse', 'point', point, MAX_COORDINATE, 'm');
    checkBoolean('applyBodyLinearImpulse', 'wake', wake);
    if (prepareToAct(this.w, b, wake)) addLinearImpulse(this.w.bodies, b, impulse, point);
  }

  applyBodyLinearImpulseToCenter(bodyId: BodyId, impulse: Vec2, wake = true): void {
    const b = this.body('applyBodyLinearImpulseToCenter', bodyId);
    checkVec2Within('applyBodyLinearImpulseToCenter', 'impulse', impulse, MAX_FORCE, 'N s');
    checkBoolean('applyBodyLinearImpulseToCenter', 'wake', wake);
    if (prepareToAct(this.w, b, wake)) addLinearImpulseToCenter(this.w.bodies, b, impulse);
  }

  applyBodyAngularImpulse(bodyId: BodyId, impulse: number, wake = true): void {
    const b = this.body('applyBodyAngularImpulse', bodyId);
    checkWithin('applyBodyAngularImpulse', 'impulse', impulse, MAX_FORCE, 'N m s');
    checkBoolean('applyBodyAngularImpulse', 'wake', wake);
    if (prepareToAct(this.w, b, wake)) addAngularImpulse(this.w.bodies, b, impulse);
  }

  getBodyMass(bodyId: BodyId): number {
    return this.w.bodies.mass[this.body('getBodyMass', bodyId)]!;
  }

  getBodyRotationalInertia(bodyId: BodyId): number {
    return this.w.bodies.inertia[this.body('getBodyRotationalInertia', bodyId)]!;
  }

  getBodyMassData(bodyId: BodyId): BodyMassData {
    const b = this.body('getBodyMassData', bodyId);
    const bodies = this.w.bodies;
    return {
      mass: bodies.mass[b]!,
      center: { x: bodies.lcx[b]!, y: bodies.lcy[b]! },
      rotationalInertia: bodies.inertia[b]!,
    };
  }

  setBodyMassData(bodyId: BodyId, data: BodyMassData): void {
    const fn = 'setBodyMassData';
    const b = this.body(fn, bodyId);
    checkBodyMassData(fn, data);
    const w = this.w;
    if (w.bodies.type[b] !== BodyType.Dynamic) return;
    applyMass(w.asWorldState, b, data.mass, data.rotationalInertia, data.center.x, data.center.y);
    w.bodies.massOverridden[b] = 1;
  }

  resetBodyMassData(bodyId: BodyId): void {
    updateBodyMass(this.w.asWorldState, this.body('resetBodyMassData', bodyId));
  }

  getBodyLinearDamping(bodyId: BodyId): number {
    return this.w.bodies.linearDamping[this.body('getBodyLinearDamping', bodyId)]!;
  }

  setBodyLinearDamping(bodyId: BodyId, damping: number): void {
    const b = this.body('setBodyLinearDamping', bodyId);
    this.w.bodies.linearDamping[b] = checkNonNegative('setBodyLinearDamping', 'damping', damping);
  }

  getBodyAngularDamping(bodyId: BodyId): number {
    return this.w.bodies.angularDamping[this.body('getBodyAngularDamping', bodyId)]!;
  }

  setBodyAngularDamping(bodyId: BodyId, damping: number): void {
    const b = this.body('setBodyAngularDamping', bodyId);
    this.w.bodies.angularDamping[b] = checkNonNegative('setBodyAngularDamping', 'damping', damping);
  }

  getBodyGravityScale(bodyId: BodyId): number {
    return this.w.bodies.gravityScale[this.body('getBodyGravityScale', bodyId)]!;
  }

  setBodyGravityScale(bodyId: BodyId, scale: number): void {
    const b = this.body('setBodyGravityScale', bodyId);
    this.w.bodies.gravityScale[b] = checkWithin('setBodyGravityScale', 'scale', scale, MAX_GRAVITY_SCALE, '');
  }

  isBodyFixedRotation(bodyId: BodyId): boolean {
    return this.w.bodies.fixedRotation[this.body('isBodyFixedRotation', bodyId)] === 1;
  }

  setBodyFixedRotation(bodyId: BodyId, flag: boolean): void {
    const b = this.body('setBodyFixedRotation', bodyId);
    checkBoolean('setBodyFixedRotation', 'flag', flag);
    setFixedRotation(this.w.asWorldState, b, flag);
  }

  isBodyBullet(bodyId: BodyId): boolean {
    return this.w.bodies.bullet[this.body('isBodyBullet', bodyId)] === 1;
  }

  setBodyBullet(bodyId: BodyId, flag: boolean): void {
    const b = this.body('setBodyBullet', bodyId);
    checkBoolean('setBodyBullet', 'flag', flag);
    this.w.bodies.bullet[b] = flag ? 1 : 0;
  }

  isBodyAwake(bodyId: BodyId): boolean {
    return this.w.bodies.awake[this.body('isBodyAwake', bodyId)] === 1;
  }

  setBodyAwake(bodyId: BodyId, awake: boolean): void {
    const b = this.body('setBodyAwake', bodyId);
    checkBoolean('setBodyAwake', 'awake', awake);
    const w = this.w;
    setAwakeWith(w, wakeBody, sleepBody, w.settings.enableSleep, b, awake);
  }

  isBodySleepEnabled(bodyId: BodyId): boolean {
    return this.w.bodies.enableSleep[this.body('isBodySleepEnabled', bodyId)] === 1;
  }

  enableBodySleep(bodyId: BodyId, flag: boolean): void {
    const b = this.body('enableBodySleep', bodyId);
    checkBoolean('enableBodySleep', 'flag', flag);
    this.w.bodies.enableSleep[b] = flag ? 1 : 0;
    if (!flag) wakeBody(this.w, b);
  }

  getBodySleepThreshold(bodyId: BodyId): number {
    return this.w.bodies.sleepThreshold[this.body('getBodySleepThreshold', bodyId)]!;
  }

  setBodySleepThreshold(bodyId: BodyId, speed: number): void {
    const b = this.body('setBodySleepThreshold', bodyId);
    this.w.bodies.sleepThreshold[b] = checkNonNegative('setBodySleepThreshold', 'speed', speed);
  }

  getBodyUserData(bodyId: BodyId): unknown {
    return this.w.bodies.userData[this.body('getBodyUserData', bodyId)];
  }

  setBodyUserData(bodyId: BodyId, data: unknown): void {
    this.w.bodies.userData[this.body('setBodyUserData', bodyId)] = data;
  }

  getBodyShapes(bodyId: BodyId): ShapeId[] {
    const b = this.body('getBodyShapes', bodyId);
    const out: ShapeId[] = [];
    const shapes = this.w.shapes;
    for (let s = this.w.bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
      out.push(shapes.pool.handle(s) as ShapeId);
    }
    return out;
  }

  getBodyJoints(bodyId: BodyId): JointId[] {
    const b = this.body('getBodyJoints', bodyId);
    const out: JointId[] = [];
    const joints = this.w.joints;
    for (let edge = this.w.bodies.jointHead[b]!; edge !== -1; edge = joints.edgeNext[edge]!) {
      const id = joints.pool.handle(edge >> 1) as JointId;
      if (!out.includes(id)) out.push(id);
    }
    return out;
  }

  getBodyLocalPoint(bodyId: BodyId, worldPoint: Vec2): Vec2 {
    const b = this.body('getBodyLocalPoint', bodyId);
    checkVec2Within('getBodyLocalPoint', 'worldPoint', worldPoint, MAX_COORDINATE, 'm');
    const bodies = this.w.bodies;
    const dx = worldPoint.x - bodies.px[b]!;
    const dy = worldPoint.y - bodies.py[b]!;
    const c = bodies.c[b]!;
    const s = bodies.s[b]!;
    return { x: c * dx + s * dy, y: -s * dx + c * dy };
  }

  getBodyWorldPoint(bodyId: BodyId, localPoint: Vec2): Vec2 {
    const b = this.body('getBodyWorldPoint', bodyId);
    checkVec2Within('getBodyWorldPoint', 'localPoint', localPoint, MAX_COORDINATE, 'm');
    const bodies = this.w.bodies;
    const c = bodies.c[b]!;
    const s = bodies.s[b]!;
    return {
      x: bodies.px[b]! + c * localPoint.x - s * localPoint.y,
      y: bodies.py[b]! + s * localPoint.x + c * localPoint.y,
    };
  }

  // ------------------------------------------------------------------ shapes and chains

  createCircleShape(bodyId: BodyId, circle: Geometry, def: ShapeDefInput = {}): ShapeId {
    const fn = 'createCircleShape';
    const b = this.body(fn, bodyId);
    checkCircle(fn, 'circle', circle);
    return this.newShape(b, ShapeType.Circle, cloneGeometry(circle), this.shapeDef(fn, def));
  }

  createCapsuleShape(bodyId: BodyId, capsule: Geometry, def: ShapeDefInput = {}): ShapeId {
    const fn = 'createCapsuleShape';
    const b = this.body(fn, bodyId);
    checkCapsule(fn, 'capsule', capsule);
    return this.newShape(b, ShapeType.Capsule, cloneGeometry(capsule), this.shapeDef(fn, def));
  }

  createPolygonShape(bodyId: BodyId, polygon: Geometry, def: ShapeDefInput = {}): ShapeId {
    const fn = 'createPolygonShape';
    const b = this.body(fn, bodyId);
    checkPolygon(fn, 'polygon', polygon);
    return this.newShape(b, ShapeType.Polygon, cloneGeometry(polygon), this.shapeDef(fn, def));
  }

  createSegmentShape(bodyId: BodyId, segment: Geometry, def: ShapeDefInput = {}): ShapeId {
    const fn = 'createSegmentShape';
    const b = this.body(fn, bodyId);
    checkSegment(fn, 'segment', segment);
    return this.newShape(b, ShapeType.Segment, cloneGeometry(segment), this.shapeDef(fn, def));
  }

  createChain(bodyId: BodyId, def: ChainDefInput): ChainId {
    const fn = 'createChain';
    const b = this.body(fn, bodyId);
    const d = checkChainDef(fn, def);
    const w = this.w;
    const shapeDef = chainShapeDef(d);
    const slot = takeChainSlot(w);
    const record = { body: b, shapes: [] as number[] };
    for (const seg of chainSegments(d)) {
      const s = this.addShape(b, ShapeType.ChainSegment, seg, shapeDef);
      w.shapes.chain[s] = slot;
      record.shapes.push(s);
    }
    w.chains[slot] = record;
    return w.chainHandle(slot);
  }

  destroyChain(chainId: ChainId): void {
    destroyChain(this.w, this.chain('destroyChain', chainId));
  }

  getChainSegments(chainId: ChainId): ShapeId[] {
    const slot = this.chain('getChainSegments', chainId);
    const shapes = this.w.shapes;
    return this.w.chains[slot]!.shapes.map((s) => shapes.pool.handle(s) as ShapeId);
  }

  isValidChain(chainId: ChainId): boolean {
    return this.w.resolveChain(chainId) !== -1;
  }

  destroyShape(shapeId: ShapeId, updateBodyMass = true): void {
    const s = this.shape('destroyShape', shapeId);
    checkBoolean('destroyShape', 'updateBodyMass', updateBodyMass);
    const w = this.w;
    if (w.shapes.chain[s] !== -1)
      fail('destroyShape', 'shapeId', 'not part of a chain (use destroyChain)', shapeId);
    const b = w.shapes.body[s]!;
    unlinkShape(w, s);
    if (updateBodyMass && w.bodies.massOverridden[b] !== 1) updateBodyMassOf(w, b);
    else updateMaxExtent(w.asWorldState, b);
  }

  isValidShape(shapeId: ShapeId): boolean {
    return this.w.shapes.pool.resolve(shapeId) !== -1;
  }

  getShapeBody(shapeId: ShapeId): BodyId {
    const s = this.shape('getShapeBody', shapeId);
    return this.w.bodies.pool.handle(this.w.shapes.body[s]!) as BodyId;
  }

  getShapeType(shapeId: ShapeId): ShapeType {
    return this.w.shapes.typeOf(this.shape('getShapeType', shapeId));
  }

  getShapeGeometry(shapeId: ShapeId): Geometry {
    return cloneGeometry(this.w.shapes.geometry[this.shape('getShapeGeometry', shapeId)]!);
  }

  getShapeDensity(shapeId: ShapeId): number {
    return this.w.shapes.density[this.shape('getShapeDensity', shapeId)]!;
  }

  setShapeDensity(shapeId: ShapeId, density: number, updateBodyMass = true): void {
    const s = this.shape('setShapeDensity', shapeId);
    checkNonNegativeAtMost('setShapeDensity', 'density', density, MAX_DENSITY, 'kg/m^2');
    checkBoolean('setShapeDensity', 'updateBodyMass', updateBodyMass);
    const w = this.w;
    w.shapes.density[s] = density;
    const b = w.shapes.body[s]!;
    if (updateBodyMass && w.bodies.massOverridden[b] !== 1) updateBodyMassOf(w, b);
  }

  getShapeFriction(shapeId: ShapeId): number {
    return this.w.shapes.friction[this.shape('getShapeFriction', shapeId)]!;
  }

  setShapeFriction(shapeId: ShapeId, friction: number): void {
    const s = this.shape('setShapeFriction', shapeId);
    checkNonNegative('setShapeFriction', 'friction', friction);
    this.w.shapes.friction[s] = friction;
  }

  getShapeRestitution(shapeId: ShapeId): number {
    return this.w.shapes.restitution[this.shape('getShapeRestitution', shapeId)]!;
  }

  setShapeRestitution(shapeId: ShapeId, restitution: number): void {
    const s = this.shape('setShapeRestitution', shapeId);
    checkNonNegative('setShapeRestitution', 'restitution', restitution);
    this.w.shapes.restitution[s] = restitution;
  }

  getShapeFilter(shapeId: ShapeId): Filter {
    const s = this.shape('getShapeFilter', shapeId);
    const shapes = this.w.shapes;
    return {
      categoryBits: shapes.categoryBits[s]!,
      maskBits: shapes.maskBits[s]!,
      groupIndex: shapes.groupIndex[s]!,
    };
  }

  setShapeFilter(shapeId: ShapeId, filter: Partial<Filter>): void {
    const s = this.shape('setShapeFilter', shapeId);
    const f = checkFilter('setShapeFilter', 'filter', withDefaultFilter(filter));
    this.setFilter(s, f);
  }

  areShapeContactEventsEnabled(shapeId: ShapeId): boolean {
    return this.w.shapes.enableContactEvents[this.shape('areShapeContactEventsEnabled', shapeId)] === 1;
  }

  enableShapeContactEvents(shapeId: ShapeId, flag: boolean): void {
    const s = this.shape('enableShapeContactEvents', shapeId);
    checkBoolean('enableShapeContactEvents', 'flag', flag);
    this.w.shapes.enableContactEvents[s] = flag ? 1 : 0;
  }

  getShapeUserData(shapeId: ShapeId): unknown {
    return this.w.shapes.userData[this.shape('getShapeUserData', shapeId)];
  }

  setShapeUserData(shapeId: ShapeId, data: unknown): void {
    this.w.shapes.userData[this.shape('setShapeUserData', shapeId)] = data;
  }

  /** The shape's box at its body's pose (World stores it when the body is placed: the same numbers). */
  getShapeAABB(shapeId: ShapeId): QueryAABB {
    const s = this.shape('getShapeAABB', shapeId);
    const w = this.w;
    const b = w.shapes.body[s]!;
    const bodies = w.bodies;
    const xf = new Transform().set(bodies.px[b]!, bodies.py[b]!, bodies.c[b]!, bodies.s[b]!);
    const box = computeShapeAABB(w.shapes.typeOf(s), w.shapes.geometry[s]!, xf, new AABB());
    return { minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY };
  }

  isShapeSensor(shapeId: ShapeId): boolean {
    return this.w.shapes.isSensor[this.shape('isShapeSensor', shapeId)] === 1;
  }

  // ------------------------------------------------------------------ joints

  createRevoluteJoint(def: object): JointId {
    return this.newJoint('createRevoluteJoint', JointType.Revolute, def);
  }

  createDistanceJoint(def: object): JointId {
    return this.newJoint('createDistanceJoint', JointType.Distance, def);
  }

  createWheelJoint(def: object): JointId {
    return this.newJoint('createWheelJoint', JointType.Wheel, def);
  }

  createMouseJoint(def: { target?: Vec2 }): JointId {
    return this.newJoint('createMouseJoint', JointType.Mouse, def, (p, bodyB, localB) => {
      if (def.target === undefined) p.target = this.getBodyWorldPoint(bodyB, localB);
    });
  }

  createMotorJoint(def: object): JointId {
    return this.newJoint('createMotorJoint', JointType.Motor, def);
  }

  createFilterJoint(def: object): JointId {
    return this.newJoint('createFilterJoint', JointType.Filter, def);
  }

  createPrismaticJoint(def: object): JointId {
    return this.newJoint('createPrismaticJoint', JointType.Prismatic, def);
  }

  createWeldJoint(def: object): JointId {
    return this.newJoint('createWeldJoint', JointType.Weld, def);
  }

  destroyJoint(jointId: JointId): void {
    freeJoint(this.w, this.joint('destroyJoint', jointId));
  }

  isValidJoint(jointId: JointId): boolean {
    return this.w.joints.pool.resolve(jointId) !== -1;
  }

  getJointType(jointId: JointId): JointType {
    return this.w.joints.type[this.joint('getJointType', jointId)] as JointType;
  }

  getJointBodyA(jointId: JointId): BodyId {
    const j = this.joint('getJointBodyA', jointId);
    return this.w.bodies.pool.handle(this.w.joints.bodyA[j]!) as BodyId;
  }

  getJointBodyB(jointId: JointId): BodyId {
    const j = this.joint('getJointBodyB', jointId);
    return this.w.bodies.pool.handle(this.w.joints.bodyB[j]!) as BodyId;
  }

  getJointLocalAnchors(jointId: JointId): JointLocalAnchors {
    const j = this.joint('getJointLocalAnchors', jointId);
    const joints = this.w.joints;
    return {
      localAnchorA: { x: joints.localAx[j]!, y: joints.localAy[j]! },
      localAnchorB: { x: joints.localBx[j]!, y: joints.localBy[j]! },
    };
  }

  // The step's joint reads: the client asks the host; the mirror only checks the id.
  getJointConstraintForce(jointId: JointId): Vec2 {
    this.joint('getJointConstraintForce', jointId);
    return { x: 0, y: 0 };
  }

  getJointConstraintTorque(jointId: JointId): number {
    this.joint('getJointConstraintTorque', jointId);
    return 0;
  }

  isJointEnabled(jointId: JointId): boolean {
    return this.w.joints.enabled[this.joint('isJointEnabled', jointId)] === 1;
  }

  getJointState(jointId: JointId): object {
    this.joint('getJointState', jointId);
    return {};
  }

  getJointBreakForce(jointId: JointId): number {
    return this.w.joints.breakForce[this.joint('getJointBreakForce', jointId)]!;
  }

  setJointBreakForce(jointId: JointId, force: number): void {
    const j = this.joint('setJointBreakForce', jointId);
    const limit = checkBreakLimit('setJointBreakForce', 'force', force, 'N');
    const joints = this.w.joints;
    const solver = this.w.solver;
    if (solver !== null) {
      checkNewJointUnderSolver(
        'setJointBreakForce',
        solver,
        joints.type[j]!,
        joints.data[j]!,
        limit,
        joints.breakTorque[j]!,
      );
    }
    joints.breakForce[j] = limit;
  }

  getJointBreakTorque(jointId: JointId): number {
    return this.w.joints.breakTorque[this.joint('getJointBreakTorque', jointId)]!;
  }

  setJointBreakTorque(jointId: JointId, torque: number): void {
    const j = this.joint('setJointBreakTorque', jointId);
    const limit = checkBreakLimit('setJointBreakTorque', 'torque', torque, 'N m');
    const joints = this.w.joints;
    const solver = this.w.solver;
    if (solver !== null) {
      checkNewJointUnderSolver(
        'setJointBreakTorque',
        solver,
        joints.type[j]!,
        joints.data[j]!,
        joints.breakForce[j]!,
        limit,
      );
    }
    joints.breakTorque[j] = limit;
  }

  getJointUserData(jointId: JointId): unknown {
    return this.w.joints.userData[this.joint('getJointUserData', jointId)];
  }

  setJointUserData(jointId: JointId, data: unknown): void {
    this.w.joints.userData[this.joint('setJointUserData', jointId)] = data;
  }

  getJointParams(jointId: JointId): object {
    const j = this.joint('getJointParams', jointId);
    const joints = this.w.joints;
    const ops = jointTypes[joints.type[j]!]!.params;
    return ops === null ? {} : ops.read(joints.data[j] as never);
  }

  setJointParams(jointId: JointId, params: object): void {
    const fn = 'setJointParams';
    const j = this.joint(fn, jointId);
    if (typeof params !== 'object' || params === null) fail(fn, 'params', 'an object', params);
    const w = this.w;
    const joints = w.joints;
    const entry = jointTypes[joints.type[j]!]!;
    checkKnownFields(fn, params, entry.paramKeys, `${entry.name} joints`);
    const ops = entry.params;
    if (ops !== null) {
      const data = joints.data[j] as never;
      const merged = { ...ops.read(data), ...params };
      ops.check(fn, merged);
      if (w.solver !== null) {
        checkNewJointUnderSolver(
          fn,
          w.solver,
          joints.type[j]!,
          merged,
          joints.breakForce[j]!,
          joints.breakTorque[j]!,
        );
      }
      ops.apply(data, merged);
    }
    wakeBody(w, joints.bodyA[j]!);
    wakeBody(w, joints.bodyB[j]!);
  }

  /** The checks of a character's definition (the host runs the mover). */
  createMover(def: MoverDef): void {
    checkMoverDef(this.w.asWorldState, def);
  }

  /** Gives `world` this mirror's user data of every body, shape and joint id live in both. */
  keepUserDataIn(world: World): void {
    const { bodies, shapes, joints } = this.w;
    const each = (
      pool: { next: number; alive: Uint8Array; handle(slot: number): number },
      data: unknown[],
      valid: (id: number) => boolean,
      set: (id: number, value: unknown) => void,
    ) => {
      for (let i = 0; i < pool.next; i++) {
        if (pool.alive[i] !== 1) continue;
        const id = pool.handle(i);
        if (valid(id)) set(id, data[i]);
      }
    };
    each(
      bodies.pool,
      bodies.userData,
      (id) => world.isValidBody(id as BodyId),
      (id, v) => world.setBodyUserData(id as BodyId, v),
    );
    each(
      shapes.pool,
      shapes.userData,
      (id) => world.isValidShape(id as ShapeId),
      (id, v) => world.setShapeUserData(id as ShapeId, v),
    );
    each(
      joints.pool,
      joints.userData,
      (id) => world.isValidJoint(id as JointId),
      (id, v) => world.setJointUserData(id as JointId, v),
    );
  }

  // ------------------------------------------------------------------ internals

  /** As World.newJoint: the same checks in the same order, then the joint. */
  private newJoint(
    fn: string,
    type: JointType,
    def: object,
    finish?: (params: Record<string, unknown>, bodyB: BodyId, localB: Vec2) => void,
  ): JointId {
    if (typeof def !== 'object' || def === null) fail(fn, 'def', 'an object', def);
    const d0 = def as {
      bodyA?: unknown;
      bodyB?: unknown;
      collideConnected?: unknown;
      breakForce?: unknown;
      breakTorque?: unknown;
      userData?: unknown;
    };
    const entry = jointTypes[type]!;
    checkJointDefFields(fn, entry, def);
    const a = this.bodyField(fn, 'bodyA', d0.bodyA);
    const b = this.bodyField(fn, 'bodyB', d0.bodyB);
    if (a === b) fail(fn, 'bodyB', 'a different body from bodyA', d0.bodyB);
    const w = this.w;
    const { localA, localB, derived } = resolveJointDefAt(fn, entry, def, this.pose(a), this.pose(b));
    checkVec2Within(fn, 'localAnchorA', localA, MAX_COORDINATE, 'm');
    checkVec2Within(fn, 'localAnchorB', localB, MAX_COORDINATE, 'm');
    const params = entry.params;
    const d: Record<string, unknown> = { ...params?.defaults(), ...def, ...derived };
    finish?.(d, d0.bodyB as BodyId, localB);
    if (params === null) entry.checkDef(fn, def);
    else params.check(fn, d);
    const collideConnected = d0.collideConnected ?? false;
    checkBoolean(fn, 'collideConnected', collideConnected);
    const breakForce = checkBreakLimit(fn, 'breakForce', d0.breakForce, 'N');
    const breakTorque = checkBreakLimit(fn, 'breakTorque', d0.breakTorque, 'N m');
    if (w.solver !== null) checkNewJointUnderSolver(fn, w.solver, type, d, breakForce, breakTorque);

    const data = entry.create();
    params?.apply(data, d);
    const joints = w.joints;
    const j = joints.pool.allocate();
    writeNewJoint(w, j, type, a, b, localA, localB, breakForce, breakTorque, data, d0.userData);
    // a jointed pair is one island: both wake
    wakeBody(w, a);
    wakeBody(w, b);
    return joints.pool.handle(j) as JointId;
  }

  private pose(b: number): BodyPose {
    const bodies = this.w.bodies;
    return { x: bodies.px[b]!, y: bodies.py[b]!, c: bodies.c[b]!, s: bodies.s[b]! };
  }

  private shapeDef(fn: string, def: ShapeDefInput): ShapeDef {
    const d = checkShapeDef(fn, def);
    if (this.w.shapes.pool.count >= MAX_SLOTS)
      throw new RangeError(`${fn}: the world is full (${MAX_SLOTS} shapes)`);
    return d;
  }

  private newShape(b: number, type: ShapeType, geometry: Geometry, d: ShapeDef): ShapeId {
    return this.w.shapes.pool.handle(this.addShape(b, type, geometry, d)) as ShapeId;
  }

  /** As the core's createShape: fields, the head of the body's list, then the mass. */
  private addShape(b: number, type: ShapeType, geometry: Geometry, d: ShapeDef): number {
    const w = this.w;
    const shapes = w.shapes;
    const s = shapes.pool.allocate();
    writeNewShape(w, s, b, type, geometry, d);
    if (d.updateBodyMass && w.bodies.massOverridden[b] !== 1) updateBodyMassOf(w, b);
    else updateMaxExtent(w.asWorldState, b);
    return s;
  }

  private setFilter(s: number, filter: Filter): void {
    writeShapeFilter(this.w.shapes, s, filter);
  }

  private body(fn: string, id: unknown): number {
    const b = this.w.bodies.pool.resolve(id);
    if (b === -1) {
      throw new RangeError(
        `${fn}: bodyId must be a live body, got ${describe(id)} (never created, destroyed or stale)`,
      );
    }
    return b;
  }

  private bodyField(fn: string, field: string, id: unknown): number {
    const b = this.w.bodies.pool.resolve(id);
    if (b === -1) fail(fn, field, 'a live body id', id);
    return b;
  }

  private shape(fn: string, id: unknown): number {
    const s = this.w.shapes.pool.resolve(id);
    if (s === -1) {
      throw new RangeError(
        `${fn}: shapeId must be a live shape, got ${describe(id)} (never created, destroyed or stale)`,
      );
    }
    return s;
  }

  private chain(fn: string, id: unknown): number {
    const slot = this.w.resolveChain(id);
    if (slot === -1) {
      throw new RangeError(
        `${fn}: chainId must be a live chain, got ${describe(id)} (never created, destroyed or stale)`,
      );
    }
    return slot;
  }

  private joint(fn: string, id: unknown): number {
    const j = this.w.joints.pool.resolve(id);
    if (j === -1) {
      throw new RangeError(
        `${fn}: jointId must be a live joint, got ${describe(id)} (never created, destroyed or stale)`,
      );
    }
    return j;
  }
}

/**
 * The mirror after `snapshot` is restored: a `World` (the whole core, loaded when first
 * needed, off the main bundle), since a snapshot holds what only the core decodes. Checks
 * the bytes first (a bad snapshot throws the core's message and changes nothing); keeps
 * the mixers, the solver and the user data of every id live before and after, as
 * `World.restore` does.
 */
export async function restoredMirror(mirror: Mirror, snapshot: Uint8Array): Promise<Mirror> {
  const { World } = await import('@impulse/core');
  if (mirror instanceof World) {
    mirror.restore(snapshot);
    return mirror;
  }
  const { frictionMixer, restitutionMixer } = mirror.getSettings();
  const world = new World({ frictionMixer, restitutionMixer, solver: mirror.getSolver() });
  world.restore(snapshot);
  (mirror as unknown as MirrorWorld).keepUserDataIn(world);
  return world;
}

function updateBodyMassOf(w: MirrorState, b: number): void {
  updateBodyMass(w.asWorldState, b);
}

/** A mirror of a new world made from `def` (checked as `new World(def)` checks it). */
export function createMirror(def: Partial<WorldDef>): Mirror {
  return new MirrorWorld(def) as unknown as Mirror;
}

// Every method the client asks of its mirror is here: a missing one fails to compile.
type Missing = Exclude<MirrorMethod, keyof MirrorWorld>;
const everyMirrorMethod: [Missing] extends [never] ? true : false = true;
void everyMirrorMethod;
