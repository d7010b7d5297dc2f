/**
 * The constraint graph's colouring in the kernel (docs/wasm-kernel.md, "The colouring in
 * the kernel"): src/dynamics/constraint_graph.ts colourContacts after its reserve
 * (sameInputs, assignColours, sortByBody, placeConstraints) as WAT text for the blocks
 * module (kernel_blocks_wat.mjs), one call a step. Integers only, step for step the JS's, so the places, meta
 * records, colour starts, sort keys and kept inputs are the JS's words.
 *
 * It reads the body state and writes the meta at the sweeps' offsets (the module's $st, $km);
 * the other arrays are at the byte offsets `setColourLayout` takes, in COLOUR_ARRAYS' order.
 */

import { S } from './kernel_layout.mjs';

// constraint_graph.ts L and F
const OVERFLOW = 24;
const ALL = 0xffffff;
const NO_KEY = 0x7fffffff;
const PAIRED = 4;
/** A meta record: state offset A, state offset B, point count | pair flag, contact (int32s). */
const META = 4;
/** The body state's stride in doubles (body_state_layout.ts). */
const BODY_STRIDE = 8;

/**
 * The arrays `setColourLayout` takes the byte offsets of, in its order: paths from the
 * world's state (`graph.` is `constraints.graph`); src/wasm/kernel_colour.ts places them,
 * gen_bytes.mjs writes this list beside the bytes.
 */
export const COLOUR_ARRAYS = [
  'awakeContacts',
  'contacts.bodyA',
  'contacts.bodyB',
  'contacts.pointCount',
  'bodies.invMass',
  'bodies.invInertia',
  'bodies.awakeIndex',
  'graph.bodyColours',
  'graph.colourOf',
  'graph.contactOf',
  'graph.bucketOf',
  'graph.order',
  'graph.bucketAt',
  'graph.inputs',
  'graph.bucketStart',
  'graph.counts',
  'graph.twoPointCounts',
  'graph.colourStart',
  'graph.nextTwo',
  'graph.nextOther',
];
const NAMES = COLOUR_ARRAYS.map((p) => p.slice(p.indexOf('.') + 1));
const global = (name) => `$co_${name}`;

const get = (x) => `(local.get $${x})`;
const set = (x, e) => `(local.set $${x} ${e})`;
const k = (n) => `(i32.const ${n})`;
const add = (a, b) => `(i32.add ${a} ${b})`;
/** Byte address of element `i` of int32 array `name` (its offset in a local of that name). */
const at = (name, i) => `(i32.add ${get(name)} (i32.shl ${i} (i32.const 2)))`;
const ld = (name, i) => `(i32.load ${at(name, i)})`;
const st = (name, i, v) => `(i32.store ${at(name, i)} ${v})`;
/** `a[i] = a[i] + d`. */
const bump = (name, i, d) => `(i32.store ${at(name, i)} (i32.add (i32.load ${at(name, i)}) ${d}))`;
/** Locals holding the offsets of the arrays `names` use. */
const bases = (names) => names.map((n) => `(local $${n} i32)`).join(' ');
const loadBases = (names) => names.map((n) => set(n, `(global.get ${global(n)})`)).join('\n  ');
/** `for (let i = 0; i < end; i++) body` (`continue` is `(br $next_i)` after the increment: see loop). */
const loop = (i, end, body) => `${set(i, k(0))}
  (block $done_${i} (loop $top_${i}
    (br_if $done_${i} (i32.ge_s ${get(i)} ${end}))
    (block $next_${i}
      ${body})
    ${set(i, add(get(i), k(1)))}
    (br $top_${i})))`;

/**
 * `$moves(b)`: whether body b moves, not constraint_graph.ts isFixed: an inverse mass or
 * inertia (most bodies: returns at once), else a -0 velocity component (the one double whose
 * bits are 1 << 63). A function with early returns: written inline without branches, its
 * five loads a body cost the tumbler 0.27 M instructions a step more.
 */
function movesFunc() {
  const column = (name) =>
    `(f64.load (i32.add (global.get ${global(name)}) (i32.shl ${get('b')} (i32.const 3))))`;
  const negZero = (off) => `(i64.eq (i64.load offset=${off * 8} ${get('o')}) (i64.const 0x8000000000000000))`;
  return `(func $moves (param $b i32) (result i32) (local $o i32)
  (if (f64.ne ${column('invMass')} (f64.const 0)) (then (return ${k(1)})))
  (if (f64.ne ${column('invInertia')} (f64.const 0)) (then (return ${k(1)})))
  ${set('o', `(i32.add (global.get $st) (i32.shl ${get('b')} (i32.const ${Math.log2(BODY_STRIDE * 8)})))`)}
  (i32.or (i32.or ${negZero(S.VX)} ${negZero(S.VY)}) ${negZero(S.W)}))`;
}
const moves = (b) => `(call $moves ${get(b)})`;

