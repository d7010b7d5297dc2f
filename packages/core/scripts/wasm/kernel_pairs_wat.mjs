/**
 * The broad phase's pair walk in the kernel (docs/wasm-kernel.md, "The pair walk in the
 * kernel"): src/collision/pair_query.ts queryPairsBlock and walkQuery as WAT text for
 * kernel_wat.mjs's module, one call for a block of queued queries. Same leaves, same order,
 * same ranges and the same -1 overflow protocol as the JS: the tests are comparisons only,
 * so the bits cannot differ, only the order could, and the walk is the JS's step for step
 * (the stack holds nodes that passed; a node pushes its passing children, first then second).
 *
 * With f64x2, a box test is two compares, (min x, min y) <= (max x, max y) of the query and
 * (max x, max y) >= its (min x, min y), each a 16-byte load of a 32-byte record.
 */

// Layouts, as src/collision/dynamic_tree.ts N and pair_query.ts Q (bytes).
const NODE = { CHILD1: 0, CHILD2: 4, HEIGHT: 8, BITS: 12, USER: 16, PARENT: 20, STRIDE: 32 };
const QREC = { KEY: 0, TREE: 4, ROOT: 8, MASK: 12, PREV: 16, STRIDE: 20 };
/** A box (tree node, query, prevFat entry): minX, minY, maxX, maxY. */
const BOX = 32;

/**
 * The arrays `setPairsLayout` takes the byte offsets of, in its order: paths from the
 * world's broad phase (w.broadPhase), then the kernel's own traversal stack
 * (src/wasm/kernel_pairs.ts places them; gen_bytes.mjs writes this list beside the bytes).
 */
export const PAIR_ARRAYS = [
  'trees.0.box',
  'trees.1.box',
  'trees.2.box',
  'trees.0.node',
  'trees.1.node',
  'trees.2.node',
  'moveIndex.0',
  'moveIndex.1',
  'moveIndex.2',
  'prevFat',
  'queries.item',
  'queries.box',
  'queries.range',
  'queries.hits',
  'queries.meta',
  'stack',
  // the self-walk's (movedPairsFunc): the dynamic tree's query masks, the move buffer, the
  // marks, and its candidates
  'queryMask.2',
  'moveBuffer',
  'movedBelow',
  'movedPairs',
];
const G = PAIR_ARRAYS.map((p) => `$pw_${p.replace(/\./g, '_')}`);
const g = (p) => `(global.get ${G[PAIR_ARRAYS.indexOf(p)]})`;

const get = (x) => `(local.get $${x})`;
const i32 = (n) => `(i32.const ${n})`;
/** One of three globals by tree type `t`. */
const byTree = (a, b, c) =>
  `(select ${a} (select ${b} ${c} (i32.eq ${get('t')} ${i32(1)})) (i32.eqz ${get('t')}))`;

/**
 * Whether the box at byte address `p` overlaps (touching counts) the box held in locals
 * `min`/`max` (f64x2) or `minX`.. (f64): min <= other's max and max >= other's min, as the JS.
 */
function overlaps(simd, p, lo, hi) {
  if (simd) {
    return `(i64x2.all_true (v128.and (f64x2.le (v128.load ${p}) ${get(`${hi}`)}) (f64x2.ge (v128.load offset=16 ${p}) ${get(`${lo}`)})))`;
  }
  return `(i32.and (i32.and (f64.le (f64.load ${p}) ${get(`${hi}X`)}) (f64.ge (f64.load offset=16 ${p}) ${get(`${lo}X`)}))
    (i32.and (f64.le (f64.load offset=8 ${p}) ${get(`${hi}Y`)}) (f64.ge (f64.load offset=24 ${p}) ${get(`${lo}Y`)})))`;
}

