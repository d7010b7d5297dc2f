/**
 * The narrow phase's quadrilateral pair in the WebAssembly kernel (docs/wasm-kernel.md,
 * "The collide block in the kernel"): `collideQuads`, the arithmetic of
 * src/collision/manifold.ts `quadsLocal` with the `clipQuads` / `incidentQuadEdge` it calls
 * and `polygonsFromSeparation`'s separated case, operation for operation in the same order,
 * f64 only, so that its manifold is the JS's bits. The collide module
 * (kernel_collide_block_wat.mjs) holds these functions and their globals.
 *
 * Inputs: the two shapes' quadrilateral records in the world's quad cache (placed in the
 * kernel memory, at `$qd`, 17 doubles a shape) and the I/O record at `$qio` (IO below: the
 * two transforms and radii in, the manifold's doubles out, B's quadrilateral in A's frame
 * as scratch). The result is an int32 (no double crosses the call): bits 0-1 the point
 * count, 2-13 and 14-25 the points' feature ids, bit 26 set when the normal was written.
 * `Math.min`/`Math.max` are `f64.min`/`f64.max` (the same NaN and -0 rules); every `?:`
 * and comparison-driven update is a `select` on the JS's comparison.
 */

/** The I/O record, in doubles (mirrored by src/wasm/contact_kernel.ts). */
export const IO = {
  AX: 0,
  AY: 1,
  AC: 2,
  AS: 3,
  BX: 4,
  BY: 5,
  BC: 6,
  BS: 7,
  RA: 8,
  RB: 9,
  NX: 10,
  NY: 11,
  /** Point k's ax, ay, sep at POINT + 3k. */
  POINT: 12,
  /** B's quadrilateral in A's frame (a Q record). */
  LOCAL_B: 24,
  SIZE: 41,
};

/** A quadrilateral record (manifold.ts Q). */
export const Q = { VX: 0, VY: 4, NX: 8, NY: 12, ALIGNED: 16, SIZE: 17 };

// manifold.ts's constants, as the JS computes them
export const LINEAR_SLOP = 0.005;
export const SPECULATIVE_DISTANCE = 4 * LINEAR_SLOP;
export const TENTH_SLOP = 0.1 * LINEAR_SLOP;
export const EPSILON = 1e-12;

/** A double as an exact WAT hexadecimal literal. */
export function hex(x) {
  if (x === 0) return Object.is(x, -0) ? '-0x0p+0' : '0x0p+0';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  const hi = b.getUint32(0);
  const lo = b.getUint32(4);
  const sign = hi >>> 31 ? '-' : '';
  const exp = (hi >>> 20) & 0x7ff;
  const mant = ((BigInt(hi & 0xfffff) << 32n) | BigInt(lo)).toString(16).padStart(13, '0');
  if (exp === 0) return `${sign}0x0.${mant}p-1022`;
  return `${sign}0x1.${mant}p${exp - 1023}`;
}

export const k = (x) => `(f64.const ${hex(x)})`;
export const g = (x) => `(local.get $${x})`;
export const add = (a, b) => `(f64.add ${a} ${b})`;
export const sub = (a, b) => `(f64.sub ${a} ${b})`;
export const mul = (a, b) => `(f64.mul ${a} ${b})`;
export const neg = (a) => `(f64.neg ${a})`;
export const lt = (a, b) => `(f64.lt ${a} ${b})`;
export const gt = (a, b) => `(f64.gt ${a} ${b})`;
/** c ? a : b */
export const sel = (c, a, b) => `(select ${a} ${b} ${c})`;

/** The locals a generated body sets, declared by `decl`. */
export function scope() {
  const floats = new Set();
  const ints = new Set();
  return {
    set(x, e) {
      floats.add(x);
      return `(local.set $${x} ${e})`;
    },
    seti(x, e) {
      ints.add(x);
      return `(local.set $${x} ${e})`;
    },
    decl(params = []) {
      const p = new Set(params);
      return [
        ...[...floats].filter((x) => !p.has(x)).map((x) => `(local $${x} f64)`),
        ...[...ints].filter((x) => !p.has(x)).map((x) => `(local $${x} i32)`),
      ].join(' ');
    },
  };
}

