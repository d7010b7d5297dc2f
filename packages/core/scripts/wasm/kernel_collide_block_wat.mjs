/**
 * The narrow phase's whole block in the WebAssembly kernel (docs/wasm-kernel.md, "The collide
 * block in the kernel"): `collideBlock(start, end)` runs src/world/narrow_phase.ts
 * `collideBlock` over the awake contacts [start, end) in one call, for the pairs of two
 * cached quadrilaterals (boxes), and the round pairs (a circle against a circle, capsule or
 * box: collideRound; two capsules: collideCapsules; a quadrilateral and a capsule:
 * collidePolygonCapsule, kernel_collide_capsule_wat.mjs): the fat-box test and the status byte, the tight-box test,
 * `reuseManifold`, `collideQuads` (kernel_collide_wat.mjs) and `updateContactManifold`
 * (src/dynamics/contact.ts), operation for operation, f64 only. The pairs it does not
 * finish (any other pair) it writes nothing for but their awake
 * index, into the list at `$cbList`; the JS runs its own collideBlock
 * on them afterwards (src/wasm/collide_block.ts). Every contact's work touches only its own
 * records and status byte, so the two passes give the JS's bits.
 *
 * The list is indexed like the awake contacts: block [start, end) lists from list[start]
 * on, in its own room, so blocks on several threads (one I/O record each) never meet
 * (src/wasm/collide_range.ts). It returns the or of the statuses it wrote | (the number
 * listed << 2).
 */

import {
  add,
  g,
  k,
  LINEAR_SLOP,
  ld,
  mul,
  scope,
  SPECULATIVE_DISTANCE,
  st,
  sub,
} from './kernel_collide_wat.mjs';
import { collideWat, IO, segmentDistance } from './kernel_collide_wat.mjs';
import { polygonCapsuleWat } from './kernel_collide_capsule_wat.mjs';
import { C, P } from './kernel_layout.mjs';

/**
 * The arrays `setCollideBlockLayout` takes the byte offsets of, in its order: paths from the
 * world's state, then the kernel's own list and kinds (src/wasm/collide_block.ts places them).
 */
export const COLLIDE_ARRAYS = [
  'awakeContacts',
  'awakeContactPairs',
  'collideStatus',
  'broadPhase.shapeFat',
  'shapes.box',
  'quadCache.radius',
  'bodies.px',
  'bodies.py',
  'bodies.c',
  'bodies.s',
  'bodies.lcx',
  'bodies.lcy',
  'contacts.data',
  'contacts.reference',
  'contacts.pointCount',
  'contacts.id0',
  'contacts.id1',
  'contacts.flags',
  'list',
  'kind',
];

/** Each array's global. */
const G = Object.fromEntries(COLLIDE_ARRAYS.map((p) => [p, `$cb_${p.replace('.', '_')}`]));

// src/dynamics/contact.ts REF, RP (pinned there by test/dynamics/layouts.test.ts); the
// contact record and its point, C and P, in kernel_layout.mjs
const REF = {
  PAX: 0,
  PAY: 1,
  QAC: 2,
  QAS: 3,
  PBX: 4,
  PBY: 5,
  QBC: 6,
  QBS: 7,
  NX: 8,
  NY: 9,
  POINT: 10,
  STRIDE: 16,
};
const RP = { AX: 0, AY: 1, SEP: 2, STRIDE: 3 };
// base/constants.ts, as the JS computes them
const CONTACT_REUSE_DISTANCE = 0.1 * LINEAR_SLOP;
const CONTACT_REUSE_ANGLE = 0.001;
const TOL2 = CONTACT_REUSE_DISTANCE * CONTACT_REUSE_DISTANCE;
/** collideQuads' result word (kernel_collide_wat.mjs). */
const NORMAL_BIT = 1 << 26;
/** src/wasm/collide_block.ts CachedKind and RoundRecord (pinned by test/wasm/collide_round.test.ts). */
export const KIND = { NONE: 0, QUAD: 1, CIRCLE: 2, CAPSULE: 3 };
export const ROUND = { X1: 0, Y1: 1, X2: 2, Y2: 3, RADIUS: 4 };
/** manifold.ts's Q.SIZE: a cache record in doubles; EPSILON as manifold.ts's. */
const RECORD = 17;
const EPSILON = 1e-12;

/**
 * The arrays whose offsets the function being generated holds in locals (the block's loop
 * reads its globals once, at its start), else read from the globals.
 */
let cached = new Set();
/** Where array `p` starts. */
const base = (p) => (cached.has(p) ? `(local.get $at_${p.replace('.', '_')})` : `(global.get ${G[p]})`);
/** Address of element `i` (an i32 expression) of the array at global `p`, `shift` = log2 of its size. */
const at = (p, i, shift) => `(i32.add ${base(p)} (i32.shl ${i} (i32.const ${shift})))`;
const f64at = (p, i) => `(f64.load ${at(p, i, 3)})`;
const i32at = (p, i) => `(i32.load ${at(p, i, 2)})`;
const gi = (x) => `(local.get $${x})`;

