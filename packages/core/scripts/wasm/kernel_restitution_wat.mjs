/**
 * The restitution stage in the kernel (docs/parallel-step.md, "The kernel's narrow phase on
 * the helpers"): `restitution(start, end, threshold)` is src/dynamics/contact_solver.ts
 * applyContactRestitution over constraints [start, end), operation for operation, on the
 * kernel's body state, constraint data and meta (kernel_wat.mjs's $st, $kd, $km). The
 * threshold comes as an argument: the stage runs once a step, a few calls.
 */

import { K, Q, S } from './kernel_layout.mjs';

const F = [
  'threshold',
  'e',
  'nx',
  'ny',
  'mA',
  'iA',
  'mB',
  'iB',
  'vax',
  'vay',
  'wa',
  'vbx',
  'vby',
  'wb',
  'approach',
  'rax',
  'ray',
  'rbx',
  'rby',
  'dvx',
  'dvy',
  'vn',
  'old',
  'acc',
  'impulse',
  'max',
  'px',
  'py',
];
const I = ['start', 'end', 'i', 'base', 'm', 'oa', 'ob', 'n', 'j', 'p'];

const g = (x) => `(local.get $${x})`;
const set = (x, e) => `(local.set $${x} ${e})`;
const ld = (ptr, off) => `(f64.load offset=${off * 8} ${g(ptr)})`;
const st = (ptr, off, e) => `(f64.store offset=${off * 8} ${g(ptr)} ${e})`;
const add = (a, b) => `(f64.add ${a} ${b})`;
const sub = (a, b) => `(f64.sub ${a} ${b})`;
const mul = (a, b) => `(f64.mul ${a} ${b})`;

/** The restitution function, for the kernel module (kernel_wat.mjs). */
export function restitutionWat() {
  const locals = [
    ...I.slice(2).map((x) => `(local $${x} i32)`),
    ...F.slice(1).map((x) => `(local $${x} f64)`),
  ].join(' ');
  const point = [
    set('approach', ld('p', Q.RELATIVE_VELOCITY)),
    // approach > -threshold || maxNormalImpulse === 0: no bounce
    `(br_if $skip (i32.or (f64.gt ${g('approach')} (f64.neg ${g('threshold')})) (f64.eq ${ld('p', Q.MAX_NORMAL_IMPULSE)} (f64.const 0))))`,
    set('rax', ld('p', Q.RAX)),
    set('ray', ld('p', Q.RAY)),
    set('rbx', ld('p', Q.RBX)),
    set('rby', ld('p', Q.RBY)),
    set('dvx', sub(sub(g('vbx'), mul(g('wb'), g('rby'))), sub(g('vax'), mul(g('wa'), g('ray'))))),
    set('dvy', sub(add(g('vby'), mul(g('wb'), g('rbx'))), add(g('vay'), mul(g('wa'), g('rax'))))),
    set('vn', add(mul(g('dvx'), g('nx')), mul(g('dvy'), g('ny')))),
    set('old', ld('p', Q.NORMAL_IMPULSE)),
    set('acc', sub(g('old'), mul(ld('p', Q.NORMAL_MASS), add(g('vn'), mul(g('e'), g('approach')))))),
    `(if (f64.lt ${g('acc')} (f64.const 0)) (then ${set('acc', '(f64.const 0)')}))`,
    set('impulse', sub(g('acc'), g('old'))),
    st('p', Q.NORMAL_IMPULSE, g('acc')),
    set('max', ld('p', Q.MAX_NORMAL_IMPULSE)),
    st(
      'p',
      Q.MAX_NORMAL_IMPULSE,
      `(select ${g('impulse')} ${g('max')} (f64.gt ${g('impulse')} ${g('max')}))`,
    ),
    set('px', mul(g('impulse'), g('nx'))),
    set('py', mul(g('impulse'), g('ny'))),
    set('vax', sub(g('vax'), mul(g('mA'), g('px')))),
    set('vay', sub(g('vay'), mul(g('mA'), g('py')))),
    set('wa', sub(g('wa'), mul(g('iA'), sub(mul(g('rax'), g('py')), mul(g('ray'), g('px')))))),
    set('vbx', add(g('vbx'), mul(g('mB'), g('px')))),
    set('vby', add(g('vby'), mul(g('mB'), g('py')))),
    set('wb', add(g('wb'), mul(g('iB'), sub(mul(g('rbx'), g('py')), mul(g('rby'), g('px')))))),
  ];
  const body = [
    set('base', `(i32.add (global.get $kd) (i32.mul ${g('i')} (i32.const ${K.STRIDE * 8})))`),
    set('e', ld('base', K.RESTITUTION)),
    `(br_if $next (f64.eq ${g('e')} (f64.const 0)))`,
    set('m', `(i32.add (global.get $km) (i32.shl ${g('i')} (i32.const 4)))`),
    set('oa', `(i32.add (global.get $st) (i32.shl (i32.load ${g('m')}) (i32.const 3)))`),
    set('ob', `(i32.add (global.get $st) (i32.shl (i32.load offset=4 ${g('m')}) (i32.const 3)))`),
    set('n', `(i32.and (i32.load offset=8 ${g('m')}) (i32.const 3))`),
    set('nx', ld('base', K.NX)),
    set('ny', ld('base', K.NY)),
    set('mA', ld('base', K.MA)),
    set('iA', ld('base', K.IA)),
    set('mB', ld('base', K.MB)),
    set('iB', ld('base', K.IB)),
    set('vax', ld('oa', S.VX)),
    set('vay', ld('oa', S.VY)),
    set('wa', ld('oa', S.W)),
    set('vbx', ld('ob', S.VX)),
    set('vby', ld('ob', S.VY)),
    set('wb', ld('ob', S.W)),
    set('j', '(i32.const 0)'),
    set('p', `(i32.add ${g('base')} (i32.const ${K.POINT * 8}))`),
    `(block $points (loop $point
      (br_if $points (i32.ge_s ${g('j')} ${g('n')}))
      (block $skip
        ${point.join('\n        ')})
      ${set('j', `(i32.add ${g('j')} (i32.const 1))`)}
      ${set('p', `(i32.add ${g('p')} (i32.const ${K.POINT_STRIDE * 8}))`)}
      (br $point)))`,
    st('oa', S.VX, g('vax')),
    st('oa', S.VY, g('vay')),
    st('oa', S.W, g('wa')),
    st('ob', S.VX, g('vbx')),
    st('ob', S.VY, g('vby')),
    st('ob', S.W, g('wb')),
  ];
  return `;; restitution (kernel_restitution_wat.mjs)
  (func (export "restitution") (param $start i32) (param $end i32) (param $threshold f64)
    ${locals}
    ${set('i', g('start'))}
    (block $done (loop $each
      (br_if $done (i32.ge_s ${g('i')} ${g('end')}))
      (block $next
        ${body.join('\n        ')})
      ${set('i', `(i32.add ${g('i')} (i32.const 1))`)}
      (br $each))))`;
}