/** A double of a record at pointer local `ptr` + `off` doubles. */
export const ld = (ptr, off) => `(f64.load offset=${off * 8} (local.get $${ptr}))`;
/** A double at pointer local `ptr` + `off` doubles + 8 × the i32 expression `idx`. */
export const ldi = (ptr, off, idx) =>
  `(f64.load offset=${off * 8} (i32.add (local.get $${ptr}) (i32.shl ${idx} (i32.const 3))))`;
export const st = (ptr, off, e) => `(f64.store offset=${off * 8} (local.get $${ptr}) ${e})`;

/** min4 / max4: from ±Infinity, each value taken when strictly below (above) the running one. */
export function extreme(S, out, xs, less) {
  const code = [S.set(out, k(less ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY))];
  for (const x of xs)
    code.push(S.set('t', x), S.set(out, sel((less ? lt : gt)(g('t'), g(out)), g('t'), g(out))));
  return code;
}

/** `if (si > sep) { sep = si; edge = e; }` */
export function better(S, sep, edge, e) {
  return [
    S.seti('better', gt(g('si'), g(sep))),
    S.set(sep, sel(g('better'), g('si'), g(sep))),
    S.seti(edge, `(select (i32.const ${e}) ${g(edge)} ${g('better')})`),
  ];
}

/** incidentQuadEdge(q, ...) with the reference normal (nx, ny): the edge of q's normals most anti-parallel. */
function incidentFunc() {
  const S = scope();
  const code = [S.set('minDot', k(Number.POSITIVE_INFINITY)), S.seti('best', '(i32.const 0)')];
  for (let i = 0; i < 4; i++) {
    code.push(
      S.set('d', add(mul(g('nx'), ld('q', Q.NX + i)), mul(g('ny'), ld('q', Q.NY + i)))),
      S.seti('less', lt(g('d'), g('minDot'))),
      S.set('minDot', sel(g('less'), g('d'), g('minDot'))),
      S.seti('best', `(select (i32.const ${i}) ${g('best')} ${g('less')})`),
    );
  }
  return `(func $incidentQuadEdge (param $q i32) (param $nx f64) (param $ny f64) (result i32)
  ${S.decl()}
  ${code.join('\n  ')}
  ${g('best')})`;
}

/** makeFeatureId(a, b) of two edge indices (0-3). */
const featureId = (a, b) => `(i32.or (i32.shl ${a} (i32.const 8)) ${b})`;

/**
 * clipQuads: clips the incident edge i21 -> i22 of record q2 against the side planes of
 * the reference edge i11 -> i12 of record q1 (`flip`: q1 is B), writes the normal and the
 * points (pushPoint) into the I/O record and returns the result word. `name` and the
 * records' vertex counts n1, n2 (clipPolygons' wrap): a capsule's 2-gon is a record with
 * two vertices (kernel_collide_capsule_wat.mjs).
 */
