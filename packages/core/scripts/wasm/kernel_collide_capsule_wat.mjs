/**
 * A cached quadrilateral against a capsule in the WebAssembly kernel (docs/wasm-kernel.md,
 * "Polygon-capsule pairs, round bodies' finish and restitution in the kernel"):
 * `collidePolygonCapsule`, the arithmetic of
 * src/collision/manifold.ts `collidePolygonAndCapsule` (`relative`,
 * `capsulePolygonInFrameA` with `completeTwoGon`, then `polygonsLocal`: both
 * `findMaxSeparation`s, `polygonsFromSeparation` with `findIncidentEdge`, the vertex-vertex
 * case and `clipPolygons`), operation for operation in the same order, f64 only, so that its
 * manifold is the JS's bits. The spinner's most common pair the kernel listed for the JS.
 *
 * Inputs as collideQuads' (kernel_collide_wat.mjs): A's record in the quad cache, the I/O
 * record's transforms and radii (RB the capsule's); B's record is the capsule's (the
 * collide block's round record, its offsets `round`). The capsule's 2-gon in A's frame goes
 * to the I/O record's LOCAL_B as a quadrilateral record of two vertices (slots 0 and 1).
 * Returns collideQuads' word.
 */

import {
  add,
  better,
  clipFunc,
  EPSILON,
  extreme,
  g,
  gt,
  IO,
  k,
  ld,
  ldi,
  lt,
  mul,
  neg,
  Q,
  scope,
  SPECULATIVE_DISTANCE,
  sel,
  st,
  sub,
  TENTH_SLOP,
  vertexVertex,
} from './kernel_collide_wat.mjs';