/** reuseManifold(w, c, bA, bB, count): 1 when it carried the manifold over (and wrote it), else 0, writing nothing. */
function reuseFunc() {
  const S = scope();
  const set = S.set;
  const rf = (off) => ld('rb', off);
  const code = [
    S.seti('rb', at('contacts.reference', `(i32.mul ${gi('c')} (i32.const ${REF.STRIDE}))`, 3)),
    set('qAc', f64at('bodies.c', gi('bA'))),
    set('qAs', f64at('bodies.s', gi('bA'))),
    set('qBc', f64at('bodies.c', gi('bB'))),
    set('qBs', f64at('bodies.s', gi('bB'))),
    set('rQAc', rf(REF.QAC)),
    set('rQAs', rf(REF.QAS)),
    set('rQBc', rf(REF.QBC)),
    set('rQBs', rf(REF.QBS)),
    set('dAc', add(mul(g('qAc'), g('rQAc')), mul(g('qAs'), g('rQAs')))),
    set('dAs', sub(mul(g('qAs'), g('rQAc')), mul(g('qAc'), g('rQAs')))),
    set('dBc', add(mul(g('qBc'), g('rQBc')), mul(g('qBs'), g('rQBs')))),
    set('dBs', sub(mul(g('qBs'), g('rQBc')), mul(g('qBc'), g('rQBs')))),
    set('turn', sub(mul(g('dBs'), g('dAc')), mul(g('dBc'), g('dAs')))),
    `(if (i32.or (f64.gt ${g('turn')} ${k(CONTACT_REUSE_ANGLE)}) (f64.lt ${g('turn')} ${k(-CONTACT_REUSE_ANGLE)})) (then (return (i32.const 0))))`,
    set('pAx', f64at('bodies.px', gi('bA'))),
    set('pAy', f64at('bodies.py', gi('bA'))),
    set('abx', sub(g('pAx'), f64at('bodies.px', gi('bB')))),
    set('aby', sub(g('pAy'), f64at('bodies.py', gi('bB')))),
    set('rabx', sub(rf(REF.PAX), rf(REF.PBX))),
    set('raby', sub(rf(REF.PAY), rf(REF.PBY))),
    set('rnx', rf(REF.NX)),
    set('rny', rf(REF.NY)),
    set('nx', sub(mul(g('dAc'), g('rnx')), mul(g('dAs'), g('rny')))),
    set('ny', add(mul(g('dAs'), g('rnx')), mul(g('dAc'), g('rny')))),
  ];
  /** Point j's drift (dx, dy) and where it sits on A (ax, ay), from its reference. */
  const drift = (j) => {
    const o = REF.POINT + j * RP.STRIDE;
    return [
      set(`a${j}r`, rf(o + RP.AX)),
      set(`b${j}r`, rf(o + RP.AY)),
      set(`ax${j}`, sub(mul(g('dAc'), g(`a${j}r`)), mul(g('dAs'), g(`b${j}r`)))),
      set(`ay${j}`, add(mul(g('dAs'), g(`a${j}r`)), mul(g('dAc'), g(`b${j}r`)))),
      set(`bx${j}r`, add(g(`a${j}r`), g('rabx'))),
      set(`by${j}r`, add(g(`b${j}r`), g('raby'))),
      set(
        `dx${j}`,
        sub(sub(sub(mul(g('dBc'), g(`bx${j}r`)), mul(g('dBs'), g(`by${j}r`))), g('abx')), g(`ax${j}`)),
      ),
      set(
        `dy${j}`,
        sub(sub(add(mul(g('dBs'), g(`bx${j}r`)), mul(g('dBc'), g(`by${j}r`))), g('aby')), g(`ay${j}`)),
      ),
      `(if (f64.gt ${add(mul(g(`dx${j}`), g(`dx${j}`)), mul(g(`dy${j}`), g(`dy${j}`)))} ${k(TOL2)}) (then (return (i32.const 0))))`,
    ];
  };
  const sepOf = (j) =>
    add(add(rf(REF.POINT + j * RP.STRIDE + RP.SEP), mul(g(`dx${j}`), g('nx'))), mul(g(`dy${j}`), g('ny')));
  code.push(
    ...drift(0),
    set('ax1', k(0)),
    set('ay1', k(0)),
    set('sep1', k(0)),
    `(if (i32.gt_s ${gi('count')} (i32.const 1)) (then ${drift(1).join(' ')} ${set('sep1', sepOf(1))}))`,
    set('sep0', sepOf(0)),
    S.seti('d', at('contacts.data', `(i32.mul ${gi('c')} (i32.const ${C.STRIDE}))`, 3)),
    st('d', C.NX, g('nx')),
    st('d', C.NY, g('ny')),
    set(
      'oAx',
      sub(mul(g('qAc'), f64at('bodies.lcx', gi('bA'))), mul(g('qAs'), f64at('bodies.lcy', gi('bA')))),
    ),
    set(
      'oAy',
      add(mul(g('qAs'), f64at('bodies.lcx', gi('bA'))), mul(g('qAc'), f64at('bodies.lcy', gi('bA')))),
    ),
    set(
      'oBx',
      sub(mul(g('qBc'), f64at('bodies.lcx', gi('bB'))), mul(g('qBs'), f64at('bodies.lcy', gi('bB')))),
    ),
    set(
      'oBy',
      add(mul(g('qBs'), f64at('bodies.lcx', gi('bB'))), mul(g('qBc'), f64at('bodies.lcy', gi('bB')))),
    ),
  );
  for (let j = 0; j < 2; j++) {
    const o = C.POINT + j * C.POINT_STRIDE;
    code.push(`(if (i32.gt_s ${gi('count')} (i32.const ${j})) (then
      ${st('d', o + P.RAX, sub(g(`ax${j}`), g('oAx')))}
      ${st('d', o + P.RAY, sub(g(`ay${j}`), g('oAy')))}
      ${st('d', o + P.RBX, sub(add(g(`ax${j}`), g('abx')), g('oBx')))}
      ${st('d', o + P.RBY, sub(add(g(`ay${j}`), g('aby')), g('oBy')))}
      ${st('d', o + P.SEP, g(`sep${j}`))}
      ${st('d', o + P.MAX_NORMAL_IMPULSE, k(0))}))`);
  }
  const params = ['c', 'bA', 'bB', 'count'];
  return `(func $reuseManifold ${params.map((p) => `(param $${p} i32)`).join(' ')} (result i32)
  ${S.decl(params)}
  ${code.join('\n  ')}
  (i32.const 1))`;
}

/** The manifold's doubles and ids, as updateContactManifold's parameters. */
const MANIFOLD = ['nx', 'ny', 'ax0', 'ay0', 'sep0', 'ax1', 'ay1', 'sep1'];