export function clipFunc(name = 'clipQuads', n1 = 4, n2 = 4) {
  const S = scope();
  const v = (q, off, i) => ldi(q, off, g(i));
  const code = [
    S.seti(
      'i12',
      `(select (i32.add ${g('i11')} (i32.const 1)) (i32.const 0) (i32.lt_s (i32.add ${g('i11')} (i32.const 1)) (i32.const ${n1})))`,
    ),
    S.seti(
      'i22',
      `(select (i32.add ${g('i21')} (i32.const 1)) (i32.const 0) (i32.lt_s (i32.add ${g('i21')} (i32.const 1)) (i32.const ${n2})))`,
    ),
    S.set('nx', v('q1', Q.NX, 'i11')),
    S.set('ny', v('q1', Q.NY, 'i11')),
    S.set('v11x', v('q1', Q.VX, 'i11')),
    S.set('v11y', v('q1', Q.VY, 'i11')),
    S.set('v12x', v('q1', Q.VX, 'i12')),
    S.set('v12y', v('q1', Q.VY, 'i12')),
    S.set('v21x', v('q2', Q.VX, 'i21')),
    S.set('v21y', v('q2', Q.VY, 'i21')),
    S.set('v22x', v('q2', Q.VX, 'i22')),
    S.set('v22y', v('q2', Q.VY, 'i22')),
    S.set('tx', neg(g('ny'))),
    S.set('ty', g('nx')),
    S.set('upper1', add(mul(sub(g('v12x'), g('v11x')), g('tx')), mul(sub(g('v12y'), g('v11y')), g('ty')))),
    S.set('upper2', add(mul(sub(g('v21x'), g('v11x')), g('tx')), mul(sub(g('v21y'), g('v11y')), g('ty')))),
    S.set('lower2', add(mul(sub(g('v22x'), g('v11x')), g('tx')), mul(sub(g('v22y'), g('v11y')), g('ty')))),
    S.set('span', sub(g('upper2'), g('lower2'))),
    S.set('tL', `(f64.min (f64.div ${neg(g('lower2'))} ${g('span')}) ${k(1)})`),
    S.set('tU', `(f64.max (f64.div ${sub(g('upper1'), g('lower2'))} ${g('span')}) ${k(0)})`),
    S.set('clippedLx', add(g('v22x'), mul(g('tL'), sub(g('v21x'), g('v22x'))))),
    S.set('clippedLy', add(g('v22y'), mul(g('tL'), sub(g('v21y'), g('v22y'))))),
    S.set('clippedUx', add(g('v22x'), mul(g('tU'), sub(g('v21x'), g('v22x'))))),
    S.set('clippedUy', add(g('v22y'), mul(g('tU'), sub(g('v21y'), g('v22y'))))),
    S.seti('wide', gt(g('span'), k(EPSILON))),
    S.seti('clipL', `(i32.and ${g('wide')} ${lt(g('lower2'), k(0))})`),
    S.seti('clipU', `(i32.and ${g('wide')} ${gt(g('upper2'), g('upper1'))})`),
    S.set('lx', sel(g('clipL'), g('clippedLx'), g('v22x'))),
    S.set('ly', sel(g('clipL'), g('clippedLy'), g('v22y'))),
    S.set('ux', sel(g('clipU'), g('clippedUx'), g('v21x'))),
    S.set('uy', sel(g('clipU'), g('clippedUy'), g('v21y'))),
    S.set('sepL', add(mul(sub(g('lx'), g('v11x')), g('nx')), mul(sub(g('ly'), g('v11y')), g('ny')))),
    S.set('sepU', add(mul(sub(g('ux'), g('v11x')), g('nx')), mul(sub(g('uy'), g('v11y')), g('ny')))),
    S.set('radius', add(g('r1'), g('r2'))),
    S.set('hL', mul(k(0.5), sub(sub(g('r1'), g('r2')), g('sepL')))),
    S.set('hU', mul(k(0.5), sub(sub(g('r1'), g('r2')), g('sepU')))),
    S.set('lx', add(g('lx'), mul(g('hL'), g('nx')))),
    S.set('ly', add(g('ly'), mul(g('hL'), g('ny')))),
    S.set('ux', add(g('ux'), mul(g('hU'), g('nx')))),
    S.set('uy', add(g('uy'), mul(g('hU'), g('ny')))),
    // setNormal of (nx, ny), or of (-nx, -ny) when flipped
    S.set('nnx', sel(g('flip'), neg(g('nx')), g('nx'))),
    S.set('nny', sel(g('flip'), neg(g('ny')), g('ny'))),
    st('io', IO.NX, sub(mul(g('c'), g('nnx')), mul(g('s'), g('nny')))),
    st('io', IO.NY, add(mul(g('s'), g('nnx')), mul(g('c'), g('nny')))),
    // the two points in the order pushed: lower then upper, or upper then lower when flipped
    S.set('x0', sel(g('flip'), g('ux'), g('lx'))),
    S.set('y0', sel(g('flip'), g('uy'), g('ly'))),
    S.set('sep0', sel(g('flip'), sub(g('sepU'), g('radius')), sub(g('sepL'), g('radius')))),
    S.seti('id0', `(select ${featureId(g('i21'), g('i12'))} ${featureId(g('i11'), g('i22'))} ${g('flip')})`),
    S.set('x1', sel(g('flip'), g('lx'), g('ux'))),
    S.set('y1', sel(g('flip'), g('ly'), g('uy'))),
    S.set('sep1', sel(g('flip'), sub(g('sepL'), g('radius')), sub(g('sepU'), g('radius')))),
    S.seti('id1', `(select ${featureId(g('i22'), g('i11'))} ${featureId(g('i12'), g('i21'))} ${g('flip')})`),
    S.seti('n', '(i32.const 0)'),
    S.seti('word', `(i32.const ${1 << 26})`),
    ...[0, 1].map((j) => push(S, `x${j}`, `y${j}`, `sep${j}`, `id${j}`)),
  ];
  const params = ['q1', 'q2', 'r1', 'r2', 'i11', 'i21', 'flip', 'c', 's', 'io'];
  return `(func $${name} (param $q1 i32) (param $q2 i32) (param $r1 f64) (param $r2 f64) (param $i11 i32) (param $i21 i32) (param $flip i32) (param $c f64) (param $s f64) (param $io i32) (result i32)
  ${S.decl(params)}
  ${code.join('\n  ')}
  (i32.or ${g('word')} ${g('n')}))`;
}

