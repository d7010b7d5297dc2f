/**
 * The restitution pass in the kernel (docs/wasm-kernel.md, "Polygon-capsule pairs, round
 * bodies' finish and restitution in the kernel"): `restitution(start, end, threshold)` is
 * src/dynamics/contact_solver.ts `applyContactRestitution` over the prepared constraints
 * [start, end), operation for operation (f64, `?:` as select), so that its velocities and
 * impulses are the JS's bits. The sweeps' globals ($st, $kd, $km: kernel_wat.mjs) say where
 * the body state, the constraint data and meta are; `threshold` is
 * settings.restitutionThreshold.
 */

import { add, g, k, ld, mul, neg, scope, sel, st, sub } from './kernel_collide_wat.mjs';
import { K, Q, S } from './kernel_layout.mjs';

/** Point j of the constraint at `base`: its restitution impulse unless it approached slowly or never pushed. */
function point(X, j) {
  const set = X.set;
  const p = `p${j}`;
  const code = [
    set('approach', ld(p, Q.RELATIVE_VELOCITY)),
    set('rax', ld(p, Q.RAX)),
    set('ray', ld(p, Q.RAY)),
    set('rbx', ld(p, Q.RBX)),
    set('rby', ld(p, Q.RBY)),
    set('dvx', sub(sub(g('vbx'), mul(g('wb'), g('rby'))), sub(g('vax'), mul(g('wa'), g('ray'))))),
    set('dvy', sub(add(g('vby'), mul(g('wb'), g('rbx'))), add(g('vay'), mul(g('wa'), g('rax'))))),
    set('vn', add(mul(g('dvx'), g('nx')), mul(g('dvy'), g('ny')))),
    set('old', ld(p, Q.NORMAL_IMPULSE)),
    set('acc', sub(g('old'), mul(ld(p, Q.NORMAL_MASS), add(g('vn'), mul(g('e'), g('approach')))))),
    set('acc', sel(`(f64.lt ${g('acc')} ${k(0)})`, k(0), g('acc'))),
    set('impulse', sub(g('acc'), g('old'))),
    st(p, Q.NORMAL_IMPULSE, g('acc')),
    set('max', ld(p, Q.MAX_NORMAL_IMPULSE)),
    st(p, Q.MAX_NORMAL_IMPULSE, sel(`(f64.gt ${g('impulse')} ${g('max')})`, g('impulse'), g('max'))),
    set('px', mul(g('impulse'), g('nx'))),
    set('py', mul(g('impulse'), g('ny'))),
    set('vax', sub(g('vax'), mul(g('mA'), g('px')))),
    set('vay', sub(g('vay'), mul(g('mA'), g('py')))),
    set('wa', sub(g('wa'), mul(g('iA'), sub(mul(g('rax'), g('py')), mul(g('ray'), g('px')))))),
    set('vbx', add(g('vbx'), mul(g('mB'), g('px')))),
    set('vby', add(g('vby'), mul(g('mB'), g('py')))),
    set('wb', add(g('wb'), mul(g('iB'), sub(mul(g('rbx'), g('py')), mul(g('rby'), g('px')))))),
  ];
  // `approach > -threshold || max === 0`: skipped
  return `(if (i32.eqz (i32.or (f64.gt ${ld(p, Q.RELATIVE_VELOCITY)} ${neg(g('threshold'))})
      (f64.eq ${ld(p, Q.MAX_NORMAL_IMPULSE)} ${k(0)}))) (then
      ${code.join('\n      ')}))`;
}

/** The `restitution` export, for the sweeps' module. */
export function restitutionWat() {
  const X = scope();
  const seti = X.seti;
  const set = X.set;
  const vel = [
    ['vax', 'oa', S.VX],
    ['vay', 'oa', S.VY],
    ['wa', 'oa', S.W],
    ['vbx', 'ob', S.VX],
    ['vby', 'ob', S.VY],
    ['wb', 'ob', S.W],
  ];
  const body = [
    seti('base', `(i32.add (global.get $kd) (i32.mul ${g('i')} (i32.const ${K.STRIDE * 8})))`),
    set('e', ld('base', K.RESTITUTION)),
    `(br_if $next (f64.eq ${g('e')} ${k(0)}))`,
    seti('m', `(i32.add (global.get $km) (i32.shl ${g('i')} (i32.const 4)))`),
    seti('oa', `(i32.add (global.get $st) (i32.shl (i32.load (local.get $m)) (i32.const 3)))`),
    seti('ob', `(i32.add (global.get $st) (i32.shl (i32.load offset=4 (local.get $m)) (i32.const 3)))`),
    seti('count', '(i32.and (i32.load offset=8 (local.get $m)) (i32.const 3))'),
    set('nx', ld('base', K.NX)),
    set('ny', ld('base', K.NY)),
    set('mA', ld('base', K.MA)),
    set('iA', ld('base', K.IA)),
    set('mB', ld('base', K.MB)),
    set('iB', ld('base', K.IB)),
    ...vel.map(([x, o, off]) => set(x, ld(o, off))),
    seti('p0', `(i32.add ${g('base')} (i32.const ${K.POINT * 8}))`),
    seti('p1', `(i32.add ${g('p0')} (i32.const ${K.POINT_STRIDE * 8}))`),
    `(if (i32.gt_u ${g('count')} (i32.const 0)) (then ${point(X, 0)}))`,
    `(if (i32.gt_u ${g('count')} (i32.const 1)) (then ${point(X, 1)}))`,
    ...vel.map(([x, o, off]) => st(o, off, g(x))),
  ];
  const params = ['start', 'end', 'threshold', 'i'];
  return `;; the restitution pass (kernel_restitution_wat.mjs)
  (func (export "restitution") (param $start i32) (param $end i32) (param $threshold f64)
  ${X.decl(params)} (local $i i32)
  (local.set $i (local.get $start))
  (block $done (loop $each
    (br_if $done (i32.ge_s (local.get $i) (local.get $end)))
    (block $next
      ${body.join('\n      ')})
    (local.set $i (i32.add (local.get $i) (i32.const 1)))
    (br $each))))`;
}
