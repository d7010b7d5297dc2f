/**
 * The kernel's stages beside the sweeps (docs/wasm-kernel.md, "More stages"): prepare
 * contacts and store impulses of src/dynamics/contact_solver.ts (prepareContactRange,
 * storeImpulses), as WAT text for kernel_wat.mjs's module, operation for operation in the
 * JS's order (f64 only, `?:` as select), so that they write the JS's bits.
 *
 * Besides the sweeps' arrays they read the contact records (ContactStore.data) and the
 * bodies' inverse masses and inertias, which the kernel places in its memory too
 * (src/wasm/contact_kernel.ts); their byte offsets are set by `setStagesLayout`. A body's
 * index is its state offset in the meta (body * 8) over 8, so its inverse mass is at
 * byte `$im + meta offset`.
 */

import { C, K, P, Q, S } from './kernel_layout.mjs';

// Layouts, as contact_solver.ts's enums: C (contact record), P (its point), K, Q (the
// prepared constraint and its point) and S (body state), all in kernel_layout.mjs.
/** BodyType.Dynamic (types/body_def.ts). */
const DYNAMIC = 2;

/**
 * The prepare stage's doubles, after the sweeps' three in the parameter record at `$kp`
 * (src/wasm/contact_kernel.ts fills them): the contact and static softness (bias rate,
 * mass scale, impulse scale each), the approach limit and the warm-start factor (0 or 1).
 */
export const PREPARE_PARAMS = 3;
export const PREPARE_PARAM_COUNT = 8;
/**
 * The body stages' doubles, after the prepare stage's: the sub-step, gravity (x, y), the
 * linear speed limit and the two angular ones (on entry, after the solve).
 */
export const BODY_PARAMS = PREPARE_PARAMS + PREPARE_PARAM_COUNT;
const BODY_PARAM_NAMES = ['h', 'gx', 'gy', 'maxLinear', 'maxAngular', 'maxSolvedAngular'];
export const BODY_PARAM_COUNT = BODY_PARAM_NAMES.length;

const f = (x) => `(local.get $${x})`;
const ld = (ptr, off) => `(f64.load offset=${off * 8} (local.get $${ptr}))`;
const st = (ptr, off, e) => `(f64.store offset=${off * 8} (local.get $${ptr}) ${e})`;
const set = (x, e) => `(local.set $${x} ${e})`;
const add = (a, b) => `(f64.add ${a} ${b})`;
const sub = (a, b) => `(f64.sub ${a} ${b})`;
const mul = (a, b) => `(f64.mul ${a} ${b})`;

/** The body columns the body stages read, in `setStagesLayout`'s order after the contact records. */
const BODY_COLUMNS = [
  'invMass',
  'invInertia',
  'awakeBodies',
  'type',
  'mass',
  'gravityScale',
  'linearDamping',
  'angularDamping',
  'fx',
  'fy',
  'torque',
];
/** Their globals, by column. */
const G = Object.fromEntries(BODY_COLUMNS.map((c) => [c, `$b_${c}`]));

/**
 * The arrays `setStagesLayout` takes the byte offsets of, in its order, as paths from the
 * world's state: written into src/wasm/contact_kernel_bytes.ts by gen_bytes.mjs, where the
 * runtime places them in the kernel memory and hands their offsets over in this order.
 */
export const STAGE_ARRAYS = [
  'contacts.data',
  ...BODY_COLUMNS.map((c) => (c === 'awakeBodies' ? c : `bodies.${c}`)),
];

/** The module's globals for these stages: byte offsets of the contact records and body columns. */
export function stagesGlobals() {
  const all = ['$cd', ...BODY_COLUMNS.map((c) => G[c])];
  return `${all.map((g) => `(global ${g} (mut i32) (i32.const 0))`).join(' ')}
  (func (export "setStagesLayout") ${all.map(() => '(param i32)').join(' ')}
    ${all.map((g, i) => `(global.set ${g} (local.get ${i}))`).join(' ')})`;
}