/** pushPoint: the point (A's frame) rotated into world orientation unless beyond the speculative distance (at most two are pushed here). */
function push(S, x, y, sep, id) {
  return `(if ${`(i32.eqz ${gt(g(sep), k(SPECULATIVE_DISTANCE))})`} (then
    ${S.set('wx', sub(mul(g('c'), g(x)), mul(g('s'), g(y))))}
    ${S.set('wy', add(mul(g('s'), g(x)), mul(g('c'), g(y))))}
    ${S.seti('p', `(i32.add ${g('io')} (i32.mul ${g('n')} (i32.const 24)))`)}
    ${st('p', IO.POINT, g('wx'))}
    ${st('p', IO.POINT + 1, g('wy'))}
    ${st('p', IO.POINT + 2, g(sep))}
    ${S.seti('word', `(i32.or ${g('word')} (i32.shl ${g(id)} (i32.add (i32.const 2) (i32.mul ${g('n')} (i32.const 12)))))`)}
    ${S.seti('n', `(i32.add ${g('n')} (i32.const 1))`)}))`;
}

// collision/distance.ts's constants
const DEGENERATE_SQ = 1e-24;
const PARALLEL_SIN_SQ = 1e-14;

/** `x < 0 ? 0 : x > 1 ? 1 : x` */
const clamp01 = (x) => sel(lt(x, k(0)), k(0), sel(gt(x, k(1)), k(1), x));

/**
 * collision/distance.ts segmentDistanceOf, operation for operation: from the locals p1x ...
 * q2y (segments p1-q1 and p2-q2), the fractions f1, f2 and the closest points c1x ... c2y.
 */
export function segmentDistance(S) {
  const set = S.set;
  return [
    set('d1x', sub(g('q1x'), g('p1x'))),
    set('d1y', sub(g('q1y'), g('p1y'))),
    set('d2x', sub(g('q2x'), g('p2x'))),
    set('d2y', sub(g('q2y'), g('p2y'))),
    set('rx', sub(g('p1x'), g('p2x'))),
    set('ry', sub(g('p1y'), g('p2y'))),
    set('dd1', add(mul(g('d1x'), g('d1x')), mul(g('d1y'), g('d1y')))),
    set('dd2', add(mul(g('d2x'), g('d2x')), mul(g('d2y'), g('d2y')))),
    set('rd1', add(mul(g('rx'), g('d1x')), mul(g('ry'), g('d1y')))),
    set('rd2', add(mul(g('rx'), g('d2x')), mul(g('ry'), g('d2y')))),
    set('d12', add(mul(g('d1x'), g('d2x')), mul(g('d1y'), g('d2y')))),
    set('denom', sub(mul(g('dd1'), g('dd2')), mul(g('d12'), g('d12')))),
    set('f1ToStart2', clamp01(`(f64.div ${neg(g('rd1'))} ${g('dd1')})`)),
    set('f1ToEnd2', clamp01(`(f64.div ${sub(g('d12'), g('rd1'))} ${g('dd1')})`)),
    set('f2ToStart1', clamp01(`(f64.div ${g('rd2')} ${g('dd2')})`)),
    set(
      'f1Free',
      sel(
        gt(g('denom'), mul(mul(k(PARALLEL_SIN_SQ), g('dd1')), g('dd2'))),
        clamp01(`(f64.div ${sub(mul(g('d12'), g('rd2')), mul(g('rd1'), g('dd2')))} ${g('denom')})`),
        k(0),
      ),
    ),
    set('f2Free', `(f64.div ${add(mul(g('d12'), g('f1Free')), g('rd2'))} ${g('dd2')})`),
    S.seti('point1', lt(g('dd1'), k(DEGENERATE_SQ))),
    S.seti('point2', lt(g('dd2'), k(DEGENERATE_SQ))),
    set(
      'f1',
      sel(
        g('point1'),
        k(0),
        sel(
          g('point2'),
          g('f1ToStart2'),
          sel(lt(g('f2Free'), k(0)), g('f1ToStart2'), sel(gt(g('f2Free'), k(1)), g('f1ToEnd2'), g('f1Free'))),
        ),
      ),
    ),
    set(
      'f2',
      sel(g('point1'), sel(g('point2'), k(0), g('f2ToStart1')), sel(g('point2'), k(0), clamp01(g('f2Free')))),
    ),
    set('c1x', add(g('p1x'), mul(g('f1'), g('d1x')))),
    set('c1y', add(g('p1y'), mul(g('f1'), g('d1y')))),
    set('c2x', add(g('p2x'), mul(g('f2'), g('d2x')))),
    set('c2y', add(g('p2y'), mul(g('f2'), g('d2y')))),
  ];
}

