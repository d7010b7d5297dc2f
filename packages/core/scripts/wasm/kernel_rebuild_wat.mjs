/**
 * The dynamic tree's rebuild in the kernel (docs/wasm-kernel.md, "The tree's rebuild in the
 * kernel"): src/collision/dynamic_tree.ts rebuild (collectItems, fillCenters, splitRanges,
 * partition, partitionMid, centerBounds, refitBuilt) as WAT text for kernel_wat.mjs's module,
 * one call per rebuild. The same tree, word for word and bit for bit: the same walk, the same
 * centres, comparisons and splits, the same nodes taken in the same order.
 *
 * The free list: the JS frees the internal nodes it walks (pushing each on the list) and then
 * allocates as many (an enlarged set from the root with k internal nodes holds k + 1 items),
 * popping them back, the last freed first; so the kernel lists the freed nodes and takes them
 * from the end, and the list's head after the rebuild is the one before. The root is the
 * first node taken: the last one freed.
 */

// Layouts, as src/collision/dynamic_tree.ts N (bytes) and its flags.
const NODE = { CHILD1: 0, CHILD2: 4, HEIGHT: 8, BITS: 12, USER: 16, PARENT: 20, FLAGS: 24, SHIFT: 5 };
const ALLOCATED = 1;
const ENLARGED = 2;

const get = (x) => `(local.get $${x})`;
const set = (x, e) => `(local.set $${x} ${e})`;
const i32 = (n) => `(i32.const ${n})`;
/** Byte address of element `i` (an expression) of the array at local `a`, `shift` its log2 size. */
const at = (a, i, shift) => `(i32.add ${get(a)} (i32.shl ${i} ${i32(shift)}))`;
const rec = (n) => at('nd', n, NODE.SHIFT);
const boxAt = (n) => at('nb', n, 5);
/** `x = v` when `v` is below (`lt`) or above (`gt`) it: the JS's `if (v < x) x = v`. */
const lower = (x, v) => set(x, `(select ${v} ${get(x)} (f64.lt ${v} ${get(x)}))`);
const upper = (x, v) => set(x, `(select ${v} ${get(x)} (f64.gt ${v} ${get(x)}))`);
/** Widens the bounds `p`0..3 (min x, max x, min y, max y) by the centre in locals x, y. */
const widen = (p) =>
  `${lower(`${p}x0`, get('x'))} ${upper(`${p}x1`, get('x'))} ${lower(`${p}y0`, get('y'))} ${upper(`${p}y1`, get('y'))}`;
const boundLocals = (p) => ['x0', 'x1', 'y0', 'y1'].map((s) => `(local $${p}${s} f64)`).join(' ');
const empty = (p) =>
  `${set(`${p}x0`, '(f64.const inf)')} ${set(`${p}x1`, '(f64.const -inf)')} ${set(`${p}y0`, '(f64.const inf)')} ${set(`${p}y1`, '(f64.const -inf)')}`;

/**
 * centerBounds: the bounds of the centres [start, end) into the globals $rb_x0.. (the JS's
 * `bounds[at, at + 4)`).
 */
function centerBoundsFunc() {
  return `(func $rebuildBounds (param $c i32) (param $start i32) (param $end i32)
    (local $i i32) (local $x f64) (local $y f64) ${boundLocals('b')}
    ${empty('b')}
    (local.set $i ${get('start')})
    (block $done (loop $next
      (br_if $done (i32.ge_s ${get('i')} ${get('end')}))
      ${set('x', `(f64.load ${at('c', get('i'), 4)})`)}
      ${set('y', `(f64.load offset=8 ${at('c', get('i'), 4)})`)}
      ${widen('b')}
      (local.set $i (i32.add ${get('i')} ${i32(1)}))
      (br $next)))
    (global.set $rb_x0 ${get('bx0')}) (global.set $rb_x1 ${get('bx1')})
    (global.set $rb_y0 ${get('by0')}) (global.set $rb_y1 ${get('by1')}))`;
}

/**
 * partitionMid along `axis` (one function an axis, so the loops test one coordinate): the
 * items [start, end) with their centre along it below `pivot` to the front (Hoare's scheme, the JS's swaps), the halves' bounds into the globals $rl_.. and
 * $ru_..; returns where the upper half begins, or `start` when one side is empty.
 */