/** One point q (0 or 1) of the prepare stage: prepareContactRange's inner loop body. */
function preparePoint(q) {
  const src = `src${q}`;
  const p = `p${q}`;
  const kMass = (name, ra, rb) => [
    set(
      name,
      add(add(add(f('mA'), f('mB')), mul(mul(f('iA'), f(ra)), f(ra))), mul(mul(f('iB'), f(rb)), f(rb))),
    ),
  ];
  return [
    set(src, `(i32.add (local.get $cb) (i32.const ${(C.POINT + q * C.POINT_STRIDE) * 8}))`),
    set(p, `(i32.add (local.get $base) (i32.const ${(K.POINT + q * K.POINT_STRIDE) * 8}))`),
    set('rax', ld(src, P.RAX)),
    set('ray', ld(src, P.RAY)),
    set('rbx', ld(src, P.RBX)),
    set('rby', ld(src, P.RBY)),
    st(p, Q.RAX, f('rax')),
    st(p, Q.RAY, f('ray')),
    st(p, Q.RBX, f('rbx')),
    st(p, Q.RBY, f('rby')),
    st(
      p,
      Q.BASE_SEP,
      sub(ld(src, P.SEP), add(mul(sub(f('rbx'), f('rax')), f('nx')), mul(sub(f('rby'), f('ray')), f('ny')))),
    ),
    st(p, Q.NORMAL_IMPULSE, mul(f('warm'), ld(src, P.NORMAL_IMPULSE))),
    st(p, Q.TANGENT_IMPULSE, mul(f('warm'), ld(src, P.TANGENT_IMPULSE))),
    st(p, Q.MAX_NORMAL_IMPULSE, '(f64.const 0)'),
    set('rnA', sub(mul(f('rax'), f('ny')), mul(f('ray'), f('nx')))),
    set('rnB', sub(mul(f('rbx'), f('ny')), mul(f('rby'), f('nx')))),
    ...kMass('kn', 'rnA', 'rnB'),
    st(
      p,
      Q.NORMAL_MASS,
      `(select (f64.div (f64.const 1) ${f('kn')}) (f64.const 0) (f64.gt ${f('kn')} (f64.const 0)))`,
    ),
    // tangent = (ny, -nx)
    set('rtA', sub(mul(f('rax'), '(f64.neg (local.get $nx))'), mul(f('ray'), f('ny')))),
    set('rtB', sub(mul(f('rbx'), '(f64.neg (local.get $nx))'), mul(f('rby'), f('ny')))),
    ...kMass('kt', 'rtA', 'rtB'),
    st(
      p,
      Q.TANGENT_MASS,
      `(select (f64.div (f64.const 1) ${f('kt')}) (f64.const 0) (f64.gt ${f('kt')} (f64.const 0)))`,
    ),
    set('dvx', sub(sub(f('vbx'), mul(f('wb'), f('rby'))), sub(f('vax'), mul(f('wa'), f('ray'))))),
    set('dvy', sub(add(f('vby'), mul(f('wb'), f('rbx'))), add(f('vay'), mul(f('wa'), f('rax'))))),
    set('rv', add(mul(f('dvx'), f('nx')), mul(f('dvy'), f('ny')))),
    st(p, Q.RELATIVE_VELOCITY, f('rv')),
    // PreparedFlag.FAST unless faster than the limit (NaN: FAST, as the JS's `>`)
    `(local.set $found (i32.or (local.get $found) (select (i32.const 0) (i32.const 1) (f64.gt ${f('rv')} ${f('approach')}))))`,
  ];
}

/**
 * `prepare(start, end)`: constraints [start, end) written from their contacts and the
 * bodies' velocities (prepareContactRange); returns its PreparedFlag bits.
 */