/** updateContactManifold(w, c, bA, bB, m) with the manifold in parameters. */
function updateFunc() {
  const S = scope();
  const set = S.set;
  const seti = S.seti;
  const idAt = (p) => at(p, gi('c'), 2);
  const code = [
    seti('d', at('contacts.data', `(i32.mul ${gi('c')} (i32.const ${C.STRIDE}))`, 3)),
    seti('oldCount', `(i32.load ${idAt('contacts.pointCount')})`),
    seti(
      'oldId0',
      `(select (i32.load ${idAt('contacts.id0')}) (i32.const -1) (i32.gt_s ${gi('oldCount')} (i32.const 0)))`,
    ),
    seti(
      'oldId1',
      `(select (i32.load ${idAt('contacts.id1')}) (i32.const -1) (i32.gt_s ${gi('oldCount')} (i32.const 1)))`,
    ),
    `(i32.store ${idAt('contacts.pointCount')} ${gi('count')})`,
    `(if (i32.eqz ${gi('count')}) (then (return)))`,
    set('ni0', ld('d', C.POINT + P.NORMAL_IMPULSE)),
    set('ti0', ld('d', C.POINT + P.TANGENT_IMPULSE)),
    set('ni1', ld('d', C.POINT + C.POINT_STRIDE + P.NORMAL_IMPULSE)),
    set('ti1', ld('d', C.POINT + C.POINT_STRIDE + P.TANGENT_IMPULSE)),
    st('d', C.NX, g('nx')),
    st('d', C.NY, g('ny')),
    set('cA', f64at('bodies.c', gi('bA'))),
    set('sA', f64at('bodies.s', gi('bA'))),
    set('oAx', sub(mul(g('cA'), f64at('bodies.lcx', gi('bA'))), mul(g('sA'), f64at('bodies.lcy', gi('bA'))))),
    set('oAy', add(mul(g('sA'), f64at('bodies.lcx', gi('bA'))), mul(g('cA'), f64at('bodies.lcy', gi('bA'))))),
    set('cB', f64at('bodies.c', gi('bB'))),
    set('sB', f64at('bodies.s', gi('bB'))),
    set('oBx', sub(mul(g('cB'), f64at('bodies.lcx', gi('bB'))), mul(g('sB'), f64at('bodies.lcy', gi('bB'))))),
    set('oBy', add(mul(g('sB'), f64at('bodies.lcx', gi('bB'))), mul(g('cB'), f64at('bodies.lcy', gi('bB'))))),
    set('pAx', f64at('bodies.px', gi('bA'))),
    set('pAy', f64at('bodies.py', gi('bA'))),
    set('pBx', f64at('bodies.px', gi('bB'))),
    set('pBy', f64at('bodies.py', gi('bB'))),
    set('abx', sub(g('pAx'), g('pBx'))),
    set('aby', sub(g('pAy'), g('pBy'))),
    seti('rb', at('contacts.reference', `(i32.mul ${gi('c')} (i32.const ${REF.STRIDE}))`, 3)),
    st('rb', REF.PAX, g('pAx')),
    st('rb', REF.PAY, g('pAy')),
    st('rb', REF.QAC, g('cA')),
    st('rb', REF.QAS, g('sA')),
    st('rb', REF.PBX, g('pBx')),
    st('rb', REF.PBY, g('pBy')),
    st('rb', REF.QBC, g('cB')),
    st('rb', REF.QBS, g('sB')),
    st('rb', REF.NX, g('nx')),
    st('rb', REF.NY, g('ny')),
    st('rb', REF.POINT + RP.AX, g('ax0')),
    st('rb', REF.POINT + RP.AY, g('ay0')),
    st('rb', REF.POINT + RP.SEP, g('sep0')),
    st('rb', REF.POINT + RP.STRIDE + RP.AX, g('ax1')),
    st('rb', REF.POINT + RP.STRIDE + RP.AY, g('ay1')),
    st('rb', REF.POINT + RP.STRIDE + RP.SEP, g('sep1')),
  ];
  /** `id === oldId0 ? x0 : id === oldId1 ? x1 : 0` */
  const carried = (id, x0, x1) =>
    `(select ${g(x0)} (select ${g(x1)} ${k(0)} (i32.eq ${gi(id)} ${gi('oldId1')})) (i32.eq ${gi(id)} ${gi('oldId0')}))`;
  const point = (j) => {
    const o = C.POINT + j * C.POINT_STRIDE;
    return [
      st('d', o + P.RAX, sub(g(`ax${j}`), g('oAx'))),
      st('d', o + P.RAY, sub(g(`ay${j}`), g('oAy'))),
      st('d', o + P.RBX, sub(add(g(`ax${j}`), g('abx')), g('oBx'))),
      st('d', o + P.RBY, sub(add(g(`ay${j}`), g('aby')), g('oBy'))),
      st('d', o + P.SEP, g(`sep${j}`)),
      st('d', o + P.NORMAL_IMPULSE, carried(`id${j}`, 'ni0', 'ni1')),
      st('d', o + P.TANGENT_IMPULSE, carried(`id${j}`, 'ti0', 'ti1')),
      st('d', o + P.MAX_NORMAL_IMPULSE, k(0)),
      `(i32.store ${idAt(`contacts.id${j}`)} ${gi(`id${j}`)})`,
    ];
  };
  code.push(...point(0), `(if (i32.eq ${gi('count')} (i32.const 1)) (then (return)))`, ...point(1));
  const ints = ['c', 'bA', 'bB', 'count', 'id0', 'id1'];
  return `(func $updateManifold ${ints.map((p) => `(param $${p} i32)`).join(' ')} ${MANIFOLD.map((p) => `(param $${p} f64)`).join(' ')}
  ${S.decl([...ints, ...MANIFOLD])}
  ${code.join('\n  ')})`;
}

/** A double of the I/O record (IO) stored. */
const io = (off, e) => `(f64.store offset=${off * 8} (global.get $qio) ${e})`;

/**
 * The two bodies' poses (A's rotation qc, qs), `relative(xfA, xfB)` (rc, rs, rpx, rpy), the
 * shapes' records (oA, oB) and radii (rA, rB), for shapes sA, sB of bodies bA, bB; B is round,
 * A round too unless `quadA`, an i32 expression, says it is a quadrilateral.
 */
function relativeCode(S, quadA = '(i32.const 0)') {
  const set = S.set;
  const rec = (s) => `(i32.add (global.get $qd) (i32.mul ${gi(s)} (i32.const ${RECORD * 8})))`;
  return [
    set('pAx', f64at('bodies.px', gi('bA'))),
    set('pAy', f64at('bodies.py', gi('bA'))),
    set('qc', f64at('bodies.c', gi('bA'))),
    set('qs', f64at('bodies.s', gi('bA'))),
    set('pBx', f64at('bodies.px', gi('bB'))),
    set('pBy', f64at('bodies.py', gi('bB'))),
    set('qBc', f64at('bodies.c', gi('bB'))),
    set('qBs', f64at('bodies.s', gi('bB'))),
    set('dx', sub(g('pBx'), g('pAx'))),
    set('dy', sub(g('pBy'), g('pAy'))),
    set('rc', add(mul(g('qc'), g('qBc')), mul(g('qs'), g('qBs')))),
    set('rs', sub(mul(g('qc'), g('qBs')), mul(g('qs'), g('qBc')))),
    set('rpx', add(mul(g('qc'), g('dx')), mul(g('qs'), g('dy')))),
    set('rpy', add(mul(`(f64.neg ${g('qs')})`, g('dx')), mul(g('qc'), g('dy')))),
    S.seti('oA', rec('sA')),
    S.seti('oB', rec('sB')),
    set('rA', `(select ${f64at('quadCache.radius', gi('sA'))} ${ld('oA', ROUND.RADIUS)} ${quadA})`),
    set('rB', ld('oB', ROUND.RADIUS)),
  ];
}

/** B's point at record offsets (ox, oy) into A's frame through `relative`, as locals x, y. */
function toFrameA(S, x, y, ox, oy) {
  const set = S.set;
  return [
    set('x', ld('oB', ox)),
    set('y', ld('oB', oy)),
    set(x, add(sub(mul(g('rc'), g('x')), mul(g('rs'), g('y'))), g('rpx'))),
    set(y, add(add(mul(g('rs'), g('x')), mul(g('rc'), g('y'))), g('rpy'))),
  ];
}