/**
 * polygonsFromSeparation's vertex-vertex case for edges iA of A (record qa) and iB of B (lb,
 * of nB vertices): segmentDistanceOf of the two edges, operation for operation; when both
 * closest points are vertices at a distance above 0, returns from the pair's function with
 * the one point (or none, beyond the speculative distance), else falls through to the clip.
 */
export function vertexVertex(S, nB = 4) {
  const set = S.set;
  const next = (i, n) =>
    `(select (i32.add ${g(i)} (i32.const 1)) (i32.const 0) (i32.lt_s (i32.add ${g(i)} (i32.const 1)) (i32.const ${n})))`;
  return [
    S.seti('j12', next('iA', 4)),
    S.seti('j22', next('iB', nB)),
    set('p1x', ldi('qa', Q.VX, g('iA'))),
    set('p1y', ldi('qa', Q.VY, g('iA'))),
    set('q1x', ldi('qa', Q.VX, g('j12'))),
    set('q1y', ldi('qa', Q.VY, g('j12'))),
    set('p2x', ldi('lb', Q.VX, g('iB'))),
    set('p2y', ldi('lb', Q.VY, g('iB'))),
    set('q2x', ldi('lb', Q.VX, g('j22'))),
    set('q2y', ldi('lb', Q.VY, g('j22'))),
    ...segmentDistance(S),
    set('ex', sub(g('c2x'), g('c1x'))),
    set('ey', sub(g('c2y'), g('c1y'))),
    set('dist', `(f64.sqrt ${add(mul(g('ex'), g('ex')), mul(g('ey'), g('ey')))})`),
    `(if (i32.and (i32.and
        (i32.or (f64.eq ${g('f1')} ${k(0)}) (f64.eq ${g('f1')} ${k(1)}))
        (i32.or (f64.eq ${g('f2')} ${k(0)}) (f64.eq ${g('f2')} ${k(1)})))
        ${gt(g('dist'), k(0))}) (then
      (if ${gt(sub(g('dist'), g('radius')), k(SPECULATIVE_DISTANCE))} (then (return (i32.const 0))))
      ${set('vnx', `(f64.div ${sub(g('c2x'), g('c1x'))} ${g('dist')})`)}
      ${set('vny', `(f64.div ${sub(g('c2y'), g('c1y'))} ${g('dist')})`)}
      ${st('io', IO.NX, sub(mul(g('c'), g('vnx')), mul(g('s'), g('vny'))))}
      ${st('io', IO.NY, add(mul(g('s'), g('vnx')), mul(g('c'), g('vny'))))}
      ${set('rab', sub(ld('io', IO.RA), ld('io', IO.RB)))}
      ${set('vx', mul(k(0.5), add(add(g('c1x'), g('c2x')), mul(g('rab'), g('vnx')))))}
      ${set('vy', mul(k(0.5), add(add(g('c1y'), g('c2y')), mul(g('rab'), g('vny')))))}
      ${st('io', IO.POINT, sub(mul(g('c'), g('vx')), mul(g('s'), g('vy'))))}
      ${st('io', IO.POINT + 1, add(mul(g('s'), g('vx')), mul(g('c'), g('vy'))))}
      ${st('io', IO.POINT + 2, sub(g('dist'), g('radius')))}
      (return (i32.or (i32.const ${(1 << 26) | 1})
        (i32.shl (i32.or (i32.shl (select ${g('iA')} ${g('j12')} (f64.eq ${g('f1')} ${k(0)})) (i32.const 8))
          (select ${g('iB')} ${g('j22')} (f64.eq ${g('f2')} ${k(0)}))) (i32.const 2))))))`,
  ];
}