export function prepareFunc() {
  const doubles = [
    'cRate',
    'cMass',
    'cImpulse',
    'sRate',
    'sMass',
    'sImpulse',
    'approach',
    'warm',
    'nx',
    'ny',
    'mA',
    'iA',
    'mB',
    'iB',
    'restitution',
    'vax',
    'vay',
    'wa',
    'vbx',
    'vby',
    'wb',
    'rax',
    'ray',
    'rbx',
    'rby',
    'rnA',
    'rnB',
    'rtA',
    'rtB',
    'kn',
    'kt',
    'dvx',
    'dvy',
    'rv',
  ];
  const ints = [
    'n',
    'm',
    'oa',
    'ob',
    'sa',
    'sb',
    'count',
    'base',
    'cb',
    'static',
    'found',
    'src0',
    'p0',
    'src1',
    'p1',
  ];
  const params = doubles
    .slice(0, PREPARE_PARAM_COUNT)
    .map((x, i) => set(x, `(f64.load offset=${(PREPARE_PARAMS + i) * 8} (global.get $kp))`));
  const pick = (s, c) => `(select ${f(s)} ${f(c)} (local.get $static))`;
  return `(func (export "prepare") (param $start i32) (param $end i32) (result i32)
  ${doubles.map((x) => `(local $${x} f64)`).join(' ')}
  ${ints.map((x) => `(local $${x} i32)`).join(' ')}
  ${params.join('\n  ')}
  (local.set $n (local.get $start))
  (block $done (loop $next
    (br_if $done (i32.ge_s (local.get $n) (local.get $end)))
    (local.set $m (i32.add (global.get $km) (i32.shl (local.get $n) (i32.const 4))))
    (local.set $oa (i32.load (local.get $m)))
    (local.set $ob (i32.load offset=4 (local.get $m)))
    (local.set $count (i32.and (i32.load offset=8 (local.get $m)) (i32.const 3)))
    (local.set $cb (i32.add (global.get $cd) (i32.mul (i32.load offset=12 (local.get $m)) (i32.const ${C.STRIDE * 8}))))
    (local.set $base (i32.add (global.get $kd) (i32.mul (local.get $n) (i32.const ${K.STRIDE * 8}))))
    ;; the meta's state offsets are body * 8: the same number is a body's byte offset in a double column
    ${set('mA', '(f64.load (i32.add (global.get $b_invMass) (local.get $oa)))')}
    ${set('iA', '(f64.load (i32.add (global.get $b_invInertia) (local.get $oa)))')}
    ${set('mB', '(f64.load (i32.add (global.get $b_invMass) (local.get $ob)))')}
    ${set('iB', '(f64.load (i32.add (global.get $b_invInertia) (local.get $ob)))')}
    (local.set $sa (i32.add (global.get $st) (i32.shl (local.get $oa) (i32.const 3))))
    (local.set $sb (i32.add (global.get $st) (i32.shl (local.get $ob) (i32.const 3))))
    ${set('nx', ld('cb', C.NX))}
    ${set('ny', ld('cb', C.NY))}
    ${st('base', K.NX, f('nx'))}
    ${st('base', K.NY, f('ny'))}
    ${st('base', K.FRICTION, ld('cb', C.FRICTION))}
    ${set('restitution', ld('cb', C.RESTITUTION))}
    ${st('base', K.RESTITUTION, f('restitution'))}
    ;; PreparedFlag.BOUNCY
    (local.set $found (i32.or (local.get $found) (select (i32.const 2) (i32.const 0) (f64.ne ${f('restitution')} (f64.const 0)))))
    ${st('base', K.MA, f('mA'))}
    ${st('base', K.IA, f('iA'))}
    ${st('base', K.MB, f('mB'))}
    ${st('base', K.IB, f('iB'))}
    (local.set $static (i32.or (f64.eq ${f('mA')} (f64.const 0)) (f64.eq ${f('mB')} (f64.const 0))))
    ${st('base', K.BIAS_RATE, pick('sRate', 'cRate'))}
    ${st('base', K.MASS_SCALE, pick('sMass', 'cMass'))}
    ${st('base', K.IMPULSE_SCALE, pick('sImpulse', 'cImpulse'))}
    ${set('vax', ld('sa', S.VX))}
    ${set('vay', ld('sa', S.VY))}
    ${set('wa', ld('sa', S.W))}
    ${set('vbx', ld('sb', S.VX))}
    ${set('vby', ld('sb', S.VY))}
    ${set('wb', ld('sb', S.W))}
    (if (i32.gt_s (local.get $count) (i32.const 0)) (then
      ${preparePoint(0).join('\n      ')}))
    (if (i32.gt_s (local.get $count) (i32.const 1)) (then
      ${preparePoint(1).join('\n      ')}))
    (local.set $n (i32.add (local.get $n) (i32.const 1)))
    (br $next)))
  (local.get $found))`;
}

/**
 * `storeImpulses(start, end, keepMax)`: the accumulated impulses of constraints [start, end)
 * back into their contacts (storeImpulses); the largest normal impulse only with keepMax.
 */