/**
 * collideRound(kindA, sA, sB, bA, bB): the JS's collideCircles, collideCapsuleAndCircle and
 * collidePolygonAndCircle (a cached quadrilateral) of manifold.ts, operation for operation:
 * `relative`, `circleToFrameA`, then `pointsLocal` (from a circle's centre, the closest
 * point of a capsule's segment, or a polygon's vertex) or the polygon's face point. B is a
 * circle. Writes the manifold's doubles into the I/O record and returns collideQuads' word.
 */
function roundFunc() {
  const S = scope();
  const set = S.set;
  const seti = S.seti;
  const spec = k(SPECULATIVE_DISTANCE);
  /** `if (s > separation) { separation = s; edge = i; }` of polygonCircleLocal's loop, edge i. */
  const edge = (i) => [
    set(
      'si',
      add(
        mul(ld('oA', 8 + i), sub(g('cx'), ld('oA', i))),
        mul(ld('oA', 12 + i), sub(g('cy'), ld('oA', 4 + i))),
      ),
    ),
    seti('better', `(f64.gt ${g('si')} ${g('separation')})`),
    set('separation', `(select ${g('si')} ${g('separation')} ${gi('better')})`),
    seti('edge', `(select (i32.const ${i}) ${gi('edge')} ${gi('better')})`),
  ];
  /** Vertex or normal coordinate `off` (Q.VX ...) of the polygon's edge at i32 local `e`. */
  const qv = (off, e) =>
    `(f64.load offset=${off * 8} (i32.add ${gi('oA')} (i32.shl ${gi(e)} (i32.const 3))))`;
  const code = [
    ...relativeCode(S, `(i32.eq ${gi('kindA')} (i32.const ${KIND.QUAD}))`),
    // circleToFrameA(b)
    ...toFrameA(S, 'cx', 'cy', ROUND.X1, ROUND.Y1),
  ];
  const circle = [
    set('pax', ld('oA', ROUND.X1)),
    set('pay', ld('oA', ROUND.Y1)),
    set('fnx', k(1)),
    set('fny', k(0)),
  ];
  // segmentCircleLocal
  const capsule = [
    set('p1x', ld('oA', ROUND.X1)),
    set('p1y', ld('oA', ROUND.Y1)),
    set('ex', sub(ld('oA', ROUND.X2), g('p1x'))),
    set('ey', sub(ld('oA', ROUND.Y2), g('p1y'))),
    set('ee', add(mul(g('ex'), g('ex')), mul(g('ey'), g('ey')))),
    set(
      'u',
      `(f64.div ${add(mul(sub(g('cx'), g('p1x')), g('ex')), mul(sub(g('cy'), g('p1y')), g('ey')))} ${g('ee')})`,
    ),
    set(
      't',
      `(select (select ${k(0)} (f64.min ${g('u')} ${k(1)}) (f64.lt ${g('u')} ${k(0)})) ${k(0)} (f64.gt ${g('ee')} ${k(0)}))`,
    ),
    set('len', `(f64.sqrt ${g('ee')})`),
    seti('long', `(f64.gt ${g('len')} ${k(EPSILON)})`),
    set('pax', add(g('p1x'), mul(g('t'), g('ex')))),
    set('pay', add(g('p1y'), mul(g('t'), g('ey')))),
    set('fnx', `(select (f64.div (f64.neg ${g('ey')}) ${g('len')}) ${k(0)} ${gi('long')})`),
    set('fny', `(select (f64.div ${g('ex')} ${g('len')}) ${k(1)} ${gi('long')})`),
  ];
  // polygonCircleLocal on the quadrilateral's record (manifold.ts Q: VX 0, VY 4, NX 8, NY 12)
  const polygon = [
    set('radius', add(g('rA'), g('rB'))),
    set('separation', k(Number.NEGATIVE_INFINITY)),
    seti('edge', '(i32.const 0)'),
    ...edge(0),
    ...edge(1),
    ...edge(2),
    ...edge(3),
    `(if (f64.gt ${g('separation')} ${add(g('radius'), spec)}) (then (return (i32.const 0))))`,
    seti(
      'i2',
      `(select (i32.add ${gi('edge')} (i32.const 1)) (i32.const 0) (i32.lt_s (i32.add ${gi('edge')} (i32.const 1)) (i32.const 4)))`,
    ),
    set('v1x', qv(0, 'edge')),
    set('v1y', qv(4, 'edge')),
    set('v2x', qv(0, 'i2')),
    set('v2y', qv(4, 'i2')),
    set(
      'u1',
      add(
        mul(sub(g('cx'), g('v1x')), sub(g('v2x'), g('v1x'))),
        mul(sub(g('cy'), g('v1y')), sub(g('v2y'), g('v1y'))),
      ),
    ),
    set(
      'u2',
      add(
        mul(sub(g('cx'), g('v2x')), sub(g('v1x'), g('v2x'))),
        mul(sub(g('cy'), g('v2y')), sub(g('v1y'), g('v2y'))),
      ),
    ),
    set('fnx', qv(8, 'edge')),
    set('fny', qv(12, 'edge')),
    seti('v1', `(f64.lt ${g('u1')} ${k(0)})`),
    `(if (i32.and (i32.or ${gi('v1')} (f64.lt ${g('u2')} ${k(0)})) (f64.gt ${g('separation')} ${k(EPSILON)})) (then
      ${set('pax', `(select ${g('v1x')} ${g('v2x')} ${gi('v1')})`)}
      ${set('pay', `(select ${g('v1y')} ${g('v2y')} ${gi('v1')})`)}
      (br $points)))`,
    // the face region
    set('sep', sub(g('separation'), g('radius'))),
    `(if (f64.gt ${g('sep')} ${spec}) (then (return (i32.const 0))))`,
    set('nx', g('fnx')),
    set('ny', g('fny')),
    set('lx', add(g('cx'), mul(mul(k(0.5), sub(sub(g('rA'), g('rB')), g('separation'))), g('nx')))),
    set('ly', add(g('cy'), mul(mul(k(0.5), sub(sub(g('rA'), g('rB')), g('separation'))), g('ny')))),
    '(br $out)',
  ];
  // pointsLocal(0, xfA, m): from (pax, pay) with rA to the circle's centre with rB
  const points = [
    set('dx', sub(g('cx'), g('pax'))),
    set('dy', sub(g('cy'), g('pay'))),
    set('dist', `(f64.sqrt ${add(mul(g('dx'), g('dx')), mul(g('dy'), g('dy')))})`),
    set('sep', sub(sub(g('dist'), g('rA')), g('rB'))),
    `(if (f64.gt ${g('sep')} ${spec}) (then (return (i32.const 0))))`,
    seti('apart', `(f64.gt ${g('dist')} ${k(EPSILON)})`),
    set('nx', `(select (f64.div ${g('dx')} ${g('dist')}) ${g('fnx')} ${gi('apart')})`),
    set('ny', `(select (f64.div ${g('dy')} ${g('dist')}) ${g('fny')} ${gi('apart')})`),
    set('lx', mul(k(0.5), add(add(g('pax'), g('cx')), mul(sub(g('rA'), g('rB')), g('nx'))))),
    set('ly', mul(k(0.5), add(add(g('pay'), g('cy')), mul(sub(g('rA'), g('rB')), g('ny'))))),
  ];
  // setNormal and pushPoint (the point's separation was tested above)
  const out = [
    io(IO.NX, sub(mul(g('qc'), g('nx')), mul(g('qs'), g('ny')))),
    io(IO.NY, add(mul(g('qs'), g('nx')), mul(g('qc'), g('ny')))),
    io(IO.POINT, sub(mul(g('qc'), g('lx')), mul(g('qs'), g('ly')))),
    io(IO.POINT + 1, add(mul(g('qs'), g('lx')), mul(g('qc'), g('ly')))),
    io(IO.POINT + 2, g('sep')),
  ];
  const params = ['kindA', 'sA', 'sB', 'bA', 'bB'];
  return `(func $collideRound (export "collideRound") ${params.map((p) => `(param $${p} i32)`).join(' ')} (result i32)
  ${S.decl(params)}
  ${code.join('\n  ')}
  (block $out
    (block $points
      (if (i32.eq ${gi('kindA')} (i32.const ${KIND.CIRCLE})) (then ${circle.join(' ')} (br $points)))
      (if (i32.eq ${gi('kindA')} (i32.const ${KIND.CAPSULE})) (then ${capsule.join(' ')} (br $points)))
      ${polygon.join('\n      ')})
    ${points.join('\n    ')})
  ${out.join('\n  ')}
  (i32.const ${1 | NORMAL_BIT}))`;
}