function partitionMidFunc(axis) {
  const v = get(axis === 0 ? 'x' : 'y');
  const load = (i) =>
    `${set('x', `(f64.load ${at('c', i, 4)})`)} ${set('y', `(f64.load offset=8 ${at('c', i, 4)})`)}`;
  return `(func $rebuildPartition${axis} (param $items i32) (param $c i32) (param $start i32) (param $end i32) (param $pivot f64) (result i32)
    (local $i i32) (local $j i32) (local $x f64) (local $y f64) (local $ux f64) (local $uy f64) (local $t i32)
    (local $pi i32) (local $pj i32) ${boundLocals('l')} ${boundLocals('u')}
    ${empty('l')} ${empty('u')}
    (local.set $i ${get('start')})
    (local.set $j ${get('end')})
    (block $split (loop $sweep
      (br_if $split (i32.ge_s ${get('i')} ${get('j')}))
      ;; below the pivot from the front...
      (block $stop (loop $front
        (br_if $stop (i32.ge_s ${get('i')} ${get('j')}))
        ${load(get('i'))}
        (br_if $stop (i32.eqz (f64.lt ${v} ${get('pivot')})))
        ${widen('l')}
        (local.set $i (i32.add ${get('i')} ${i32(1)}))
        (br $front)))
      ;; ...the rest from the back...
      (block $stop (loop $back
        (br_if $stop (i32.ge_s ${get('i')} ${get('j')}))
        ${load(`(i32.sub ${get('j')} ${i32(1)})`)}
        (br_if $stop (i32.eqz (f64.ge ${v} ${get('pivot')})))
        ${widen('u')}
        (local.set $j (i32.sub ${get('j')} ${i32(1)}))
        (br $back)))
      ;; ...and a swap where both stopped
      (if (i32.lt_s ${get('i')} ${get('j')}) (then
        ${set('pi', at('items', get('i'), 2))}
        ${set('pj', at('items', `(i32.sub ${get('j')} ${i32(1)})`, 2))}
        ${set('t', `(i32.load ${get('pi')})`)}
        (i32.store ${get('pi')} (i32.load ${get('pj')}))
        (i32.store ${get('pj')} ${get('t')})
        ${set('pi', at('c', get('i'), 4))}
        ${set('pj', at('c', `(i32.sub ${get('j')} ${i32(1)})`, 4))}
        ${set('ux', `(f64.load ${get('pi')})`)}
        ${set('uy', `(f64.load offset=8 ${get('pi')})`)}
        ${set('x', `(f64.load ${get('pj')})`)}
        ${set('y', `(f64.load offset=8 ${get('pj')})`)}
        (f64.store ${get('pi')} ${get('x')})
        (f64.store offset=8 ${get('pi')} ${get('y')})
        (f64.store ${get('pj')} ${get('ux')})
        (f64.store offset=8 ${get('pj')} ${get('uy')})
        ${widen('l')}
        ${set('x', get('ux'))}
        ${set('y', get('uy'))}
        ${widen('u')}
        (local.set $i (i32.add ${get('i')} ${i32(1)}))
        (local.set $j (i32.sub ${get('j')} ${i32(1)}))))
      (br $sweep)))
    (global.set $rl_x0 ${get('lx0')}) (global.set $rl_x1 ${get('lx1')})
    (global.set $rl_y0 ${get('ly0')}) (global.set $rl_y1 ${get('ly1')})
    (global.set $ru_x0 ${get('ux0')}) (global.set $ru_x1 ${get('ux1')})
    (global.set $ru_y0 ${get('uy0')}) (global.set $ru_y1 ${get('uy1')})
    (select ${get('i')} ${get('start')} (i32.lt_s ${get('i')} ${get('end')})))`;
}