/** Loads the box at byte address `p` into the locals `lo`/`hi` (f64x2) or `loX`.. (f64). */
function loadBox(simd, p, lo, hi) {
  if (simd) return `(local.set $${lo} (v128.load ${p})) (local.set $${hi} (v128.load offset=16 ${p}))`;
  return `(local.set $${lo}X (f64.load ${p})) (local.set $${lo}Y (f64.load offset=8 ${p}))
    (local.set $${hi}X (f64.load offset=16 ${p})) (local.set $${hi}Y (f64.load offset=24 ${p}))`;
}

function boxLocals(simd, names) {
  if (simd) return names.map((n) => `(local $${n} v128)`).join(' ');
  return names.flatMap((n) => [`(local $${n}X f64)`, `(local $${n}Y f64)`]).join(' ');
}

/** Whether child `c` (its index in local c, set from `e`) passes: its box and its categories. */
function passes(simd, c, e) {
  return `(local.set $${c} ${e})
      (local.set $p${c} (i32.and ${overlaps(simd, `(i32.add ${get('nb')} (i32.shl ${get(c)} ${i32(5)}))`, 'qmin', 'qmax')}
        (i32.ne (i32.and (i32.load offset=${NODE.BITS} (i32.add ${get('nd')} (i32.shl ${get(c)} ${i32(5)}))) ${get('mask')}) ${i32(0)})))`;
}

/**
 * walkQuery: query record at byte `o`, its box at byte `b`, the tree's boxes, nodes and move
 * index at `nb`, `nd`, `mi`; hits from `count`, -1 past `limit`. The JS pushes the passing
 * children, first then second, and pops the top: here the node the JS would pop next is
 * visited without the push and pop (the second child when it passes, else the first), in
 * the same order. The arrays' offsets are read from their globals once, into locals.
 */
function walkFunc(simd) {
  return `(func $walkQuery (param $o i32) (param $b i32) (param $t i32) (param $nb i32) (param $nd i32) (param $mi i32) (param $count i32) (param $limit i32) (result i32)
    (local $key i32) (local $mask i32) (local $top i32) (local $n i32) (local $no i32) (local $c1 i32) (local $c2 i32)
    (local $pc1 i32) (local $pc2 i32) (local $other i32) (local $moved i32) (local $s i32) (local $then i32)
    (local $stack i32) (local $prev i32) (local $hits i32)
    ${boxLocals(simd, ['qmin', 'qmax', 'pmin', 'pmax'])}
    (local.set $stack ${g('stack')})
    (local.set $prev ${g('prevFat')})
    (local.set $hits ${g('queries.hits')})
    (local.set $key (i32.load offset=${QREC.KEY} ${get('o')}))
    (local.set $mask (i32.load offset=${QREC.MASK} ${get('o')}))
    ${loadBox(simd, get('b'), 'qmin', 'qmax')}
    ${loadBox(simd, `(i32.add ${get('prev')} (i32.shl (i32.load offset=${QREC.PREV} ${get('o')}) ${i32(3)}))`, 'pmin', 'pmax')}
    (local.set $n (i32.load offset=${QREC.ROOT} ${get('o')}))
    (block $done (loop $visit
      (block $pop
        (local.set $no (i32.add ${get('nd')} (i32.shl ${get('n')} ${i32(5)})))
        (if (i32.gt_s (i32.load offset=${NODE.HEIGHT} ${get('no')}) ${i32(0)})
          (then
            ${passes(simd, 'c1', `(i32.load offset=${NODE.CHILD1} ${get('no')})`)}
            ${passes(simd, 'c2', `(i32.load offset=${NODE.CHILD2} ${get('no')})`)}
            (if ${get('pc2')} (then
              (if ${get('pc1')} (then
                (i32.store (i32.add ${get('stack')} (i32.shl ${get('top')} ${i32(2)})) ${get('c1')})
                (local.set $top (i32.add ${get('top')} ${i32(1)}))))
              (local.set $n ${get('c2')})
              (br $visit)))
            (local.set $n ${get('c1')})
            (br_if $visit ${get('pc1')})
            (br $pop)))
        (local.set $other (i32.or (i32.shl ${get('n')} ${i32(2)}) ${get('t')}))
        (br_if $pop (i32.eq ${get('other')} ${get('key')}))
        (local.set $moved (i32.ge_s (i32.load (i32.add ${get('mi')} (i32.shl ${get('n')} ${i32(2)}))) ${i32(0)}))
        (br_if $pop (i32.and (i32.lt_s ${get('other')} ${get('key')}) ${get('moved')}))
        (local.set $s (i32.load offset=${NODE.USER} ${get('no')}))
        (local.set $then (select
          (i32.add ${get('prev')} (i32.shl ${get('s')} ${i32(5)}))
          (i32.add ${get('nb')} (i32.shl ${get('n')} ${i32(5)}))
          ${get('moved')}))
        (br_if $pop ${overlaps(simd, get('then'), 'pmin', 'pmax')})
        (if (i32.eq ${get('count')} ${get('limit')}) (then (return ${i32(-1)})))
        (i32.store (i32.add ${get('hits')} (i32.shl ${get('count')} ${i32(2)})) ${get('s')})
        (local.set $count (i32.add ${get('count')} ${i32(1)})))
      (br_if $done (i32.eqz ${get('top')}))
      (local.set $top (i32.sub ${get('top')} ${i32(1)}))
      (local.set $n (i32.load (i32.add ${get('stack')} (i32.shl ${get('top')} ${i32(2)}))))
      (br $visit)))
    ${get('count')})`;
}