/**
 * collideCapsules(sA, sB, bA, bB): the JS's collideCapsules (manifold.ts capsulesLocal with
 * segmentDistanceOf and clipToSlab), operation for operation: two points when the segments
 * overlap along their length and the clipped ends are near, else one between the closest
 * points. Writes the I/O record and returns collideQuads' word.
 */
function capsulesFunc() {
  const S = scope();
  const set = S.set;
  const seti = S.seti;
  const spec = k(SPECULATIVE_DISTANCE);
  const slop = k(LINEAR_SLOP);
  const min = (a, b) => `(f64.min ${a} ${b})`;
  const sel = (c, a, b) => `(select ${a} ${b} ${c})`;
  /** setNormal from (x, y) in A's frame. */
  const normal = (x, y) => [
    io(IO.NX, sub(mul(g('qc'), x), mul(g('qs'), y))),
    io(IO.NY, add(mul(g('qs'), x), mul(g('qc'), y))),
    seti('word', `(i32.or ${gi('word')} (i32.const ${NORMAL_BIT}))`),
  ];
  /** pushPoint of (x, y, sep) with id (an i32 constant). */
  const push = (
    x,
    y,
    sep,
    id,
  ) => `(if (i32.and (i32.eqz (f64.gt ${sep} ${spec})) (i32.lt_s ${gi('n')} (i32.const 2))) (then
      ${seti('p', `(i32.add (global.get $qio) (i32.mul ${gi('n')} (i32.const 24)))`)}
      ${st('p', IO.POINT, sub(mul(g('qc'), x), mul(g('qs'), y)))}
      ${st('p', IO.POINT + 1, add(mul(g('qs'), x), mul(g('qc'), y)))}
      ${st('p', IO.POINT + 2, sep)}
      ${seti('word', `(i32.or ${gi('word')} (i32.shl (i32.const ${id}) (i32.add (i32.const 2) (i32.mul ${gi('n')} (i32.const 12)))))`)}
      ${seti('n', `(i32.add ${gi('n')} (i32.const 1))`)}))`;
  /** clipToSlab of the segment (px, py)-(qx, qy) with coordinates fp, fq in [0, len]: into cpx ... cqy. */
  const clip = (px, py, qx, qy, fp, fq, len) => [
    seti('pLow', `(i32.and (f64.lt ${g(fp)} ${k(0)}) (f64.gt ${g(fq)} ${k(0)}))`),
    seti('qLow', `(i32.and (f64.lt ${g(fq)} ${k(0)}) (f64.gt ${g(fp)} ${k(0)}))`),
    seti('pHigh', `(i32.and (f64.gt ${g(fp)} ${g(len)}) (f64.lt ${g(fq)} ${g(len)}))`),
    seti('qHigh', `(i32.and (f64.gt ${g(fq)} ${g(len)}) (f64.lt ${g(fp)} ${g(len)}))`),
    set('tpLow', `(f64.div (f64.neg ${g(fp)}) ${sub(g(fq), g(fp))})`),
    set('tqLow', `(f64.div (f64.neg ${g(fq)}) ${sub(g(fp), g(fq))})`),
    set('tpHigh', `(f64.div ${sub(g(fp), g(len))} ${sub(g(fp), g(fq))})`),
    set('tqHigh', `(f64.div ${sub(g(fq), g(len))} ${sub(g(fq), g(fp))})`),
    set('tp', sel(gi('pHigh'), g('tpHigh'), g('tpLow'))),
    set('tq', sel(gi('qHigh'), g('tqHigh'), g('tqLow'))),
    seti('clipP', `(i32.or ${gi('pLow')} ${gi('pHigh')})`),
    seti('clipQ', `(i32.or ${gi('qLow')} ${gi('qHigh')})`),
    set('cpx', sel(gi('clipP'), add(g(px), mul(g('tp'), sub(g(qx), g(px)))), g(px))),
    set('cpy', sel(gi('clipP'), add(g(py), mul(g('tp'), sub(g(qy), g(py)))), g(py))),
    set('cqx', sel(gi('clipQ'), add(g(qx), mul(g('tq'), sub(g(px), g(qx)))), g(qx))),
    set('cqy', sel(gi('clipQ'), add(g(qy), mul(g('tq'), sub(g(py), g(qy)))), g(qy))),
  ];
  /** SAT on segment X's normal (nXx, nXy) against the other's ends e1, e2 (from origin o): sepX, refXx, refXy. */
  const side = (X, ox, oy, e1x, e1y, e2x, e2y) => [
    set(`${X}End1`, add(mul(sub(g(e1x), g(ox)), g(`n${X}x`)), mul(sub(g(e1y), g(oy)), g(`n${X}y`)))),
    set(`${X}End2`, add(mul(sub(g(e2x), g(ox)), g(`n${X}x`)), mul(sub(g(e2y), g(oy)), g(`n${X}y`)))),
    set(`sep${X}Pos`, min(g(`${X}End1`), g(`${X}End2`))),
    set(`sep${X}Neg`, min(`(f64.neg ${g(`${X}End1`)})`, `(f64.neg ${g(`${X}End2`)})`)),
    seti(`keep${X}`, `(f64.gt ${g(`sep${X}Pos`)} ${g(`sep${X}Neg`)})`),
    set(`sep${X}`, sel(gi(`keep${X}`), g(`sep${X}Pos`), g(`sep${X}Neg`))),
    set(`ref${X}x`, sel(gi(`keep${X}`), g(`n${X}x`), `(f64.neg ${g(`n${X}x`)})`)),
    set(`ref${X}y`, sel(gi(`keep${X}`), g(`n${X}y`), `(f64.neg ${g(`n${X}y`)})`)),
  ];
  /** The two clipped points on reference X (origin o), as capsulesLocal pushes them. */
  const twoPoints = (X, ox, oy, nx, ny, rFirst, rSecond, id2) => [
    set('sp', add(mul(sub(g('cpx'), g(ox)), g(`ref${X}x`)), mul(sub(g('cpy'), g(oy)), g(`ref${X}y`)))),
    set('sq', add(mul(sub(g('cqx'), g(ox)), g(`ref${X}x`)), mul(sub(g('cqy'), g(oy)), g(`ref${X}y`)))),
    `(if (i32.or (f64.le ${g('sp')} ${add(g('distance'), slop)}) (f64.le ${g('sq')} ${add(g('distance'), slop)})) (then
      ${normal(nx, ny).join(' ')}
      ${set('hp', mul(k(0.5), sub(sub(g(rFirst), g(rSecond)), g('sp'))))}
      ${set('hq', mul(k(0.5), sub(sub(g(rFirst), g(rSecond)), g('sq'))))}
      ${push(add(g('cpx'), mul(g('hp'), g(`ref${X}x`))), add(g('cpy'), mul(g('hp'), g(`ref${X}y`))), sub(g('sp'), g('radius')), 0)}
      ${push(add(g('cqx'), mul(g('hq'), g(`ref${X}x`))), add(g('cqy'), mul(g('hq'), g(`ref${X}y`))), sub(g('sq'), g('radius')), id2)}
      (br_if $done (i32.gt_s ${gi('n')} (i32.const 0)))))`,
  ];
  const code = [
    ...relativeCode(S),
    seti('n', '(i32.const 0)'),
    seti('word', '(i32.const 0)'),
    set('p1x', ld('oA', ROUND.X1)),
    set('p1y', ld('oA', ROUND.Y1)),
    set('q1x', ld('oA', ROUND.X2)),
    set('q1y', ld('oA', ROUND.Y2)),
    // capsuleToFrameA(b)
    ...toFrameA(S, 'p2x', 'p2y', ROUND.X1, ROUND.Y1),
    ...toFrameA(S, 'q2x', 'q2y', ROUND.X2, ROUND.Y2),
    ...segmentDistance(S),
    set('ex', sub(g('c2x'), g('c1x'))),
    set('ey', sub(g('c2y'), g('c1y'))),
    set('dsq', add(mul(g('ex'), g('ex')), mul(g('ey'), g('ey')))),
    set('radius', add(g('rA'), g('rB'))),
    set('maxDistance', add(g('radius'), spec)),
    `(if (f64.gt ${g('dsq')} ${mul(g('maxDistance'), g('maxDistance'))}) (then (return (i32.const 0))))`,
    set('distance', `(f64.sqrt ${g('dsq')})`),
    set('len1', `(f64.sqrt ${add(mul(g('d1x'), g('d1x')), mul(g('d1y'), g('d1y')))})`),
    set('len2', `(f64.sqrt ${add(mul(g('d2x'), g('d2x')), mul(g('d2y'), g('d2y')))})`),
    seti('long1', `(f64.gt ${g('len1')} ${k(EPSILON)})`),
    set('u1x', sel(gi('long1'), `(f64.div ${g('d1x')} ${g('len1')})`, k(1))),
    set('u1y', sel(gi('long1'), `(f64.div ${g('d1y')} ${g('len1')})`, k(0))),
  ];
  const overlap = [
    set('u2x', `(f64.div ${g('d2x')} ${g('len2')})`),
    set('u2y', `(f64.div ${g('d2y')} ${g('len2')})`),
    set('fp2', add(mul(sub(g('p2x'), g('p1x')), g('u1x')), mul(sub(g('p2y'), g('p1y')), g('u1y')))),
    set('fq2', add(mul(sub(g('q2x'), g('p1x')), g('u1x')), mul(sub(g('q2y'), g('p1y')), g('u1y')))),
    seti(
      'outsideA',
      `(i32.or (i32.and (f64.le ${g('fp2')} ${k(0)}) (f64.le ${g('fq2')} ${k(0)})) (i32.and (f64.ge ${g('fp2')} ${g('len1')}) (f64.ge ${g('fq2')} ${g('len1')})))`,
    ),
    set('fp1', add(mul(sub(g('p1x'), g('p2x')), g('u2x')), mul(sub(g('p1y'), g('p2y')), g('u2y')))),
    set('fq1', add(mul(sub(g('q1x'), g('p2x')), g('u2x')), mul(sub(g('q1y'), g('p2y')), g('u2y')))),
    seti(
      'outsideB',
      `(i32.or (i32.and (f64.le ${g('fp1')} ${k(0)}) (f64.le ${g('fq1')} ${k(0)})) (i32.and (f64.ge ${g('fp1')} ${g('len2')}) (f64.ge ${g('fq1')} ${g('len2')})))`,
    ),
    `(br_if $single (i32.or ${gi('outsideA')} ${gi('outsideB')}))`,
    set('nAx', `(f64.neg ${g('u1y')})`),
    set('nAy', g('u1x')),
    ...side('A', 'p1x', 'p1y', 'p2x', 'p2y', 'q2x', 'q2y'),
    set('nBx', `(f64.neg ${g('u2y')})`),
    set('nBy', g('u2x')),
    ...side('B', 'p2x', 'p2y', 'p1x', 'p1y', 'q1x', 'q1y'),
    `(if (f64.ge ${add(g('sepA'), k(0.1 * LINEAR_SLOP))} ${g('sepB')}) (then
      ${clip('p2x', 'p2y', 'q2x', 'q2y', 'fp2', 'fq2', 'len1').join(' ')}
      ${twoPoints('A', 'p1x', 'p1y', g('refAx'), g('refAy'), 'rA', 'rB', 1).join(' ')})
    (else
      ${clip('p1x', 'p1y', 'q1x', 'q1y', 'fp1', 'fq1', 'len2').join(' ')}
      ${twoPoints('B', 'p2x', 'p2y', `(f64.neg ${g('refBx')})`, `(f64.neg ${g('refBy')})`, 'rB', 'rA', 256).join(' ')}))`,
  ];
  // pointsLocal(makeFeatureId(i1, i2)) between the closest points
  const single = [
    seti(
      'id',
      `(i32.or (select (i32.const 0) (i32.const 256) (f64.eq ${g('f1')} ${k(0)})) (select (i32.const 0) (i32.const 1) (f64.eq ${g('f2')} ${k(0)})))`,
    ),
    set('sdx', sub(g('c2x'), g('c1x'))),
    set('sdy', sub(g('c2y'), g('c1y'))),
    set('dist', `(f64.sqrt ${add(mul(g('sdx'), g('sdx')), mul(g('sdy'), g('sdy')))})`),
    set('sep', sub(sub(g('dist'), g('rA')), g('rB'))),
    `(br_if $done (f64.gt ${g('sep')} ${spec}))`,
    seti('apart', `(f64.gt ${g('dist')} ${k(EPSILON)})`),
    set('nx', sel(gi('apart'), `(f64.div ${g('sdx')} ${g('dist')})`, `(f64.neg ${g('u1y')})`)),
    set('ny', sel(gi('apart'), `(f64.div ${g('sdy')} ${g('dist')})`, g('u1x'))),
    ...normal(g('nx'), g('ny')),
    set('lx', mul(k(0.5), add(add(g('c1x'), g('c2x')), mul(sub(g('rA'), g('rB')), g('nx'))))),
    set('ly', mul(k(0.5), add(add(g('c1y'), g('c2y')), mul(sub(g('rA'), g('rB')), g('ny'))))),
    // pushPoint with this pair's id (a local: push() takes a constant)
    `(if (i32.and (i32.eqz (f64.gt ${g('sep')} ${spec})) (i32.lt_s ${gi('n')} (i32.const 2))) (then
      ${seti('p', `(i32.add (global.get $qio) (i32.mul ${gi('n')} (i32.const 24)))`)}
      ${st('p', IO.POINT, sub(mul(g('qc'), g('lx')), mul(g('qs'), g('ly'))))}
      ${st('p', IO.POINT + 1, add(mul(g('qs'), g('lx')), mul(g('qc'), g('ly'))))}
      ${st('p', IO.POINT + 2, g('sep'))}
      ${seti('word', `(i32.or ${gi('word')} (i32.shl ${gi('id')} (i32.add (i32.const 2) (i32.mul ${gi('n')} (i32.const 12)))))`)}
      ${seti('n', `(i32.add ${gi('n')} (i32.const 1))`)}))`,
  ];
  const params = ['sA', 'sB', 'bA', 'bB'];
  return `(func $collideCapsules (export "collideCapsules") ${params.map((p) => `(param $${p} i32)`).join(' ')} (result i32)
  ${S.decl(params)}
  ${code.join('\n  ')}
  (block $done
    (block $single
      (br_if $single (i32.eqz (i32.and ${gi('long1')} (f64.gt ${g('len2')} ${k(EPSILON)}))))
      ${overlap.join('\n      ')})
    ${single.join('\n    ')})
  (i32.or ${gi('word')} ${gi('n')}))`;
}