export function storeImpulsesFunc() {
  const point = (q) => {
    const p = `(i32.add (local.get $base) (i32.const ${(K.POINT + q * K.POINT_STRIDE) * 8}))`;
    const dst = `(i32.add (local.get $cb) (i32.const ${(C.POINT + q * C.POINT_STRIDE) * 8}))`;
    return `(local.set $p ${p}) (local.set $dst ${dst})
      (f64.store offset=${P.NORMAL_IMPULSE * 8} (local.get $dst) (f64.load offset=${Q.NORMAL_IMPULSE * 8} (local.get $p)))
      (f64.store offset=${P.TANGENT_IMPULSE * 8} (local.get $dst) (f64.load offset=${Q.TANGENT_IMPULSE * 8} (local.get $p)))
      (f64.store offset=${P.MAX_NORMAL_IMPULSE * 8} (local.get $dst)
        (select (f64.load offset=${Q.MAX_NORMAL_IMPULSE * 8} (local.get $p)) (f64.const 0) (local.get $keepMax)))`;
  };
  return `(func (export "storeImpulses") (param $start i32) (param $end i32) (param $keepMax i32)
  (local $n i32) (local $m i32) (local $count i32) (local $base i32) (local $cb i32) (local $p i32) (local $dst i32)
  (local.set $n (local.get $start))
  (block $done (loop $next
    (br_if $done (i32.ge_s (local.get $n) (local.get $end)))
    (local.set $m (i32.add (global.get $km) (i32.shl (local.get $n) (i32.const 4))))
    (local.set $count (i32.and (i32.load offset=8 (local.get $m)) (i32.const 3)))
    (local.set $cb (i32.add (global.get $cd) (i32.mul (i32.load offset=12 (local.get $m)) (i32.const ${C.STRIDE * 8}))))
    (local.set $base (i32.add (global.get $kd) (i32.mul (local.get $n) (i32.const ${K.STRIDE * 8}))))
    (if (i32.gt_s (local.get $count) (i32.const 0)) (then
      ${point(0)}))
    (if (i32.gt_s (local.get $count) (i32.const 1)) (then
      ${point(1)}))
    (local.set $n (i32.add (local.get $n) (i32.const 1)))
    (br $next))))`;
}

/** A double of body column `c` for the body in local $b. */
const col = (c) => `(f64.load (i32.add (global.get ${G[c]}) (i32.shl (local.get $b) (i32.const 3))))`;

/**
 * limitSpeed (dynamics/body_integration.ts) on the state record at byte pointer $o, against
 * local `maxAngular`, when the i32 expression `limited` is not 0: every operation runs, the
 * results are picked by selects, as in the JS. Math.max of two absolute values is f64.max
 * (neither is -0; NaN gives NaN in both).
 */
function limitSpeed(maxAngular, limited) {
  return [
    set('vx', ld('o', S.VX)),
    set('vy', ld('o', S.VY)),
    set('av', ld('o', S.W)),
    set('vSq', add(mul(f('vx'), f('vx')), mul(f('vy'), f('vy')))),
    `(local.set $linearOver (f64.gt ${f('vSq')} ${mul(f('maxLinear'), f('maxLinear'))}))`,
    `(local.set $angularOver (f64.gt ${mul(f('av'), f('av'))} ${mul(f(maxAngular), f(maxAngular))}))`,
    set('m', `(f64.max (f64.abs ${f('vx')}) (f64.abs ${f('vy')}))`),
    set('ux', `(f64.div ${f('vx')} ${f('m')})`),
    set('uy', `(f64.div ${f('vy')} ${f('m')})`),
    set('scaled', mul(f('m'), `(f64.sqrt ${add(mul(f('ux'), f('ux')), mul(f('uy'), f('uy')))})`)),
    set(
      'ratio',
      `(f64.div ${f('maxLinear')} (select ${f('scaled')} (f64.sqrt ${f('vSq')}) (f64.eq ${f('vSq')} (f64.const inf))))`,
    ),
    `(local.set $limited ${limited})`,
    '(local.set $scale (i32.and (local.get $limited) (local.get $linearOver)))',
    st('o', S.VX, `(select ${mul(f('vx'), f('ratio'))} ${f('vx')} (local.get $scale))`),
    st('o', S.VY, `(select ${mul(f('vy'), f('ratio'))} ${f('vy')} (local.get $scale))`),
    set('negAngular', `(f64.neg ${f(maxAngular)})`),
    set(
      'clamped',
      `(select ${f(maxAngular)} (select ${f('negAngular')} ${f('av')} (f64.lt ${f('av')} ${f('negAngular')})) (f64.gt ${f('av')} ${f(maxAngular)}))`,
    ),
    st(
      'o',
      S.W,
      `(select ${f('clamped')} ${f('av')} (i32.and (local.get $limited) (i32.or (local.get $linearOver) (local.get $angularOver))))`,
    ),
  ];
}

/** The body stages' locals and their parameters' loads. */
function bodyLocals(extra) {
  const doubles = [
    ...BODY_PARAM_NAMES,
    ...extra,
    'vx',
    'vy',
    'av',
    'vSq',
    'm',
    'ux',
    'uy',
    'scaled',
    'ratio',
    'negAngular',
    'clamped',
  ];
  const ints = ['i', 'b', 'o', 'linearOver', 'angularOver', 'limited', 'scale', 'dynamic'];
  return [
    doubles.map((x) => `(local $${x} f64)`).join(' '),
    ints.map((x) => `(local $${x} i32)`).join(' '),
    ...BODY_PARAM_NAMES.map((x, i) => set(x, `(f64.load offset=${(BODY_PARAMS + i) * 8} (global.get $kp))`)),
  ].join('\n  ');
}