/** A contact's inputs common to sameInputs and assignColours: contact c, its points, bodies. */
const contactHead = (skip) => `${set('c', ld('awakeContacts', get('i')))}
      ${set('pc', ld('pointCount', get('c')))}
      (br_if ${skip} (i32.eqz ${get('pc')}))`;

/** `$same(keyCount, count)`: sameInputs: the touching contacts' count if every input is the last colouring's, else -2. */
function sameFunc() {
  const arrays = ['awakeContacts', 'pointCount', 'bodyA', 'bodyB', 'awakeIndex', 'contactOf', 'inputs'];
  const rank = (b) => `(select ${ld('awakeIndex', get(b))} ${k(NO_KEY)} ${moves(b)})`;
  const input = (j) => ld('inputs', add(get('o'), k(j)));
  return `(func $same (param $keyCount i32) (param $count i32) (result i32)
  (local $i i32) (local $n i32) (local $c i32) (local $pc i32) (local $bA i32) (local $bB i32) (local $o i32)
  ${bases(arrays)}
  ${loadBases(arrays)}
  ${loop(
    'i',
    get('count'),
    `${contactHead('$next_i')}
      (if (i32.eq ${get('n')} ${get('keyCount')}) (then (return ${k(-2)})))
      ${set('bA', ld('bodyA', get('c')))}
      ${set('bB', ld('bodyB', get('c')))}
      ${set('o', `(i32.shl ${get('n')} (i32.const 2))`)}
      (if (i32.or (i32.or (i32.or (i32.xor ${ld('contactOf', get('n'))} ${get('c')})
            (i32.xor ${input(0)} (i32.or (i32.shl ${get('bA')} (i32.const 2)) ${get('pc')})))
            (i32.or (i32.xor ${input(1)} ${get('bB')}) (i32.xor ${input(2)} ${rank('bA')})))
            (i32.xor ${input(3)} ${rank('bB')}))
        (then (return ${k(-2)})))
      ${set('n', add(get('n'), k(1)))}`,
  )}
  ${get('n')})`;
}

