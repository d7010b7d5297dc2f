/**
 * The WebAssembly contact-sweep kernel of the probe (docs/wasm-kernel.md), written as WAT
 * text by this generator: the arithmetic of src/dynamics/contact_solver.ts (warm start,
 * solve / relax sweep, relax again) over the same records, laid out in one linear memory,
 * operation for operation in the same order, so that its results are the JS sweep's bits.
 *
 * Each piece of arithmetic is written once, against an "environment" of operations: the
 * scalar one (f64) and the f64x2 one, which solves two one-point constraints of one colour
 * at once, one per lane (the bodies of the two lanes differ: a colour shares no moving
 * body). Selects stand for every `?:` of the JS (bitselect on comparison masks in f64x2),
 * never f64.min/max, whose NaN and -0 rules differ from the JS comparisons.
 *
 * Memory: the body state (8 doubles a body, offsets as the constraints' meta holds them),
 * the prepared constraints (35 doubles each), their meta (4 int32s each) and relax-again
 * flags (1 int32 each), at byte offsets set by `setLayout`.
 */

import { K, Q, S } from './kernel_layout.mjs';
import { stagesWat } from './kernel_stages_wat.mjs';
import { restitutionWat } from './kernel_restitution_wat.mjs';
import { pairsWat } from './kernel_pairs_wat.mjs';
import { rebuildWat } from './kernel_rebuild_wat.mjs';

// Layouts: kernel_layout.mjs; M, the meta kinds, as contact_solver.ts's.
const PAIRED_TWO_POINTS = 6;

/** Doubles per constraint and body, for the host's layout. */
export const LAYOUT = { constraintStride: K.STRIDE, bodyStride: 8, metaStride: 4 };

/**
 * An environment of float operations. `lanes` 1: f64 locals; 2: v128 locals holding two
 * constraints, whose i32 pointers are named `<ptr>_0` and `<ptr>_1`.
 */
function env(lanes) {
  const floats = new Set();
  const masks = new Set();
  const simd = lanes === 2;
  const op = (name) => (simd ? `f64x2.${name}` : `f64.${name}`);
  const E = {
    simd,
    floats,
    masks,
    /** A comparison result: an i32 in f64, a lane mask (v128) in f64x2. */
    setm(x, e) {
      (simd ? floats : masks).add(x);
      return `(local.set $${x} ${e})`;
    },
    g: (x) => `(local.get $${x})`,
    set(x, e) {
      floats.add(x);
      return `(local.set $${x} ${e})`;
    },
    k: (x) => (simd ? `(v128.const f64x2 ${x} ${x})` : `(f64.const ${x})`),
    add: (a, b) => `(${op('add')} ${a} ${b})`,
    sub: (a, b) => `(${op('sub')} ${a} ${b})`,
    mul: (a, b) => `(${op('mul')} ${a} ${b})`,
    neg: (a) => `(${op('neg')} ${a})`,
    abs: (a) => `(${op('abs')} ${a})`,
    lt: (a, b) => `(${op('lt')} ${a} ${b})`,
    gt: (a, b) => `(${op('gt')} ${a} ${b})`,
    /** c ? a : b (c from lt/gt) */
    sel: (c, a, b) => (simd ? `(v128.bitselect ${a} ${b} ${c})` : `(select ${a} ${b} ${c})`),
    /**
     * A double at `ptr` + `off` doubles (per lane: ptr_0, ptr_1): loaded into lane 0 and
     * lane 1 straight from memory (two instructions on x64, where a splat of one load and
     * a replace_lane by the other took four).
     */
    ld(ptr, off) {
      const o = `offset=${off * 8}`;
      if (!simd) return `(f64.load ${o} (local.get $${ptr}))`;
      return `(v128.load64_lane ${o} 1 (local.get $${ptr}_1) (v128.load64_zero ${o} (local.get $${ptr}_0)))`;
    },
    /** Stores local `x` at `ptr` + `off` doubles (each lane straight from the vector). */
    st(ptr, off, x) {
      const o = `offset=${off * 8}`;
      if (!simd) return `(f64.store ${o} (local.get $${ptr}) (local.get $${x}))`;
      return (
        `(v128.store64_lane ${o} 0 (local.get $${ptr}_0) (local.get $${x}))\n` +
        `(v128.store64_lane ${o} 1 (local.get $${ptr}_1) (local.get $${x}))`
      );
    },
  };
  return E;
}