/** Pushes the range (n, slot, from, to) at stack entry `top` + `k`, its centre bounds from `g`'s globals. */
function pushRange(k, slot, from, to, g) {
  const s = `(i32.add ${get('top')} ${i32(k)})`;
  return `${set('s', at('stack', s, 2))}
    (i32.store ${get('s')} ${get('n')}) (i32.store offset=4 ${get('s')} ${i32(slot)})
    (i32.store offset=8 ${get('s')} ${get(from)}) (i32.store offset=12 ${get('s')} ${get(to)})
    ${set('s', at('bounds', s, 3))}
    (f64.store ${get('s')} (global.get $${g}_x0)) (f64.store offset=8 ${get('s')} (global.get $${g}_x1))
    (f64.store offset=16 ${get('s')} (global.get $${g}_y0)) (f64.store offset=24 ${get('s')} (global.get $${g}_y1))`;
}

/**
 * The rebuild of the tree whose boxes and nodes are at `nb` and `nd`, from its (internal)
 * root, every leaf when `full`: items, centres (16 bytes each), the build stack (4 int32s a
 * range, for the walk first), its bounds (4 doubles a range) and the freed nodes are the
 * host's scratch, sized from the tree's node count. Returns the item count; the new root is
 * `freed[count - 2]`.
 */