/** `collidePolygonCapsule(sa, sb)`: quadrilateral shape sa (A) against capsule shape sb (B). */
function polygonCapsuleFunc(round) {
  const S = scope();
  const set = S.set;
  const seti = S.seti;
  const io = 'io';
  const code = [
    seti('qa', `(i32.add (global.get $qd) (i32.mul ${g('sa')} (i32.const ${Q.SIZE * 8})))`),
    seti('ob', `(i32.add (global.get $qd) (i32.mul ${g('sb')} (i32.const ${Q.SIZE * 8})))`),
    seti(io, '(global.get $qio)'),
    seti('lb', `(i32.add ${g(io)} (i32.const ${IO.LOCAL_B * 8}))`),
    // relative(xfA, xfB)
    set('c', ld(io, IO.AC)),
    set('s', ld(io, IO.AS)),
    set('dx', sub(ld(io, IO.BX), ld(io, IO.AX))),
    set('dy', sub(ld(io, IO.BY), ld(io, IO.AY))),
    set('rc', add(mul(g('c'), ld(io, IO.BC)), mul(g('s'), ld(io, IO.BS)))),
    set('rs', sub(mul(g('c'), ld(io, IO.BS)), mul(g('s'), ld(io, IO.BC)))),
    set('rpx', add(mul(g('c'), g('dx')), mul(g('s'), g('dy')))),
    set('rpy', add(mul(neg(g('s')), g('dx')), mul(g('c'), g('dy')))),
  ];
  // capsulePolygonInFrameA: the segment's ends through `rel`, then completeTwoGon
  const end = (j, ox, oy) => [
    set('x', ld('ob', ox)),
    set('y', ld('ob', oy)),
    set(`bx${j}`, add(sub(mul(g('rc'), g('x')), mul(g('rs'), g('y'))), g('rpx'))),
    set(`by${j}`, add(add(mul(g('rs'), g('x')), mul(g('rc'), g('y'))), g('rpy'))),
  ];
  code.push(
    ...end(0, round.X1, round.Y1),
    ...end(1, round.X2, round.Y2),
    set('ex', sub(g('bx1'), g('bx0'))),
    set('ey', sub(g('by1'), g('by0'))),
    set('len', `(f64.sqrt ${add(mul(g('ex'), g('ex')), mul(g('ey'), g('ey')))})`),
    seti('long', gt(g('len'), k(EPSILON))),
    set('ux', sel(g('long'), `(f64.div ${g('ex')} ${g('len')})`, k(1))),
    set('uy', sel(g('long'), `(f64.div ${g('ey')} ${g('len')})`, k(0))),
    set('bnx0', g('uy')),
    set('bny0', neg(g('ux'))),
    set('bnx1', neg(g('uy'))),
    set('bny1', g('ux')),
  );
  for (let i = 0; i < 4; i++) code.push(set(`ax${i}`, ld('qa', Q.VX + i)), set(`ay${i}`, ld('qa', Q.VY + i)));
  // findMaxSeparation(A, 2-gon), then (2-gon, A)
  code.push(set('sepA', k(Number.NEGATIVE_INFINITY)), seti('edgeA', '(i32.const 0)'));
  for (let e = 0; e < 4; e++) {
    code.push(set('nx', ld('qa', Q.NX + e)), set('ny', ld('qa', Q.NY + e)));
    const dots = [0, 1].map((i) =>
      add(mul(g('nx'), sub(g(`bx${i}`), g(`ax${e}`))), mul(g('ny'), sub(g(`by${i}`), g(`ay${e}`)))),
    );
    code.push(...extreme(S, 'si', dots, true), ...better(S, 'sepA', 'edgeA', e));
  }
  code.push(set('sepB', k(Number.NEGATIVE_INFINITY)), seti('edgeB', '(i32.const 0)'));
  for (let e = 0; e < 2; e++) {
    const dots = [0, 1, 2, 3].map((i) =>
      add(mul(g(`bnx${e}`), sub(g(`ax${i}`), g(`bx${e}`))), mul(g(`bny${e}`), sub(g(`ay${i}`), g(`by${e}`)))),
    );
    code.push(...extreme(S, 'si', dots, true), ...better(S, 'sepB', 'edgeB', e));
  }
  // polygonsFromSeparation
  code.push(
    set('radius', add(ld(io, IO.RA), ld(io, IO.RB))),
    `(if (i32.or ${gt(g('sepA'), add(k(SPECULATIVE_DISTANCE), g('radius')))} ${gt(g('sepB'), add(k(SPECULATIVE_DISTANCE), g('radius')))}) (then (return (i32.const 0))))`,
  );
  for (let i = 0; i < 2; i++) {
    code.push(
      st('lb', Q.VX + i, g(`bx${i}`)),
      st('lb', Q.VY + i, g(`by${i}`)),
      st('lb', Q.NX + i, g(`bnx${i}`)),
      st('lb', Q.NY + i, g(`bny${i}`)),
    );
  }
  code.push(
    seti('flip', gt(g('sepB'), add(g('sepA'), k(TENTH_SLOP)))),
    // findIncidentEdge(2-gon, A, edgeA): the 2-gon's normal most anti-parallel to A's
    set('rnx', ldi('qa', Q.NX, g('edgeA'))),
    set('rny', ldi('qa', Q.NY, g('edgeA'))),
    set('minDot', k(Number.POSITIVE_INFINITY)),
    seti('inc', '(i32.const 0)'),
  );
  for (let i = 0; i < 2; i++) {
    code.push(
      set('d', add(mul(g('rnx'), g(`bnx${i}`)), mul(g('rny'), g(`bny${i}`)))),
      seti('less', lt(g('d'), g('minDot'))),
      set('minDot', sel(g('less'), g('d'), g('minDot'))),
      seti('inc', `(select (i32.const ${i}) ${g('inc')} ${g('less')})`),
    );
  }
  const ra = ld(io, IO.RA);
  const rb = ld(io, IO.RB);
  code.push(
    seti(
      'iA',
      `(select (call $incidentQuadEdge ${g('qa')} ${ldi('lb', Q.NX, g('edgeB'))} ${ldi('lb', Q.NY, g('edgeB'))}) ${g('edgeA')} ${g('flip')})`,
    ),
    seti('iB', `(select ${g('edgeB')} ${g('inc')} ${g('flip')})`),
    `(if (i32.or ${gt(g('sepA'), k(TENTH_SLOP))} ${gt(g('sepB'), k(TENTH_SLOP))}) (then
      ${vertexVertex(S, 2).join('\n      ')}))`,
    `(if ${g('flip')}
    (then (return (call $clipCapsuleQuad ${g('lb')} ${g('qa')} ${rb} ${ra} ${g('iB')} ${g('iA')} (i32.const 1) ${g('c')} ${g('s')} ${g(io)}))))`,
    `(call $clipQuadCapsule ${g('qa')} ${g('lb')} ${ra} ${rb} ${g('iA')} ${g('iB')} (i32.const 0) ${g('c')} ${g('s')} ${g(io)})`,
  );
  return `(func $collidePolygonCapsule (export "collidePolygonCapsule") (param $sa i32) (param $sb i32) (result i32)
  ${S.decl(['sa', 'sb'])}
  ${code.join('\n  ')})`;
}

/**
 * The pair's functions for the collide module, beside collideWat's (whose globals and
 * $incidentQuadEdge they use); `round`: the capsule record's offsets in doubles.
 */
export function polygonCapsuleWat(round) {
  return `;; a quadrilateral against a capsule (kernel_collide_capsule_wat.mjs)
  ${clipFunc('clipQuadCapsule', 4, 2)}
  ${clipFunc('clipCapsuleQuad', 2, 4)}
  ${polygonCapsuleFunc(round)}`;
}