/** Loads a constraint's header and its bodies' velocities (`base`, `oa`, `ob` set). */
function header(E) {
  const { set, ld } = E;
  return [
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
  ];
}

/** Stores the bodies' velocities back. */
function storeVelocities(E) {
  return [
    E.st('oa', S.VX, 'vax'),
    E.st('oa', S.VY, 'vay'),
    E.st('oa', S.W, 'wa'),
    E.st('ob', S.VX, 'vbx'),
    E.st('ob', S.VY, 'vby'),
    E.st('ob', S.W, 'wb'),
  ];
}

/** Applies impulse (px, py) at point j's anchors: A loses, B gains (the JS's order). */
function applyImpulse(E, j) {
  const { set, g, add, sub, mul } = E;
  return [
    set('vax', sub(g('vax'), mul(g('mA'), g('px')))),
    set('vay', sub(g('vay'), mul(g('mA'), g('py')))),
    set('wa', sub(g('wa'), mul(g('iA'), sub(mul(g(`rax${j}`), g('py')), mul(g(`ray${j}`), g('px')))))),
    set('vbx', add(g('vbx'), mul(g('mB'), g('px')))),
    set('vby', add(g('vby'), mul(g('mB'), g('py')))),
    set('wb', add(g('wb'), mul(g('iB'), sub(mul(g(`rbx${j}`), g('py')), mul(g(`rby${j}`), g('px')))))),
  ];
}

/** dvx, dvy: relative velocity at point j. */
function relativeVelocity(E, j) {
  const { set, g, add, sub, mul } = E;
  return [
    set('dvx', sub(sub(g('vbx'), mul(g('wb'), g(`rby${j}`))), sub(g('vax'), mul(g('wa'), g(`ray${j}`))))),
    set('dvy', sub(add(g('vby'), mul(g('wb'), g(`rbx${j}`))), add(g('vay'), mul(g('wa'), g(`rax${j}`))))),
  ];
}

/**
 * The normal row of point j (its record at pointer `p<j>`): separation (stored or from the
 * position deltas), bias, clamped accumulated impulse; leaves old<j> and ni<j>. Needs the
 * header, `rate`, `ms`, `is`, and the i32 locals biasOn, storedOn, trackOn.
 */
function normalRow(E, j) {
  const { set, g, k, add, sub, mul, neg, lt, gt, sel, ld, st } = E;
  const p = `p${j}`;
  const r = (n) => g(`${n}${j}`);
  const moved = add(
    add(
      mul(
        add(
          g('dpx'),
          sub(
            sub(mul(g('qbc'), r('rbx')), mul(g('qbs'), r('rby'))),
            sub(mul(g('qac'), r('rax')), mul(g('qas'), r('ray'))),
          ),
        ),
        g('nx'),
      ),
      mul(
        add(
          g('dpy'),
          sub(
            add(mul(g('qbs'), r('rbx')), mul(g('qbc'), r('rby'))),
            add(mul(g('qas'), r('rax')), mul(g('qac'), r('ray'))),
          ),
        ),
        g('ny'),
      ),
    ),
    ld(p, Q.BASE_SEP),
  );
  const t = E.simd ? 'v128' : 'f64';
  return [
    set(`rax${j}`, ld(p, Q.RAX)),
    set(`ray${j}`, ld(p, Q.RAY)),
    set(`rbx${j}`, ld(p, Q.RBX)),
    set(`rby${j}`, ld(p, Q.RBY)),
    set('s', `(if (result ${t}) (local.get $storedOn) (then ${ld(p, Q.SEPARATION)}) (else ${moved}))`),
    `(if (i32.eqz (local.get $biasOn)) (then ${st(p, Q.SEPARATION, 's')}))`,
    E.setm('open', gt(g('s'), k(0))),
    set('push', mul(g('rate'), g('s'))),
    set(
      'bias',
      sel(g('open'), mul(g('s'), g('invH')), sel(lt(g('push'), g('negMaxPush')), g('negMaxPush'), g('push'))),
    ),
    set('massScale', sel(g('open'), k(1), g('ms'))),
    set('impulseScale', sel(g('open'), k(0), g('is'))),
    ...relativeVelocity(E, j),
    set('vn', add(mul(g('dvx'), g('nx')), mul(g('dvy'), g('ny')))),
    set(`old${j}`, ld(p, Q.NORMAL_IMPULSE)),
    set(
      'impulse',
      sub(
        mul(mul(neg(ld(p, Q.NORMAL_MASS)), g('massScale')), add(g('vn'), g('bias'))),
        mul(g('impulseScale'), g(`old${j}`)),
      ),
    ),
    set('acc', add(g(`old${j}`), g('impulse'))),
    set('acc', sel(lt(g('acc'), k(0)), k(0), g('acc'))),
    set('impulse', sub(g('acc'), g(`old${j}`))),
    st(p, Q.NORMAL_IMPULSE, 'acc'),
    set(`ni${j}`, g('acc')),
    `(if (local.get $trackOn) (then ${set('max', ld(p, Q.MAX_NORMAL_IMPULSE))} ${set('max', sel(gt(g('impulse'), g('max')), g('impulse'), g('max')))} ${st(p, Q.MAX_NORMAL_IMPULSE, 'max')}))`,
    set('px', mul(g('impulse'), g('nx'))),
    set('py', mul(g('impulse'), g('ny'))),
    ...applyImpulse(E, j),
  ];
}