/** `$assign(count, awakeBodies)`: assignColours; returns the touching contacts' count. */
function assignFunc() {
  const arrays = [
    'awakeContacts',
    'pointCount',
    'bodyA',
    'bodyB',
    'awakeIndex',
    'bodyColours',
    'colourOf',
    'contactOf',
    'bucketOf',
    'counts',
    'twoPointCounts',
    'inputs',
  ];
  const ints = ['i', 'n', 'c', 'pc', 'bA', 'bB', 'movesA', 'movesB', 'maskA', 'maskB', 'taken', 'free'];
  const more = ['above', 'pick', 'bit', 'colour', 'rankA', 'rankB', 'key', 'o'];
  // (loops, not memory.fill: the scalar kernel is for engines that may lack bulk memory too)
  const clear = (name) => loop('i', k(OVERFLOW + 1), st(name, get('i'), k(0)));
  return `(func $assign (param $count i32) (param $awakeBodies i32) (result i32)
  ${[...ints, ...more].map((x) => `(local $${x} i32)`).join(' ')}
  ${bases(arrays)}
  ${loadBases(arrays)}
  ${clear('counts')}
  ${clear('twoPointCounts')}
  ${loop(
    'i',
    get('count'),
    `${contactHead('$next_i')}
      ${set('bA', ld('bodyA', get('c')))}
      ${set('bB', ld('bodyB', get('c')))}
      ${set('movesA', moves('bA'))}
      ${set('movesB', moves('bB'))}
      ${set('maskA', `(select ${ld('bodyColours', get('bA'))} ${k(0)} ${get('movesA')})`)}
      ${set('maskB', `(select ${ld('bodyColours', get('bB'))} ${k(0)} ${get('movesB')})`)}
      ${set('taken', `(i32.or ${get('maskA')} ${get('maskB')})`)}
      ${set('free', `(i32.and (i32.xor ${get('taken')} ${k(-1)}) ${k(ALL)})`)}
      ;; the lowest free colour above every colour the bodies have; else the lowest free one
      ${set(
        'above',
        `(select ${get('free')}
        (i32.and ${get('free')} (i32.xor (i32.sub (i32.shl ${k(2)} (i32.sub ${k(31)} (i32.clz ${get('taken')}))) ${k(1)}) ${k(-1)}))
        (i32.eqz ${get('taken')}))`,
      )}
      ${set('pick', `(select ${get('above')} ${get('free')} ${get('above')})`)}
      ${set('bit', `(i32.and ${get('pick')} (i32.sub ${k(0)} ${get('pick')}))`)}
      ${set('colour', `(select ${k(OVERFLOW)} (i32.ctz ${get('pick')}) (i32.eqz ${get('pick')}))`)}
      (if ${get('movesA')} (then ${st('bodyColours', get('bA'), `(i32.or ${get('maskA')} ${get('bit')})`)}))
      (if ${get('movesB')} (then ${st('bodyColours', get('bB'), `(i32.or ${get('maskB')} ${get('bit')})`)}))
      ${st('colourOf', get('n'), get('colour'))}
      ${st('contactOf', get('n'), get('c'))}
      ${set('rankA', `(select ${ld('awakeIndex', get('bA'))} ${k(NO_KEY)} ${get('movesA')})`)}
      ${set('rankB', `(select ${ld('awakeIndex', get('bB'))} ${k(NO_KEY)} ${get('movesB')})`)}
      ${set('key', `(select ${get('rankA')} ${get('rankB')} (i32.lt_s ${get('rankA')} ${get('rankB')}))`)}
      ${set('o', `(i32.shl ${get('n')} (i32.const 2))`)}
      ${st('inputs', get('o'), `(i32.or (i32.shl ${get('bA')} (i32.const 2)) ${get('pc')})`)}
      ${st('inputs', add(get('o'), k(1)), get('bB'))}
      ${st('inputs', add(get('o'), k(2)), get('rankA'))}
      ${st('inputs', add(get('o'), k(3)), get('rankB'))}
      ${st(
        'bucketOf',
        get('n'),
        `(select (i32.add ${get('key')} ${k(1)}) ${k(0)}
        (i32.and (i32.ne ${get('colour')} ${k(OVERFLOW)})
          (i32.and (i32.ge_s ${get('key')} ${k(0)}) (i32.lt_s ${get('key')} ${get('awakeBodies')}))))`,
      )}
      ${bump('counts', get('colour'), k(1))}
      ${bump('twoPointCounts', get('colour'), `(i32.eq ${get('pc')} ${k(2)})`)}
      ${set('n', add(get('n'), k(1)))}`,
  )}
  ${get('n')})`;
}

/** `$sort(n, buckets)`: sortByBody, a stable counting sort of awake-order positions by bucket into `order`. */
function sortFunc() {
  const arrays = ['bucketOf', 'bucketStart', 'order'];
  return `(func $sort (param $n i32) (param $buckets i32)
  (local $j i32) (local $b i32) (local $at i32) (local $size i32) (local $place i32)
  ${bases(arrays)}
  ${loadBases(arrays)}
  ${loop('b', get('buckets'), st('bucketStart', get('b'), k(0)))}
  ${loop('j', get('n'), `${set('b', ld('bucketOf', get('j')))}\n      ${bump('bucketStart', get('b'), k(1))}`)}
  ${loop(
    'b',
    get('buckets'),
    `${set('size', ld('bucketStart', get('b')))}
      ${st('bucketStart', get('b'), get('at'))}
      ${set('at', add(get('at'), get('size')))}`,
  )}
  ${loop(
    'j',
    get('n'),
    `${set('b', ld('bucketOf', get('j')))}
      ${set('place', ld('bucketStart', get('b')))}
      ${st('bucketStart', get('b'), add(get('place'), k(1)))}
      ${st('order', get('place'), get('j'))}`,
  )})`;
}