/**
 * queryPairsBlock over queries [start, end): `hitsLength` is the hits array's length. The
 * stack holds every queried tree's height plus two entries (the host sizes it first).
 */
function blockFunc() {
  return `(func (export "queryPairs") (param $start i32) (param $end i32) (param $hitsLength i32) (result i32)
    (local $j i32) (local $per i32) (local $at i32) (local $limit i32) (local $o i32) (local $t i32)
    (local $next i32) (local $r i32)
    (local.set $per (i32.load ${g('queries.meta')}))
    (local.set $at (i32.mul ${get('start')} ${get('per')}))
    (local.set $limit (i32.mul ${get('end')} ${get('per')}))
    (local.set $limit (select ${get('limit')} ${get('hitsLength')} (i32.lt_s ${get('limit')} ${get('hitsLength')})))
    (local.set $j ${get('start')})
    (block $done (loop $next
      (br_if $done (i32.ge_s ${get('j')} ${get('end')}))
      (local.set $o (i32.add ${g('queries.item')} (i32.mul ${get('j')} ${i32(QREC.STRIDE)})))
      (local.set $t (i32.load offset=${QREC.TREE} ${get('o')}))
      (local.set $next ${i32(-1)})
      (if (i32.ge_s ${get('at')} ${i32(0)})
        (then (local.set $next (call $walkQuery ${get('o')}
          (i32.add ${g('queries.box')} (i32.mul ${get('j')} ${i32(BOX)})) ${get('t')}
          ${byTree(g('trees.0.box'), g('trees.1.box'), g('trees.2.box'))}
          ${byTree(g('trees.0.node'), g('trees.1.node'), g('trees.2.node'))}
          ${byTree(g('moveIndex.0'), g('moveIndex.1'), g('moveIndex.2'))}
          ${get('at')} ${get('limit')}))))
      (local.set $r (i32.add ${g('queries.range')} (i32.shl ${get('j')} ${i32(3)})))
      (i32.store ${get('r')} (select ${i32(-1)} ${get('at')} (i32.lt_s ${get('next')} ${i32(0)})))
      (i32.store offset=4 ${get('r')} ${get('next')})
      (local.set $at ${get('next')})
      (local.set $j (i32.add ${get('j')} ${i32(1)}))
      (br $next)))
    (i32.lt_s ${get('at')} ${i32(0)}))`;
}