/** The friction row of point j, tangent (ny, -nx), clamped to friction * ni<j>. */
function tangentRow(E, j) {
  const { set, g, sub, mul, neg, lt, gt, sel, ld, st, add } = E;
  const p = `p${j}`;
  return [
    ...relativeVelocity(E, j),
    set('vt', add(mul(g('dvx'), g('ny')), mul(g('dvy'), neg(g('nx'))))),
    set('old', ld(p, Q.TANGENT_IMPULSE)),
    set('maxF', mul(g('friction'), g(`ni${j}`))),
    set('acc', sub(g('old'), mul(ld(p, Q.TANGENT_MASS), g('vt')))),
    set('minF', neg(g('maxF'))),
    set('acc', sel(lt(g('acc'), g('minF')), g('minF'), sel(gt(g('acc'), g('maxF')), g('maxF'), g('acc')))),
    set('impulse', sub(g('acc'), g('old'))),
    st(p, Q.TANGENT_IMPULSE, 'acc'),
    set('px', mul(g('impulse'), g('ny'))),
    set('py', mul(g('impulse'), neg(g('nx')))),
    ...applyImpulse(E, j),
  ];
}

/** The softness of the pass (the relax pass is rigid: rate 0, mass scale 1, impulse scale 0). */
function softness(E) {
  const { set, ld, k } = E;
  const t = E.simd ? 'v128' : 'f64';
  const pick = (off, rigid) =>
    `(if (result ${t}) (local.get $biasOn) (then ${ld('base', off)}) (else ${k(rigid)}))`;
  return [
    set('rate', pick(K.BIAS_RATE, 0)),
    set('ms', pick(K.MASS_SCALE, 1)),
    set('is', pick(K.IMPULSE_SCALE, 0)),
  ];
}

/** The position deltas the separations are tracked from. */
function deltas(E) {
  const { set, ld, sub } = E;
  return [
    set('qac', ld('oa', S.DQC)),
    set('qas', ld('oa', S.DQS)),
    set('qbc', ld('ob', S.DQC)),
    set('qbs', ld('ob', S.DQS)),
    set('dpx', sub(ld('ob', S.DPX), ld('oa', S.DPX))),
    set('dpy', sub(ld('ob', S.DPY), ld('oa', S.DPY))),
  ];
}

/** Pointers of constraint `idx` (an i32 expression) into locals base, oa, ob, kind (suffix per lane). */
function pointers(idx, sfx = '') {
  return [
    `(local.set $m${sfx} (i32.add (global.get $km) (i32.shl ${idx} (i32.const 4))))`,
    `(local.set $base${sfx} (i32.add (global.get $kd) (i32.mul ${idx} (i32.const ${K.STRIDE * 8}))))`,
    `(local.set $oa${sfx} (i32.add (global.get $st) (i32.shl (i32.load (local.get $m${sfx})) (i32.const 3))))`,
    `(local.set $ob${sfx} (i32.add (global.get $st) (i32.shl (i32.load offset=4 (local.get $m${sfx})) (i32.const 3))))`,
  ];
}