/** collideBlock(start, end): narrow_phase.ts collideBlock over the pairs of two cached quadrilaterals, or a cached shape and a circle. */
function blockFunc() {
  cached = new Set(COLLIDE_ARRAYS);
  const S = scope();
  const set = S.set;
  const seti = S.seti;
  const spec = SPECULATIVE_DISTANCE + 0;
  const f = (ptr, off) => ld(ptr, off);
  /** `a < b` of two tight-box fields, the first widened by the speculative distance. */
  const apartAxis = (a, ao, b, bo) => `(f64.lt ${add(f(a, ao), k(spec))} ${f(b, bo)})`;
  const io = (off) => `(f64.load offset=${off * 8} (global.get $qio))`;
  const ioSt = (off, e) => `(f64.store offset=${off * 8} (global.get $qio) ${e})`;
  const skip = '(br $next)';
  /** The I/O record's transforms and A's radius, for collideQuads and collidePolygonCapsule. */
  const poses = [
    ioSt(IO.AX, f64at('bodies.px', gi('bA'))),
    ioSt(IO.AY, f64at('bodies.py', gi('bA'))),
    ioSt(IO.AC, f64at('bodies.c', gi('bA'))),
    ioSt(IO.AS, f64at('bodies.s', gi('bA'))),
    ioSt(IO.BX, f64at('bodies.px', gi('bB'))),
    ioSt(IO.BY, f64at('bodies.py', gi('bB'))),
    ioSt(IO.BC, f64at('bodies.c', gi('bB'))),
    ioSt(IO.BS, f64at('bodies.s', gi('bB'))),
    ioSt(IO.RA, f64at('quadCache.radius', gi('sA'))),
  ];
  const toList = `(i32.store ${at('list', gi('nl'), 2)} ${gi('i')}) ${seti('nl', `(i32.add ${gi('nl')} (i32.const 1))`)} ${skip}`;
  const body = [
    seti('c', i32at('awakeContacts', gi('i'))),
    seti('e', at('awakeContactPairs', gi('i'), 4)),
    seti('sA', '(i32.load (local.get $e))'),
    seti('sB', '(i32.load offset=4 (local.get $e))'),
    seti('fA', at('broadPhase.shapeFat', gi('sA'), 5)),
    seti('fB', at('broadPhase.shapeFat', gi('sB'), 5)),
    seti(
      'outside',
      `(i32.or (i32.or (f64.lt ${f('fA', 2)} ${f('fB', 0)}) (f64.lt ${f('fB', 2)} ${f('fA', 0)}))
        (i32.or (f64.lt ${f('fA', 3)} ${f('fB', 1)}) (f64.lt ${f('fB', 3)} ${f('fA', 1)})))`,
    ),
    `(i32.store8 ${at('collideStatus', gi('i'), 0)} ${gi('outside')})`,
    seti('result', `(i32.or ${gi('result')} ${gi('outside')})`),
    `(br_if $next ${gi('outside')})`,
    seti('wasTouching', `(i32.and (i32.load8_u ${at('contacts.flags', gi('c'), 0)}) (i32.const 1))`),
    seti('tA', at('shapes.box', gi('sA'), 5)),
    seti('tB', at('shapes.box', gi('sB'), 5)),
    seti(
      'apart',
      `(i32.or (i32.or ${apartAxis('tA', 2, 'tB', 0)} ${apartAxis('tB', 2, 'tA', 0)})
        (i32.or ${apartAxis('tA', 3, 'tB', 1)} ${apartAxis('tB', 3, 'tA', 1)}))`,
    ),
    `(br_if $next (i32.and ${gi('apart')} (i32.eqz ${gi('wasTouching')})))`,
    seti('kA', i32at('kind', gi('sA'))),
    seti('kB', i32at('kind', gi('sB'))),
    seti(
      'quad',
      `(i32.and (i32.eq ${gi('kA')} (i32.const ${KIND.QUAD})) (i32.eq ${gi('kB')} (i32.const ${KIND.QUAD})))`,
    ),
    // not two cached quadrilaterals, a cached shape and a circle, a quadrilateral and a
    // capsule, or two capsules: the JS's (the round tests only after the quad test failed:
    // the tumbler's box pairs skip them)
    `(if (i32.eqz ${gi('quad')}) (then
      ${seti('circleB', `(i32.and (i32.eq ${gi('kB')} (i32.const ${KIND.CIRCLE})) (i32.ne ${gi('kA')} (i32.const ${KIND.NONE})))`)}
      ${seti('quadCapsule', `(i32.and (i32.eq ${gi('kA')} (i32.const ${KIND.QUAD})) (i32.eq ${gi('kB')} (i32.const ${KIND.CAPSULE})))`)}
      (if (i32.eqz (i32.or (i32.or ${gi('circleB')} ${gi('quadCapsule')}) (i32.and (i32.eq ${gi('kA')} (i32.const ${KIND.CAPSULE})) (i32.eq ${gi('kB')} (i32.const ${KIND.CAPSULE}))))) (then ${toList}))))`,
    seti('bA', '(i32.load offset=8 (local.get $e))'),
    seti('bB', '(i32.load offset=12 (local.get $e))'),
    // reusesManifold: polygons only
    `(if (i32.and (i32.and (i32.eqz ${gi('apart')}) ${gi('wasTouching')}) ${gi('quad')}) (then
      (br_if $next (call $reuseManifold ${gi('c')} ${gi('bA')} ${gi('bB')} (i32.load ${at('contacts.pointCount', gi('c'), 2)})))))`,
    seti('n', '(i32.const 0)'),
    seti('id0', '(i32.const 0)'),
    seti('id1', '(i32.const 0)'),
    ...MANIFOLD.map((x) => set(x, k(0))),
    `(if (i32.eqz ${gi('apart')}) (then
      (if ${gi('quad')} (then
      ${poses.join('\n      ')}
      ${ioSt(IO.RB, f64at('quadCache.radius', gi('sB')))}
      ${seti('r', `(call $collideQuads ${gi('sA')} ${gi('sB')})`)})
      (else (if ${gi('circleB')}
        (then ${seti('r', `(call $collideRound ${gi('kA')} ${gi('sA')} ${gi('sB')} ${gi('bA')} ${gi('bB')})`)})
        (else (if ${gi('quadCapsule')}
          (then
            ${poses.join('\n            ')}
            ${ioSt(IO.RB, `(f64.load offset=${ROUND.RADIUS * 8} (i32.add (global.get $qd) (i32.mul ${gi('sB')} (i32.const ${RECORD * 8}))))`)}
            ${seti('r', `(call $collidePolygonCapsule ${gi('sA')} ${gi('sB')})`)})
          (else ${seti('r', `(call $collideCapsules ${gi('sA')} ${gi('sB')} ${gi('bA')} ${gi('bB')})`)}))))))
      ${seti('n', `(i32.and ${gi('r')} (i32.const 3))`)}
      (if (i32.and ${gi('r')} (i32.const ${NORMAL_BIT})) (then
        ${set('nx', io(IO.NX))}
        ${set('ny', io(IO.NY))}))
      (if (i32.gt_s ${gi('n')} (i32.const 0)) (then
        ${set('ax0', io(IO.POINT))}
        ${set('ay0', io(IO.POINT + 1))}
        ${set('sep0', io(IO.POINT + 2))}
        ${seti('id0', `(i32.and (i32.shr_s ${gi('r')} (i32.const 2)) (i32.const 4095))`)}))
      (if (i32.gt_s ${gi('n')} (i32.const 1)) (then
        ${set('ax1', io(IO.POINT + 3))}
        ${set('ay1', io(IO.POINT + 4))}
        ${set('sep1', io(IO.POINT + 5))}
        ${seti('id1', `(i32.and (i32.shr_s ${gi('r')} (i32.const 14)) (i32.const 4095))`)}))))`,
    seti('touching', `(i32.gt_s ${gi('n')} (i32.const 0))`),
    `(if (i32.or ${gi('wasTouching')} ${gi('touching')}) (then
      (call $updateManifold ${gi('c')} ${gi('bA')} ${gi('bB')} ${gi('n')} ${gi('id0')} ${gi('id1')} ${MANIFOLD.map(g).join(' ')})))`,
    // Changed (2) when it began or stopped touching
    seti('changed', `(i32.shl (i32.ne ${gi('touching')} ${gi('wasTouching')}) (i32.const 1))`),
    `(i32.store8 ${at('collideStatus', gi('i'), 0)} ${gi('changed')})`,
    seti('result', `(i32.or ${gi('result')} ${gi('changed')})`),
  ];
  const code = [
    ...COLLIDE_ARRAYS.map((p) => seti(`at_${p.replace('.', '_')}`, `(global.get ${G[p]})`)),
    seti('result', '(i32.const 0)'),
    seti('nl', gi('start')),
    seti('i', gi('start')),
    `(block $done (loop $each
      (br_if $done (i32.ge_s ${gi('i')} ${gi('end')}))
      (block $next
        ${body.join('\n        ')})
      ${seti('i', `(i32.add ${gi('i')} (i32.const 1))`)}
      (br $each)))`,
  ];
  cached = new Set();
  return `(func (export "collideBlock") (param $start i32) (param $end i32) (result i32)
  ${S.decl(['start', 'end'])}
  ${code.join('\n  ')}
  (i32.or ${gi('result')} (i32.shl (i32.sub ${gi('nl')} ${gi('start')}) (i32.const 2))))`;
}

/**
 * The collide module: the box pair (kernel_collide_wat.mjs) and the block, on the contact
 * kernel's memory (env.memory). A module of its own beside the two contact kernels (f64x2
 * and scalar), which would each carry a copy of this scalar code.
 */
export function collideModuleWat() {
  return `(module
  (import "env" "memory" (memory 1))
  ${collideWat()}
  ${polygonCapsuleWat(ROUND)}
  ${collideBlockWat()})`;
}

/** The globals (set by `setCollideBlockLayout`) and functions of the collide block. */
function collideBlockWat() {
  const globals = COLLIDE_ARRAYS.map((p) => G[p]);
  return `;; the collide block (kernel_collide_block_wat.mjs)
  ${globals.map((x) => `(global ${x} (mut i32) (i32.const 0))`).join(' ')}
  (func (export "setCollideBlockLayout") ${globals.map(() => '(param i32)').join(' ')}
    ${globals.map((x, i) => `(global.set ${x} (local.get ${i}))`).join(' ')})
  ${reuseFunc()}
  ${updateFunc()}
  ${roundFunc()}
  ${capsulesFunc()}
  ${blockFunc()}`;
}