function rebuildFunc() {
  return `(func (export "rebuildTree") (param $nb i32) (param $nd i32) (param $root i32) (param $full i32)
    (param $items i32) (param $c i32) (param $stack i32) (param $bounds i32) (param $freed i32) (result i32)
    (local $top i32) (local $n i32) (local $o i32) (local $flags i32) (local $leaf i32) (local $count i32)
    (local $k i32) (local $i i32) (local $s i32) (local $p i32) (local $slot i32) (local $start i32) (local $end i32)
    (local $mid i32) (local $axis i32) (local $ext f64) (local $lo f64) (local $r i32) (local $r1 i32) (local $r2 i32)
    (local $o1 i32) (local $o2 i32) (local $h1 i32) (local $h2 i32) (local $x f64) (local $y f64) ${boundLocals('b')}
    ;; collectItems: leaves and clean subtrees under the enlarged nodes are the items, the
    ;; internal nodes walked are freed
    (i32.store ${get('stack')} ${get('root')})
    (local.set $top ${i32(1)})
    (block $collected (loop $walk
      (br_if $collected (i32.eqz ${get('top')}))
      (local.set $top (i32.sub ${get('top')} ${i32(1)}))
      ${set('n', `(i32.load ${at('stack', get('top'), 2)})`)}
      ${set('o', rec(get('n')))}
      ${set('flags', `(i32.load offset=${NODE.FLAGS} ${get('o')})`)}
      ${set('leaf', `(i32.eqz (i32.load offset=${NODE.HEIGHT} ${get('o')}))`)}
      (if (i32.or ${get('leaf')} (i32.and (i32.eqz ${get('full')}) (i32.eqz (i32.and ${get('flags')} ${i32(ENLARGED)}))))
        (then
          (if ${get('leaf')} (then (i32.store offset=${NODE.FLAGS} ${get('o')} (i32.and ${get('flags')} ${i32(~ENLARGED)}))))
          (i32.store ${at('items', get('count'), 2)} ${get('n')})
          (local.set $count (i32.add ${get('count')} ${i32(1)}))
          (br $walk)))
      (i32.store ${at('stack', get('top'), 2)} (i32.load offset=${NODE.CHILD1} ${get('o')}))
      (i32.store offset=4 ${at('stack', get('top'), 2)} (i32.load offset=${NODE.CHILD2} ${get('o')}))
      (local.set $top (i32.add ${get('top')} ${i32(2)}))
      (i32.store ${at('freed', get('k'), 2)} ${get('n')})
      (local.set $k (i32.add ${get('k')} ${i32(1)}))
      (br $walk)))
    ;; fillCenters: the items' centres and their bounds
    ${empty('b')}
    (block $filled (loop $fill
      (br_if $filled (i32.ge_s ${get('i')} ${get('count')}))
      ${set('r', boxAt(`(i32.load ${at('items', get('i'), 2)})`))}
      ${set('x', `(f64.mul (f64.const 0.5) (f64.add (f64.load ${get('r')}) (f64.load offset=16 ${get('r')})))`)}
      ${set('y', `(f64.mul (f64.const 0.5) (f64.add (f64.load offset=8 ${get('r')}) (f64.load offset=24 ${get('r')})))`)}
      (f64.store ${at('c', get('i'), 4)} ${get('x')})
      (f64.store offset=8 ${at('c', get('i'), 4)} ${get('y')})
      ${widen('b')}
      (local.set $i (i32.add ${get('i')} ${i32(1)}))
      (br $fill)))
    ;; splitRanges: ranges of (parent, slot, start, end), the lower half split first; a new
    ;; node is the freed one taken last
    (i32.store ${get('stack')} ${i32(-1)})
    (i32.store offset=4 ${get('stack')} ${i32(0)})
    (i32.store offset=8 ${get('stack')} ${i32(0)})
    (i32.store offset=12 ${get('stack')} ${get('count')})
    (f64.store ${get('bounds')} ${get('bx0')})
    (f64.store offset=8 ${get('bounds')} ${get('bx1')})
    (f64.store offset=16 ${get('bounds')} ${get('by0')})
    (f64.store offset=24 ${get('bounds')} ${get('by1')})
    (local.set $top ${i32(4)})
    (local.set $i ${get('k')})
    (block $split (loop $range
      (br_if $split (i32.eqz ${get('top')}))
      (local.set $top (i32.sub ${get('top')} ${i32(4)}))
      ${set('s', at('stack', get('top'), 2))}
      ${set('p', `(i32.load ${get('s')})`)}
      ${set('slot', `(i32.load offset=4 ${get('s')})`)}
      ${set('start', `(i32.load offset=8 ${get('s')})`)}
      ${set('end', `(i32.load offset=12 ${get('s')})`)}
      (if (i32.eq (i32.sub ${get('end')} ${get('start')}) ${i32(1)})
        (then ${set('n', `(i32.load ${at('items', get('start'), 2)})`)})
        (else
          (local.set $i (i32.sub ${get('i')} ${i32(1)}))
          ${set('n', `(i32.load ${at('freed', get('i'), 2)})`)}
          ${set('o', rec(get('n')))}
          (i32.store offset=${NODE.USER} ${get('o')} ${i32(-1)})
          (i32.store offset=${NODE.FLAGS} ${get('o')} ${i32(ALLOCATED)})
          (block $parted
            (if (i32.eq (i32.sub ${get('end')} ${get('start')}) ${i32(2)}) (then
              (local.set $mid (i32.add ${get('start')} ${i32(1)}))
              (br $parted)))
            ;; partition: at the middle of the centres' extent along the longer axis
            ${set('s', at('bounds', get('top'), 3))}
            ${set('bx0', `(f64.load ${get('s')})`)} ${set('bx1', `(f64.load offset=8 ${get('s')})`)}
            ${set('by0', `(f64.load offset=16 ${get('s')})`)} ${set('by1', `(f64.load offset=24 ${get('s')})`)}
            ${set('axis', `(i32.eqz (f64.ge (f64.sub ${get('bx1')} ${get('bx0')}) (f64.sub ${get('by1')} ${get('by0')})))`)}
            ${set('lo', `(select ${get('bx0')} ${get('by0')} (i32.eqz ${get('axis')}))`)}
            ${set('ext', `(select (f64.sub ${get('bx1')} ${get('bx0')}) (f64.sub ${get('by1')} ${get('by0')}) (i32.eqz ${get('axis')}))`)}
            (if (f64.gt ${get('ext')} (f64.const 0)) (then
              ${set('x', `(f64.add ${get('lo')} (f64.mul (f64.const 0.5) ${get('ext')}))`)}
              (local.set $mid (if (result i32) ${get('axis')}
                (then (call $rebuildPartition1 ${get('items')} ${get('c')} ${get('start')} ${get('end')} ${get('x')}))
                (else (call $rebuildPartition0 ${get('items')} ${get('c')} ${get('start')} ${get('end')} ${get('x')}))))
              (br_if $parted (i32.gt_s ${get('mid')} ${get('start')}))))
            ;; all centres equal, or the split point on the lowest: halves by count
            ${set('mid', `(i32.shr_s (i32.add ${get('start')} ${get('end')}) ${i32(1)})`)}
            (call $rebuildBounds ${get('c')} ${get('start')} ${get('mid')})
            (global.set $rl_x0 (global.get $rb_x0)) (global.set $rl_x1 (global.get $rb_x1))
            (global.set $rl_y0 (global.get $rb_y0)) (global.set $rl_y1 (global.get $rb_y1))
            (call $rebuildBounds ${get('c')} ${get('mid')} ${get('end')})
            (global.set $ru_x0 (global.get $rb_x0)) (global.set $ru_x1 (global.get $rb_x1))
            (global.set $ru_y0 (global.get $rb_y0)) (global.set $ru_y1 (global.get $rb_y1)))
          ${pushRange(0, 2, 'mid', 'end', 'ru')}
          ${pushRange(4, 1, 'start', 'mid', 'rl')}
          (local.set $top (i32.add ${get('top')} ${i32(8)}))))
      (i32.store offset=${NODE.PARENT} ${rec(get('n'))} ${get('p')})
      (if (i32.eq ${get('slot')} ${i32(1)}) (then (i32.store offset=${NODE.CHILD1} ${rec(get('p'))} ${get('n')})))
      (if (i32.eq ${get('slot')} ${i32(2)}) (then (i32.store offset=${NODE.CHILD2} ${rec(get('p'))} ${get('n')})))
      (br $range)))
    ;; refitBuilt: children before parents, the freed list in its order (Math.min/max are
    ;; f64.min/max, NaN and -0 alike)
    (local.set $i ${i32(0)})
    (block $fitted (loop $fit
      (br_if $fitted (i32.ge_s ${get('i')} ${get('k')}))
      ${set('n', `(i32.load ${at('freed', get('i'), 2)})`)}
      ${set('o', rec(get('n')))}
      ${set('o1', rec(`(i32.load offset=${NODE.CHILD1} ${get('o')})`))}
      ${set('o2', rec(`(i32.load offset=${NODE.CHILD2} ${get('o')})`))}
      ${set('r', boxAt(get('n')))}
      ${set('r1', boxAt(`(i32.load offset=${NODE.CHILD1} ${get('o')})`))}
      ${set('r2', boxAt(`(i32.load offset=${NODE.CHILD2} ${get('o')})`))}
      (f64.store ${get('r')} (f64.min (f64.load ${get('r1')}) (f64.load ${get('r2')})))
      (f64.store offset=8 ${get('r')} (f64.min (f64.load offset=8 ${get('r1')}) (f64.load offset=8 ${get('r2')})))
      (f64.store offset=16 ${get('r')} (f64.max (f64.load offset=16 ${get('r1')}) (f64.load offset=16 ${get('r2')})))
      (f64.store offset=24 ${get('r')} (f64.max (f64.load offset=24 ${get('r1')}) (f64.load offset=24 ${get('r2')})))
      (i32.store offset=${NODE.BITS} ${get('o')}
        (i32.or (i32.load offset=${NODE.BITS} ${get('o1')}) (i32.load offset=${NODE.BITS} ${get('o2')})))
      ${set('h1', `(i32.load offset=${NODE.HEIGHT} ${get('o1')})`)}
      ${set('h2', `(i32.load offset=${NODE.HEIGHT} ${get('o2')})`)}
      (i32.store offset=${NODE.HEIGHT} ${get('o')}
        (i32.add ${i32(1)} (select ${get('h1')} ${get('h2')} (i32.gt_s ${get('h1')} ${get('h2')}))))
      (local.set $i (i32.add ${get('i')} ${i32(1)}))
      (br $fit)))
    ${get('count')})`;
}

/** Every function and global of this file, for the module (kernel_wat.mjs kernelWat). */
export function rebuildWat() {
  const globals = ['rb', 'rl', 'ru']
    .flatMap((p) => ['x0', 'x1', 'y0', 'y1'].map((s) => `(global $${p}_${s} (mut f64) (f64.const 0))`))
    .join(' ');
  return `${globals}
  ${centerBoundsFunc()}
  ${partitionMidFunc(0)}
  ${partitionMidFunc(1)}
  ${rebuildFunc()}`;
}