/** A one-point constraint (points at base + POINT): solveOnePoints' body, no flag. */
function onePoint(E) {
  return [
    ...header(E),
    ...softness(E),
    ...deltas(E),
    ...normalRow(E, 0),
    E.set('friction', E.ld('base', K.FRICTION)),
    ...tangentRow(E, 0),
    ...storeVelocities(E),
  ];
}

/** The relax flag of a constraint: (|ni0 - old0| + |ni1 - old1|) (mA + mB) > againSpeed. */
function change(E, points) {
  const { g, add, sub, mul, abs, k } = E;
  const second = points === 2 ? abs(sub(g('ni1'), g('old1'))) : k(0);
  return mul(add(abs(sub(g('ni0'), g('old0'))), second), add(g('mA'), g('mB')));
}

function declare(floats, type, ints) {
  return [...[...floats].map((x) => `(local $${x} ${type})`), ...ints.map((x) => `(local $${x} i32)`)].join(
    ' ',
  );
}

/** The locals of a scalar function's environment, with its i32 ones. */
function declareScalar(E, ints) {
  return declare(E.floats, 'f64', [...ints, ...E.masks]);
}

/**
 * An exported sweep's parameters: integers only. Its three doubles (1/h, the push-out
 * limit, the relax-again speed) are read from memory at `$kp` (`paramLocals`): a JS call
 * site that passes a computed double boxes it whenever V8 does not inline the call, as
 * after the kernel's memory was replaced and the call site saw a second instance (64 KB a
 * tumbler step, docs/wasm-kernel.md "Never detach").
 */
const SOLVE_PARAMS =
  '(param $start i32) (param $end i32) (param $biasOn i32) (param $storedOn i32) (param $trackOn i32) (param $first i32)';

/** Declares the f64 locals `names` and loads them from the parameter record at `$kp`. */
function paramLocals([invH, negMaxPush, againSpeed]) {
  return `(local $${invH} f64) (local $${negMaxPush} f64) (local $${againSpeed} f64)
  (local.set $${invH} (f64.load (global.get $kp)))
  (local.set $${negMaxPush} (f64.load offset=8 (global.get $kp)))
  (local.set $${againSpeed} (f64.load offset=16 (global.get $kp)))`;
}

/**
 * `$con`: one constraint of one or two points, as solveOne (the second point first when
 * `first` is 1 and there are two); returns its relax flag (0 in a solve pass).
 */
function conFunc() {
  const E = env(1);
  const body1 = [...normalRow(E, 0)];
  const two = [
    ...normalRow(E, 1),
    E.set('friction', E.ld('base', K.FRICTION)),
    ...tangentRow(E, 0),
    ...tangentRow(E, 1),
  ];
  const one = [E.set('friction', E.ld('base', K.FRICTION)), ...tangentRow(E, 0)];
  E.floats.add('ni1');
  E.floats.add('old1');
  const code = [
    ...pointers('(local.get $i)'),
    '(local.set $count (i32.and (i32.load offset=8 (local.get $m)) (i32.const 3)))',
    ...header(E),
    ...deltas(E),
    ...softness(E),
    // point 0, or point 1 first on the sub-steps that flip the order (two points only)
    `(local.set $p0 (i32.add (local.get $base) (i32.const ${K.POINT * 8})))`,
    `(local.set $p1 (i32.add (local.get $p0) (i32.const ${K.POINT_STRIDE * 8})))`,
    `(if (i32.and (i32.eq (local.get $count) (i32.const 2)) (local.get $first)) (then (local.set $p0 (local.get $p1)) (local.set $p1 (i32.sub (local.get $p1) (i32.const ${K.POINT_STRIDE * 8})))))`,
    ...body1,
    `(if (i32.eq (local.get $count) (i32.const 2)) (then ${two.join('\n')}) (else ${one.join('\n')}))`,
    ...storeVelocities(E),
    `(i32.and (i32.eqz (local.get $biasOn)) (f64.gt ${change(E, 2)} (local.get $againSpeed)))`,
  ];
  return `(func $con (param $i i32) (param $biasOn i32) (param $storedOn i32) (param $trackOn i32) (param $first i32) (param $invH f64) (param $negMaxPush f64) (param $againSpeed f64) (result i32)
  ${declareScalar(E, ['m', 'base', 'oa', 'ob', 'p0', 'p1', 'count'])}
  ${code.join('\n  ')})`;
}