/** The loop over awake bodies [start, end): $b the body, $o its state record's byte pointer. */
function bodyLoop(body) {
  return `(local.set $i (local.get $start))
  (block $done (loop $next
    (br_if $done (i32.ge_s (local.get $i) (local.get $end)))
    (local.set $b (i32.load (i32.add (global.get ${G.awakeBodies}) (i32.shl (local.get $i) (i32.const 2)))))
    (local.set $o (i32.add (global.get $st) (i32.shl (local.get $b) (i32.const 6))))
    (local.set $dynamic (i32.eq (i32.load8_u (i32.add (global.get ${G.type}) (local.get $b))) (i32.const ${DYNAMIC})))
    (local.set $i (i32.add (local.get $i) (i32.const 1)))
    ${body.join('\n    ')}
    (br $next)))`;
}

/** `integrateVelocities(start, end)`: integrateVelocityRange over awake bodies [start, end). */
export function integrateVelocitiesFunc() {
  const velocity = (v, force, g) =>
    add(
      mul(mul(f('h'), f('invMass')), add(col(force), mul(mul(f('mass'), f('gs')), f(g)))),
      mul(f('linearDamping'), ld('o', v)),
    );
  return `(func (export "integrateVelocities") (param $start i32) (param $end i32)
  ${bodyLocals(['invMass', 'mass', 'gs', 'linearDamping', 'angularDamping', 'nvx', 'nvy', 'nav'])}
  ${bodyLoop([
    '(br_if $next (i32.eqz (local.get $dynamic)))',
    set('invMass', col('invMass')),
    set('mass', col('mass')),
    set('gs', col('gravityScale')),
    set(
      'linearDamping',
      `(f64.div (f64.const 1) ${add('(f64.const 1)', mul(f('h'), col('linearDamping')))})`,
    ),
    set(
      'angularDamping',
      `(f64.div (f64.const 1) ${add('(f64.const 1)', mul(f('h'), col('angularDamping')))})`,
    ),
    set('nvx', velocity(S.VX, 'fx', 'gx')),
    set('nvy', velocity(S.VY, 'fy', 'gy')),
    set(
      'nav',
      add(mul(mul(f('h'), col('invInertia')), col('torque')), mul(f('angularDamping'), ld('o', S.W))),
    ),
    st('o', S.VX, f('nvx')),
    st('o', S.VY, f('nvy')),
    st('o', S.W, f('nav')),
    // clamp to keep a blown-up body from destroying the rest of the scene
    ...limitSpeed('maxAngular', '(i32.const 1)'),
  ])})`;
}

/** `integratePositions(start, end)`: integratePositionRange over awake bodies [start, end). */
export function integratePositionsFunc() {
  return `(func (export "integratePositions") (param $start i32) (param $end i32)
  ${bodyLocals(['hw', 'qc', 'qs', 'c', 's', 'inv'])}
  ${bodyLoop([
    // kinematic bodies move as set
    ...limitSpeed('maxSolvedAngular', '(local.get $dynamic)'),
    set('hw', mul(f('h'), ld('o', S.W))),
    set('qc', ld('o', S.DQC)),
    set('qs', ld('o', S.DQS)),
    set('c', sub(f('qc'), mul(f('hw'), f('qs')))),
    set('s', add(f('qs'), mul(f('hw'), f('qc')))),
    set('inv', `(f64.div (f64.const 1) (f64.sqrt ${add(mul(f('c'), f('c')), mul(f('s'), f('s')))}))`),
    st('o', S.DQC, mul(f('c'), f('inv'))),
    st('o', S.DQS, mul(f('s'), f('inv'))),
    st('o', S.DPX, add(ld('o', S.DPX), mul(f('h'), ld('o', S.VX)))),
    st('o', S.DPY, add(ld('o', S.DPY), mul(f('h'), ld('o', S.VY)))),
  ])})`;
}

/** Every function and global of this file, for the module (kernel_wat.mjs kernelWat). */
export function stagesWat() {
  return `${stagesGlobals()}
  ${prepareFunc()}
  ${storeImpulsesFunc()}
  ${integrateVelocitiesFunc()}
  ${integratePositionsFunc()}`;
}