/** `$place(n)`: placeConstraints: the colour starts, each contact's place and meta record; clears the masks. */
function placeFunc() {
  const arrays = [
    'pointCount',
    'bodyA',
    'bodyB',
    'bodyColours',
    'colourOf',
    'contactOf',
    'counts',
    'twoPointCounts',
    'colourStart',
    'nextTwo',
    'nextOther',
    'order',
    'bucketOf',
    'bucketAt',
  ];
  const ints = ['i', 'j', 'c', 'colour', 'pc', 'bA', 'bB', 'place', 'flag', 'offset', 'at', 'm'];
  return `(func $place (param $n i32)
  ${ints.map((x) => `(local $${x} i32)`).join(' ')}
  ${bases(arrays)}
  ${loadBases(arrays)}
  ;; the overflow first, then the colours; two-point contacts first within each
  ${set('at', ld('counts', k(OVERFLOW)))}
  ${st('nextTwo', k(OVERFLOW), k(0))}
  ${st('nextOther', k(OVERFLOW), k(0))}
  ${loop(
    'colour',
    k(OVERFLOW),
    `${st('colourStart', get('colour'), get('at'))}
      ${st('nextTwo', get('colour'), get('at'))}
      ${st('nextOther', get('colour'), add(get('at'), ld('twoPointCounts', get('colour'))))}
      ${set('at', add(get('at'), ld('counts', get('colour'))))}`,
  )}
  ${st('colourStart', k(OVERFLOW), get('at'))}
  ${loop(
    'i',
    get('n'),
    `${set('j', ld('order', get('i')))}
      ${set('c', ld('contactOf', get('j')))}
      ${set('colour', ld('colourOf', get('j')))}
      ${set('pc', ld('pointCount', get('c')))}
      ${set('bA', ld('bodyA', get('c')))}
      ${set('bB', ld('bodyB', get('c')))}
      ${st('bodyColours', get('bA'), k(0))}
      ${st('bodyColours', get('bB'), k(0))}
      ${set('flag', k(0))}
      (if (i32.or (i32.eq ${get('colour')} ${k(OVERFLOW)}) (i32.eq ${get('pc')} ${k(2)}))
        (then
          ;; the overflow (one by one, never paired) and two-point contacts, in pairs at even
          ;; offsets from the colour's start
          ${set('place', ld('nextTwo', get('colour')))}
          ${st('nextTwo', get('colour'), add(get('place'), k(1)))}
          ${set('offset', `(i32.sub ${get('place')} ${ld('colourStart', get('colour'))})`)}
          (if (i32.ne ${get('colour')} ${k(OVERFLOW)}) (then
            ${set(
              'flag',
              `(select ${k(PAIRED)} ${k(0)} (i32.and (i32.eqz (i32.and ${get('offset')} ${k(1)}))
              (i32.lt_s (i32.add ${get('offset')} ${k(1)}) ${ld('twoPointCounts', get('colour'))})))`,
            )})))
        (else
          ${set('place', ld('nextOther', get('colour')))}
          ${st('nextOther', get('colour'), add(get('place'), k(1)))}))
      ${st('bucketAt', get('place'), ld('bucketOf', get('j')))}
      ${set('m', `(i32.add (global.get $km) (i32.shl ${get('place')} (i32.const ${Math.log2(META * 4)})))`)}
      (i32.store offset=0 ${get('m')} (i32.shl ${get('bA')} (i32.const ${Math.log2(BODY_STRIDE)})))
      (i32.store offset=4 ${get('m')} (i32.shl ${get('bB')} (i32.const ${Math.log2(BODY_STRIDE)})))
      (i32.store offset=8 ${get('m')} (i32.or ${get('pc')} ${get('flag')}))
      (i32.store offset=12 ${get('m')} ${get('c')})`,
  )})`;
}

/** The colouring's globals, its layout setter and `colour(keyCount, awakeContacts, awakeBodies, regionMin)`. */
export function colourWat() {
  return `${NAMES.map((n) => `(global ${global(n)} (mut i32) (i32.const 0))`).join(' ')}
  (func (export "setColourLayout") ${NAMES.map(() => '(param i32)').join(' ')}
    ${NAMES.map((n, i) => `(global.set ${global(n)} (local.get ${i}))`).join(' ')})
  ${movesFunc()}
  ${sameFunc()}
  ${assignFunc()}
  ${sortFunc()}
  ${placeFunc()}
  ;; colourContacts after its reserve: the last colouring's count when its inputs are the
  ;; same (its places and meta stand), else colours; returns the constraint count. From
  ;; $regionMin constraints the layout is in regions, which the JS cuts and places
  ;; (constraint_graph.ts layOut) from the colours and the sort made here: then -1 - count
  (func (export "colour") (param $keyCount i32) (param $count i32) (param $awakeBodies i32) (param $regionMin i32) (result i32)
    (local $n i32)
    (if (i32.eq (call $same (local.get $keyCount) (local.get $count)) (local.get $keyCount))
      (then (return (i32.load offset=${OVERFLOW * 4} (global.get ${global('colourStart')})))))
    ${set('n', `(call $assign (local.get $count) (local.get $awakeBodies))`)}
    (call $sort (local.get $n) (i32.add (local.get $awakeBodies) (i32.const 1)))
    (if (i32.ge_s (local.get $n) (local.get $regionMin))
      (then (return (i32.sub (i32.const -1) (local.get $n)))))
    (call $place (local.get $n))
    (local.get $n))`;
}