/** `solve`: solveContacts over [start, end), scalar; returns the relax flag count. */
function solveFunc() {
  const E = env(1);
  const one = [
    ...pointers('(local.get $c)'),
    `(local.set $p0 (i32.add (local.get $base) (i32.const ${K.POINT * 8})))`,
    ...onePoint(E),
    `(if (i32.eqz (local.get $biasOn)) (then
      (local.set $flag (f64.gt ${change(E, 1)} (local.get $againSpeed)))
      (i32.store (i32.add (global.get $ka) (i32.shl (local.get $c) (i32.const 2))) (local.get $flag))
      (local.set $n (i32.add (local.get $n) (local.get $flag)))))`,
  ];
  const conCall = (idx) =>
    `(call $con ${idx} (local.get $biasOn) (local.get $storedOn) (local.get $trackOn) (local.get $first) (local.get $invH) (local.get $negMaxPush) (local.get $againSpeed))`;
  return `(func (export "solve") ${SOLVE_PARAMS} (result i32)
  ${declareScalar(E, ['i', 'c', 'j', 'n', 'kind', 'flag', 'm', 'base', 'oa', 'ob', 'p0'])}
  ${paramLocals(['invH', 'negMaxPush', 'againSpeed'])}
  (local.set $i (local.get $start))
  (block $done (loop $next
    (br_if $done (i32.ge_s (local.get $i) (local.get $end)))
    (local.set $kind (i32.load offset=8 (i32.add (global.get $km) (i32.shl (local.get $i) (i32.const 4)))))
    (if (i32.and (i32.eq (local.get $kind) (i32.const ${PAIRED_TWO_POINTS})) (i32.lt_s (i32.add (local.get $i) (i32.const 1)) (local.get $end)))
      (then
        ;; a pair of two-point constraints: one after the other (they share no moving body)
        (local.set $flag ${conCall('(local.get $i)')})
        (if (i32.eqz (local.get $biasOn)) (then
          (i32.store (i32.add (global.get $ka) (i32.shl (local.get $i) (i32.const 2))) (local.get $flag))
          (local.set $n (i32.add (local.get $n) (local.get $flag)))))
        (local.set $flag ${conCall('(i32.add (local.get $i) (i32.const 1))')})
        (if (i32.eqz (local.get $biasOn)) (then
          (i32.store (i32.add (global.get $ka) (i32.shl (i32.add (local.get $i) (i32.const 1)) (i32.const 2))) (local.get $flag))
          (local.set $n (i32.add (local.get $n) (local.get $flag)))))
        (local.set $i (i32.add (local.get $i) (i32.const 2)))
        (br $next)))
    (if (i32.eq (i32.and (local.get $kind) (i32.const 3)) (i32.const 1))
      (then
        ;; the run of one-point constraints from here
        (local.set $j (i32.add (local.get $i) (i32.const 1)))
        (block $runEnd (loop $run
          (br_if $runEnd (i32.ge_s (local.get $j) (local.get $end)))
          (br_if $runEnd (i32.ne (i32.and (i32.load offset=8 (i32.add (global.get $km) (i32.shl (local.get $j) (i32.const 4)))) (i32.const 3)) (i32.const 1)))
          (local.set $j (i32.add (local.get $j) (i32.const 1)))
          (br $run)))
        (local.set $c (local.get $i))
        (block $oneEnd (loop $oneNext
          (br_if $oneEnd (i32.ge_s (local.get $c) (local.get $j)))
          ${one.join('\n          ')}
          (local.set $c (i32.add (local.get $c) (i32.const 1)))
          (br $oneNext)))
        (local.set $i (local.get $j))
        (br $next)))
    ;; a two-point constraint alone (its flag written in both passes, as solveContacts does)
    (local.set $flag ${conCall('(local.get $i)')})
    (i32.store (i32.add (global.get $ka) (i32.shl (local.get $i) (i32.const 2))) (local.get $flag))
    (local.set $n (i32.add (local.get $n) (local.get $flag)))
    (local.set $i (i32.add (local.get $i) (i32.const 1)))
    (br $next)))
  (local.get $n))`;
}