/** `collideQuads`: quadsLocal for the cached quadrilaterals of shapes sa (A) and sb (B). */
function quadsFunc() {
  const S = scope();
  const io = 'io';
  const tb = (x, y, px, py) => [
    add(sub(mul(g('rc'), x), mul(g('rs'), y)), px),
    add(add(mul(g('rs'), x), mul(g('rc'), y)), py),
  ];
  const code = [
    S.seti('qa', `(i32.add (global.get $qd) (i32.mul ${g('sa')} (i32.const ${Q.SIZE * 8})))`),
    S.seti('qb', `(i32.add (global.get $qd) (i32.mul ${g('sb')} (i32.const ${Q.SIZE * 8})))`),
    S.seti(io, '(global.get $qio)'),
    S.seti('lb', `(i32.add ${g(io)} (i32.const ${IO.LOCAL_B * 8}))`),
    S.set('c', ld(io, IO.AC)),
    S.set('s', ld(io, IO.AS)),
    S.set('dx', sub(ld(io, IO.BX), ld(io, IO.AX))),
    S.set('dy', sub(ld(io, IO.BY), ld(io, IO.AY))),
    S.set('rc', add(mul(g('c'), ld(io, IO.BC)), mul(g('s'), ld(io, IO.BS)))),
    S.set('rs', sub(mul(g('c'), ld(io, IO.BS)), mul(g('s'), ld(io, IO.BC)))),
    S.set('rpx', add(mul(g('c'), g('dx')), mul(g('s'), g('dy')))),
    S.set('rpy', add(mul(neg(g('s')), g('dx')), mul(g('c'), g('dy')))),
  ];
  for (let i = 0; i < 4; i++) {
    const [x, y] = tb(ld('qb', Q.VX + i), ld('qb', Q.VY + i), g('rpx'), g('rpy'));
    code.push(S.set(`bx${i}`, x), S.set(`by${i}`, y));
  }
  for (let i = 0; i < 4; i++)
    code.push(S.set(`ax${i}`, ld('qa', Q.VX + i)), S.set(`ay${i}`, ld('qa', Q.VY + i)));
  const bx = [0, 1, 2, 3].map((i) => g(`bx${i}`));
  const by = [0, 1, 2, 3].map((i) => g(`by${i}`));
  // findMaxSeparation(a, localB): the aligned box's shortcut, else the four dot products
  const aligned = [
    ...extreme(S, 'minX', bx, true),
    ...extreme(S, 'maxX', bx, false),
    ...extreme(S, 'minY', by, true),
    ...extreme(S, 'maxY', by, false),
    S.set('si', neg(sub(g('maxY'), g('ay0')))),
    ...better(S, 'sepA', 'edgeA', 0),
    S.set('si', sub(g('minX'), g('ax1'))),
    ...better(S, 'sepA', 'edgeA', 1),
    S.set('si', sub(g('minY'), g('ay2'))),
    ...better(S, 'sepA', 'edgeA', 2),
    S.set('si', neg(sub(g('maxX'), g('ax3')))),
    ...better(S, 'sepA', 'edgeA', 3),
  ];
  const general = [];
  for (let e = 0; e < 4; e++) {
    general.push(S.set('nx', ld('qa', Q.NX + e)), S.set('ny', ld('qa', Q.NY + e)));
    const dots = [0, 1, 2, 3].map((i) =>
      add(mul(g('nx'), sub(g(`bx${i}`), g(`ax${e}`))), mul(g('ny'), sub(g(`by${i}`), g(`ay${e}`)))),
    );
    general.push(...extreme(S, 'si', dots, true), ...better(S, 'sepA', 'edgeA', e));
  }
  code.push(
    S.set('sepA', k(Number.NEGATIVE_INFINITY)),
    S.seti('edgeA', '(i32.const 0)'),
    `(if (f64.eq ${ld('qa', Q.ALIGNED)} ${k(1)}) (then ${aligned.join('\n    ')}) (else ${general.join('\n    ')}))`,
    S.set('radius', add(ld(io, IO.RA), ld(io, IO.RB))),
    `(if ${gt(g('sepA'), add(k(SPECULATIVE_DISTANCE), g('radius')))} (then (return (i32.const 0))))`,
  );
  for (let i = 0; i < 4; i++) {
    code.push(
      S.set(`bnx${i}`, sub(mul(g('rc'), ld('qb', Q.NX + i)), mul(g('rs'), ld('qb', Q.NY + i)))),
      S.set(`bny${i}`, add(mul(g('rs'), ld('qb', Q.NX + i)), mul(g('rc'), ld('qb', Q.NY + i)))),
    );
  }
  code.push(S.set('sepB', k(Number.NEGATIVE_INFINITY)), S.seti('edgeB', '(i32.const 0)'));
  for (let e = 0; e < 4; e++) {
    const dots = [0, 1, 2, 3].map((i) =>
      add(mul(g(`bnx${e}`), sub(g(`ax${i}`), g(`bx${e}`))), mul(g(`bny${e}`), sub(g(`ay${i}`), g(`by${e}`)))),
    );
    code.push(...extreme(S, 'si', dots, true), ...better(S, 'sepB', 'edgeB', e));
  }
  code.push(`(if ${gt(g('sepB'), add(k(SPECULATIVE_DISTANCE), g('radius')))} (then (return (i32.const 0))))`);
  for (let i = 0; i < 4; i++) {
    code.push(
      st('lb', Q.VX + i, g(`bx${i}`)),
      st('lb', Q.VY + i, g(`by${i}`)),
      st('lb', Q.NX + i, g(`bnx${i}`)),
      st('lb', Q.NY + i, g(`bny${i}`)),
    );
  }
  const ra = ld(io, IO.RA);
  const rb = ld(io, IO.RB);
  // polygonsFromSeparation: the reference face (a small bias towards A) and the incident edge
  code.push(
    S.seti('flip', gt(g('sepB'), add(g('sepA'), k(TENTH_SLOP)))),
    S.seti(
      'iA',
      `(select (call $incidentQuadEdge ${g('qa')} ${ldi('lb', Q.NX, g('edgeB'))} ${ldi('lb', Q.NY, g('edgeB'))}) ${g('edgeA')} ${g('flip')})`,
    ),
    S.seti(
      'iB',
      `(select ${g('edgeB')} (call $incidentQuadEdge ${g('lb')} ${ldi('qa', Q.NX, g('edgeA'))} ${ldi('qa', Q.NY, g('edgeA'))}) ${g('flip')})`,
    ),
    // apart but near: a vertex-vertex pair has the normal along the line joining them
    `(if (i32.or ${gt(g('sepA'), k(TENTH_SLOP))} ${gt(g('sepB'), k(TENTH_SLOP))}) (then
      ${vertexVertex(S).join('\n      ')}))`,
    `(if ${g('flip')}
    (then (return (call $clipQuads ${g('lb')} ${g('qa')} ${rb} ${ra} ${g('iB')} ${g('iA')} (i32.const 1) ${g('c')} ${g('s')} ${g(io)}))))`,
    `(call $clipQuads ${g('qa')} ${g('lb')} ${ra} ${rb} ${g('iA')} ${g('iB')} (i32.const 0) ${g('c')} ${g('s')} ${g(io)})`,
  );
  return `(func $collideQuads (export "collideQuads") (param $sa i32) (param $sb i32) (result i32)
  ${S.decl(['sa', 'sb'])}
  ${code.join('\n  ')})`;
}

/** The globals (set by `setCollideLayout`) and functions of the box pair, for the collide module. */
export function collideWat() {
  return `;; the narrow phase (kernel_collide_wat.mjs): the quad cache's records and the I/O record
  (global $qd (mut i32) (i32.const 0))
  (global $qio (mut i32) (i32.const 0))
  (func (export "setCollideLayout") (param i32 i32)
    (global.set $qd (local.get 0)) (global.set $qio (local.get 1)))
  ${incidentFunc()}
  ${clipFunc()}
  ${quadsFunc()}`;
}