/**
 * Whether the boxes at byte addresses `a` and `b` (locals) overlap, touching counts: a's min
 * <= b's max and a's max >= b's min, as the JS's four compares.
 */
function boxesOverlap(simd, a, b) {
  if (simd) {
    return `(i64x2.all_true (v128.and (f64x2.le (v128.load ${get(a)}) (v128.load offset=16 ${get(b)}))
      (f64x2.ge (v128.load offset=16 ${get(a)}) (v128.load ${get(b)}))))`;
  }
  return `(i32.and (i32.and (f64.le (f64.load ${get(a)}) (f64.load offset=16 ${get(b)})) (f64.ge (f64.load offset=16 ${get(a)}) (f64.load ${get(b)})))
    (i32.and (f64.le (f64.load offset=8 ${get(a)}) (f64.load offset=24 ${get(b)})) (f64.ge (f64.load offset=24 ${get(a)}) (f64.load offset=8 ${get(b)}))))`;
}

/** Pushes the node pair (`x`, `y`) (locals) on the self-walk's stack. */
const pushPair = (x, y) => `(local.set $s (i32.add ${get('stack')} (i32.shl ${get('top')} ${i32(2)})))
  (i32.store ${get('s')} ${get(x)}) (i32.store offset=4 ${get('s')} ${get(y)})
  (local.set $top (i32.add ${get('top')} ${i32(2)}))`;

/**
 * collision/broad_phase.ts findMovedPairs' walk of the dynamic tree against itself, its
 * marking (markMovedBelow) first: the candidates it hands the pair filter, in its order, as
 * (lower shape, higher shape) into `movedPairs`. Returns their count, -1 past `limit` pairs,
 * -2 when the stack (`room` entries) is short; the walk writes nothing else but the marks,
 * so the host grows the array and calls again. The stack is the JS's, push for push.
 * Arguments: the tree's root, the move buffer's count, the dynamic tree's node count.
 */