/** Relax flags of lanes c and c + 1 (relax pass only), counted into n. */
function laneFlags(E, points) {
  const lane = (
    l,
  ) => `(local.set $flag (i32.and (i32.wrap_i64 (i64x2.extract_lane ${l} (local.get $mask))) (i32.const 1)))
      (i32.store offset=${4 * l} (i32.add (global.get $ka) (i32.shl (local.get $c) (i32.const 2))) (local.get $flag))
      (local.set $n (i32.add (local.get $n) (local.get $flag)))`;
  return `(if (i32.eqz (local.get $biasOn)) (then
      (local.set $mask (f64x2.gt ${change(E, points)} (local.get $againSpeed)))
      ${lane(0)}
      ${lane(1)}))`;
}

/**
 * `solve2`: as `solve`, for the constraints of ONE colour (they share no moving body), two
 * at a time in f64x2 lanes: its paired two-point constraints (meta PAIRED_TWO_POINTS) and
 * its one-point run two by two; a two-point constraint alone and an odd last one-point one
 * one by one.
 */
function solve2Func() {
  const E = env(2);
  const lanes = (idx) => [
    ...pointers(`(local.get ${idx})`, '_0'),
    ...pointers(`(i32.add (local.get ${idx}) (i32.const 1))`, '_1'),
  ];
  const one = [
    ...lanes('$c'),
    `(local.set $p0_0 (i32.add (local.get $base_0) (i32.const ${K.POINT * 8})))`,
    `(local.set $p0_1 (i32.add (local.get $base_1) (i32.const ${K.POINT * 8})))`,
    ...onePoint(E),
    laneFlags(E, 1),
  ];
  // the sub-step's point order: p0 the point solved first
  const flip = `(i32.mul (local.get $first) (i32.const ${K.POINT_STRIDE * 8}))`;
  const unflip = `(i32.mul (i32.sub (i32.const 1) (local.get $first)) (i32.const ${K.POINT_STRIDE * 8}))`;
  const two = [
    ...lanes('$c'),
    ...[0, 1].flatMap((l) => [
      `(local.set $p0_${l} (i32.add (i32.add (local.get $base_${l}) (i32.const ${K.POINT * 8})) ${flip}))`,
      `(local.set $p1_${l} (i32.add (i32.add (local.get $base_${l}) (i32.const ${K.POINT * 8})) ${unflip}))`,
    ]),
    ...header(E),
    ...softness(E),
    ...deltas(E),
    ...normalRow(E, 0),
    ...normalRow(E, 1),
    E.set('friction', E.ld('base', K.FRICTION)),
    ...tangentRow(E, 0),
    ...tangentRow(E, 1),
    ...storeVelocities(E),
    laneFlags(E, 2),
  ];
  E.floats.add('mask');
  const ints = '(local.get $biasOn) (local.get $storedOn) (local.get $trackOn) (local.get $first)';
  const args = `${ints} (local.get $invH1) (local.get $negMaxPush1) (local.get $againSpeed1)`;
  const ptrs = ['m', 'base', 'oa', 'ob', 'p0', 'p1'].flatMap((x) => [`${x}_0`, `${x}_1`]);
  return `(func (export "solve2") ${SOLVE_PARAMS} (result i32)
  ${declare(E.floats, 'v128', ['i', 'c', 'n', 'kind', 'flag', ...ptrs])}
  (local $invH v128) (local $negMaxPush v128) (local $againSpeed v128)
  ${paramLocals(['invH1', 'negMaxPush1', 'againSpeed1'])}
  (local.set $invH (f64x2.splat (local.get $invH1)))
  (local.set $negMaxPush (f64x2.splat (local.get $negMaxPush1)))
  (local.set $againSpeed (f64x2.splat (local.get $againSpeed1)))
  ;; the two-point constraints come first in a colour, then its one-point ones
  (local.set $c (local.get $start))
  (block $twoEnd (loop $twoNext
    (br_if $twoEnd (i32.ge_s (local.get $c) (local.get $end)))
    (local.set $kind (i32.load offset=8 (i32.add (global.get $km) (i32.shl (local.get $c) (i32.const 4)))))
    (br_if $twoEnd (i32.eq (i32.and (local.get $kind) (i32.const 3)) (i32.const 1)))
    (if (i32.and (i32.eq (local.get $kind) (i32.const ${PAIRED_TWO_POINTS})) (i32.lt_s (i32.add (local.get $c) (i32.const 1)) (local.get $end)))
      (then
        ${two.join('\n        ')}
        (local.set $c (i32.add (local.get $c) (i32.const 2))))
      (else
        ;; alone: its flag written in both passes, as solveContacts does
        (local.set $flag (call $con (local.get $c) ${args}))
        (i32.store (i32.add (global.get $ka) (i32.shl (local.get $c) (i32.const 2))) (local.get $flag))
        (local.set $n (i32.add (local.get $n) (local.get $flag)))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))))
    (br $twoNext)))
  (block $pairsEnd (loop $pairs
    (br_if $pairsEnd (i32.ge_s (i32.add (local.get $c) (i32.const 1)) (local.get $end)))
    ${one.join('\n    ')}
    (local.set $c (i32.add (local.get $c) (i32.const 2)))
    (br $pairs)))
  (i32.add (local.get $n) (call $solveScalar (local.get $c) (local.get $end) ${ints})))`;
}

/** Point j's accumulated impulses applied (warmStartContacts' arithmetic). */
function warmPoint(E, j) {
  const { set, g, add, sub, mul, ld } = E;
  return [
    set(`rax${j}`, ld(`p${j}`, Q.RAX)),
    set(`ray${j}`, ld(`p${j}`, Q.RAY)),
    set(`rbx${j}`, ld(`p${j}`, Q.RBX)),
    set(`rby${j}`, ld(`p${j}`, Q.RBY)),
    set('ni', ld(`p${j}`, Q.NORMAL_IMPULSE)),
    set('ti', ld(`p${j}`, Q.TANGENT_IMPULSE)),
    set('px', add(mul(g('ni'), g('nx')), mul(g('ti'), g('ny')))),
    set('py', sub(mul(g('ni'), g('ny')), mul(g('ti'), g('nx')))),
    ...applyImpulse(E, j),
  ];
}

/** `warmStart`: warmStartContacts over [start, end). */
function warmFunc() {
  const E = env(1);
  const code = [
    ...pointers('(local.get $i)'),
    ...header(E),
    `(local.set $p0 (i32.add (local.get $base) (i32.const ${K.POINT * 8})))`,
    `(local.set $p1 (i32.add (local.get $p0) (i32.const ${K.POINT_STRIDE * 8})))`,
    ...warmPoint(E, 0),
    `(if (i32.eq (i32.and (i32.load offset=8 (local.get $m)) (i32.const 3)) (i32.const 2)) (then ${warmPoint(E, 1).join('\n')}))`,
    ...storeVelocities(E),
  ];
  return `(func $warmScalar (export "warmStart") (param $start i32) (param $end i32)
  ${declareScalar(E, ['i', 'm', 'base', 'oa', 'ob', 'p0', 'p1'])}
  (local.set $i (local.get $start))
  (block $done (loop $next
    (br_if $done (i32.ge_s (local.get $i) (local.get $end)))
    ${code.join('\n    ')}
    (local.set $i (i32.add (local.get $i) (i32.const 1)))
    (br $next))))`;
}

/**
 * `warmStart2`: as `warmStart`, for the constraints of ONE colour: two adjacent ones of the
 * same point count at a time in f64x2 lanes, the others one by one.
 */