function movedPairsFunc(simd) {
  return `(func (export "walkMovedPairs") (param $root i32) (param $moves i32) (param $nodes i32) (param $limit i32) (param $room i32) (result i32)
    (local $nb i32) (local $nd i32) (local $mi i32) (local $qm i32) (local $below i32) (local $prev i32)
    (local $stack i32) (local $out i32) (local $i i32) (local $n i32) (local $key i32) (local $top i32)
    (local $s i32) (local $a i32) (local $b i32) (local $oa i32) (local $ob i32) (local $ha i32) (local $hb i32)
    (local $c1 i32) (local $c2 i32) (local $m1 i32) (local $m2 i32) (local $keep i32) (local $os i32)
    (local $mk i32) (local $pa i32) (local $pb i32) (local $movedA i32) (local $movedB i32) (local $rep i32)
    (local $r i32) (local $o i32) (local $oo i32) (local $oMoved i32) (local $sr i32) (local $so i32)
    (local $count i32)
    (local.set $nb ${g('trees.2.box')})
    (local.set $nd ${g('trees.2.node')})
    (local.set $mi ${g('moveIndex.2')})
    (local.set $qm ${g('queryMask.2')})
    (local.set $below ${g('movedBelow')})
    (local.set $prev ${g('prevFat')})
    (local.set $stack ${g('stack')})
    (local.set $out ${g('movedPairs')})
    ;; the marks: cleared, then every node with a moved dynamic proxy below it
    (block $cleared (loop $clear
      (br_if $cleared (i32.ge_s ${get('i')} ${get('nodes')}))
      (i32.store8 (i32.add ${get('below')} ${get('i')}) ${i32(0)})
      (local.set $i (i32.add ${get('i')} ${i32(1)}))
      (br $clear)))
    (local.set $i ${i32(0)})
    (block $marked (loop $mark
      (br_if $marked (i32.ge_s ${get('i')} ${get('moves')}))
      (local.set $key (i32.load (i32.add ${g('moveBuffer')} (i32.shl ${get('i')} ${i32(2)}))))
      (local.set $i (i32.add ${get('i')} ${i32(1)}))
      (br_if $mark (i32.ne (i32.and ${get('key')} ${i32(3)}) ${i32(2)}))
      (local.set $n (i32.shr_s ${get('key')} ${i32(2)}))
      (block $up (loop $parent
        (br_if $up (i32.eq ${get('n')} ${i32(-1)}))
        (br_if $up (i32.load8_u (i32.add ${get('below')} ${get('n')})))
        (i32.store8 (i32.add ${get('below')} ${get('n')}) ${i32(1)})
        (local.set $n (i32.load offset=${NODE.PARENT} (i32.add ${get('nd')} (i32.shl ${get('n')} ${i32(5)}))))
        (br $parent)))
      (br $mark)))
    ;; the walk: the stack holds node pairs whose boxes overlap and of which one side has a
    ;; moved proxy below it; (n, n) stands for the pairs within one subtree
    (local.set $a ${get('root')})
    (local.set $b ${get('root')})
    ${pushPair('a', 'b')}
    (block $done (loop $pop
      (br_if $done (i32.eqz ${get('top')}))
      (local.set $top (i32.sub ${get('top')} ${i32(2)}))
      (local.set $s (i32.add ${get('stack')} (i32.shl ${get('top')} ${i32(2)})))
      (local.set $a (i32.load ${get('s')}))
      (local.set $b (i32.load offset=4 ${get('s')}))
      (if (i32.gt_s (i32.add ${get('top')} ${i32(6)}) ${get('room')}) (then (return ${i32(-2)})))
      (local.set $oa (i32.add ${get('nd')} (i32.shl ${get('a')} ${i32(5)})))
      (local.set $ob (i32.add ${get('nd')} (i32.shl ${get('b')} ${i32(5)})))
      (local.set $ha (i32.load offset=${NODE.HEIGHT} ${get('oa')}))
      (local.set $hb (i32.load offset=${NODE.HEIGHT} ${get('ob')}))
      (if (i32.eq ${get('a')} ${get('b')}) (then
        (br_if $pop (i32.eqz ${get('ha')}))
        (local.set $c1 (i32.load offset=${NODE.CHILD1} ${get('oa')}))
        (local.set $c2 (i32.load offset=${NODE.CHILD2} ${get('oa')}))
        (local.set $m1 (i32.load8_u (i32.add ${get('below')} ${get('c1')})))
        (local.set $m2 (i32.load8_u (i32.add ${get('below')} ${get('c2')})))
        (if ${get('m1')} (then ${pushPair('c1', 'c1')}))
        (if ${get('m2')} (then ${pushPair('c2', 'c2')}))
        (br_if $pop (i32.eqz (i32.or ${get('m1')} ${get('m2')})))
        (local.set $pa (i32.add ${get('nb')} (i32.shl ${get('c1')} ${i32(5)})))
        (local.set $pb (i32.add ${get('nb')} (i32.shl ${get('c2')} ${i32(5)})))
        (if ${boxesOverlap(simd, 'pa', 'pb')} (then ${pushPair('c1', 'c2')}))
        (br $pop)))
      (if (i32.or ${get('ha')} ${get('hb')}) (then
        ;; split the taller side (its node record at os) against the other
        (local.set $keep (select ${get('b')} ${get('a')} (i32.ge_s ${get('ha')} ${get('hb')})))
        (local.set $os (select ${get('oa')} ${get('ob')} (i32.ge_s ${get('ha')} ${get('hb')})))
        (local.set $mk (i32.load8_u (i32.add ${get('below')} ${get('keep')})))
        (local.set $pb (i32.add ${get('nb')} (i32.shl ${get('keep')} ${i32(5)})))
        (local.set $c1 (i32.load offset=${NODE.CHILD1} ${get('os')}))
        (if (i32.or ${get('mk')} (i32.load8_u (i32.add ${get('below')} ${get('c1')}))) (then
          (local.set $pa (i32.add ${get('nb')} (i32.shl ${get('c1')} ${i32(5)})))
          (if ${boxesOverlap(simd, 'pa', 'pb')} (then ${pushPair('c1', 'keep')}))))
        (local.set $c2 (i32.load offset=${NODE.CHILD2} ${get('os')}))
        (if (i32.or ${get('mk')} (i32.load8_u (i32.add ${get('below')} ${get('c2')}))) (then
          (local.set $pa (i32.add ${get('nb')} (i32.shl ${get('c2')} ${i32(5)})))
          (if ${boxesOverlap(simd, 'pa', 'pb')} (then ${pushPair('c2', 'keep')}))))
        (br $pop)))
      ;; two leaves whose boxes overlap, one at least moved: r reports, o is met
      (local.set $movedA (i32.ge_s (i32.load (i32.add ${get('mi')} (i32.shl ${get('a')} ${i32(2)}))) ${i32(0)}))
      (local.set $movedB (i32.ge_s (i32.load (i32.add ${get('mi')} (i32.shl ${get('b')} ${i32(2)}))) ${i32(0)}))
      (local.set $rep (i32.and ${get('movedA')} (i32.or (i32.eqz ${get('movedB')}) (i32.lt_s ${get('a')} ${get('b')}))))
      (local.set $r (select ${get('a')} ${get('b')} ${get('rep')}))
      (local.set $o (select ${get('b')} ${get('a')} ${get('rep')}))
      (local.set $oo (select ${get('ob')} ${get('oa')} ${get('rep')}))
      (local.set $oMoved (select ${get('movedB')} ${get('movedA')} ${get('rep')}))
      (br_if $pop (i32.eqz (i32.and (i32.load offset=${NODE.BITS} ${get('oo')})
        (i32.load (i32.add ${get('qm')} (i32.shl ${get('r')} ${i32(2)}))))))
      (local.set $sr (i32.load offset=${NODE.USER} (i32.add ${get('nd')} (i32.shl ${get('r')} ${i32(5)}))))
      (local.set $so (i32.load offset=${NODE.USER} ${get('oo')}))
      ;; met at the last search already (see walkQuery)
      (local.set $pa (select
        (i32.add ${get('prev')} (i32.shl ${get('so')} ${i32(5)}))
        (i32.add ${get('nb')} (i32.shl ${get('o')} ${i32(5)}))
        ${get('oMoved')}))
      (local.set $pb (i32.add ${get('prev')} (i32.shl ${get('sr')} ${i32(5)})))
      (br_if $pop ${boxesOverlap(simd, 'pa', 'pb')})
      (if (i32.eq ${get('count')} ${get('limit')}) (then (return ${i32(-1)})))
      (local.set $s (i32.add ${get('out')} (i32.shl ${get('count')} ${i32(3)})))
      (i32.store ${get('s')} (select ${get('so')} ${get('sr')} (i32.lt_s ${get('so')} ${get('sr')})))
      (i32.store offset=4 ${get('s')} (select ${get('sr')} ${get('so')} (i32.lt_s ${get('so')} ${get('sr')})))
      (local.set $count (i32.add ${get('count')} ${i32(1)}))
      (br $pop)))
    ${get('count')})`;
}

/** Every function and global of this file, for the module (kernel_wat.mjs kernelWat). */
export function pairsWat({ simd = true } = {}) {
  return `${G.map((x) => `(global ${x} (mut i32) (i32.const 0))`).join(' ')}
  (func (export "setPairsLayout") ${G.map(() => '(param i32)').join(' ')}
    ${G.map((x, i) => `(global.set ${x} (local.get ${i}))`).join(' ')})
  ${walkFunc(simd)}
  ${blockFunc()}
  ${movedPairsFunc(simd)}`;
}