function warm2Func() {
  const E = env(2);
  const count = (idx) =>
    `(i32.and (i32.load offset=8 (i32.add (global.get $km) (i32.shl ${idx} (i32.const 4)))) (i32.const 3))`;
  const code = [
    ...pointers('(local.get $c)', '_0'),
    ...pointers('(i32.add (local.get $c) (i32.const 1))', '_1'),
    ...header(E),
    ...[0, 1].flatMap((l) => [
      `(local.set $p0_${l} (i32.add (local.get $base_${l}) (i32.const ${K.POINT * 8})))`,
      `(local.set $p1_${l} (i32.add (local.get $p0_${l}) (i32.const ${K.POINT_STRIDE * 8})))`,
    ]),
    ...warmPoint(E, 0),
    `(if (i32.eq (local.get $count) (i32.const 2)) (then ${warmPoint(E, 1).join('\n')}))`,
    ...storeVelocities(E),
  ];
  const ptrs = ['m', 'base', 'oa', 'ob', 'p0', 'p1'].flatMap((x) => [`${x}_0`, `${x}_1`]);
  return `(func (export "warmStart2") (param $start i32) (param $end i32)
  ${declare(E.floats, 'v128', ['c', 'count', ...ptrs])}
  (local.set $c (local.get $start))
  (block $done (loop $next
    (br_if $done (i32.ge_s (local.get $c) (local.get $end)))
    (local.set $count ${count('(local.get $c)')})
    (if (i32.and (i32.lt_s (i32.add (local.get $c) (i32.const 1)) (local.get $end)) (i32.eq (local.get $count) ${count('(i32.add (local.get $c) (i32.const 1))')}))
      (then
        ${code.join('\n        ')}
        (local.set $c (i32.add (local.get $c) (i32.const 2))))
      (else
        (call $warmScalar (local.get $c) (i32.add (local.get $c) (i32.const 1)))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))))
    (br $next))))`;
}

/** `relaxAgain`: the flagged constraints of [start, end) relaxed once more (relaxAgain). */
function relaxAgainFunc() {
  return `(func (export "relaxAgain") (param $start i32) (param $end i32) (param $trackOn i32) (param $first i32)
  (local $i i32)
  ${paramLocals(['invH', 'negMaxPush', 'againSpeed'])}
  (local.set $i (local.get $start))
  (block $done (loop $next
    (br_if $done (i32.ge_s (local.get $i) (local.get $end)))
    (if (i32.load (i32.add (global.get $ka) (i32.shl (local.get $i) (i32.const 2))))
      (then (drop (call $con (local.get $i) (i32.const 0) (i32.const 0) (local.get $trackOn) (local.get $first) (local.get $invH) (local.get $negMaxPush) (local.get $againSpeed)))))
    (local.set $i (i32.add (local.get $i) (i32.const 1)))
    (br $next))))`;
}

/** The module's WAT text; `simd` adds `solve2`. */
export function kernelWat({ simd = true } = {}) {
  const solve = solveFunc();
  return `(module
  ;; the memory is the caller's (env.memory): it replaces it by a larger one rather than grow
  ;; it, as growing detaches its buffer, and one detached ArrayBuffer slows every typed-array
  ;; access V8 compiles after it (docs/wasm-kernel.md, "Never detach")
  (import "env" "memory" (memory 1))
  ;; byte offsets of the body state, constraint data, meta, relax-again flags and the
  ;; sweeps' parameter record (3 doubles: 1/h, the negated push-out limit, the relax-again speed)
  (global $st (mut i32) (i32.const 0))
  (global $kd (mut i32) (i32.const 0))
  (global $km (mut i32) (i32.const 0))
  (global $ka (mut i32) (i32.const 0))
  (global $kp (mut i32) (i32.const 0))
  (func (export "setLayout") (param i32 i32 i32 i32 i32)
    (global.set $st (local.get 0)) (global.set $kd (local.get 1))
    (global.set $km (local.get 2)) (global.set $ka (local.get 3))
    (global.set $kp (local.get 4)))
  ${conFunc()}
  ${solve.replace('(func (export "solve")', '(func $solveScalar (export "solve")')}
  ${simd ? solve2Func() : ''}
  ${warmFunc()}
  ${simd ? warm2Func() : ''}
  ${relaxAgainFunc()}
  ${stagesWat()}
  ${restitutionWat()}
  ${pairsWat({ simd })}
  ${rebuildWat()})`;
}
