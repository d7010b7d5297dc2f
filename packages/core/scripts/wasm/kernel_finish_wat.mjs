/**
 * The bodies' finish in the kernel (docs/wasm-kernel.md, "The bodies' finish in the
 * kernel"): src/world/finalize_bodies.ts finalizeBodyRange as WAT text for the blocks module
 * (kernel_blocks_wat.mjs), one call over the awake bodies, operation for operation in the JS's order (f64,
 * `?:` as select), for the bodies whose every shape is a cached quadrilateral (QuadCache
 * radius >= 0), a circle or a capsule: their tight boxes are computePolygonAABB's of the
 * cache's four vertices, or computeCircleAABB's / computeCapsuleAABB's of the round record
 * the collide block wrote in the cache (src/wasm/collide_block.ts, brought up to date
 * before each finish). A body with another shape is listed for the JS's finalizeBodyRange (src/wasm/kernel_finish.ts),
 * which writes its status byte; a body's finish touches only its own columns, shapes' boxes
 * and status byte, so the two passes give the JS's bits.
 *
 * It reads the body state and the parameter record at the sweeps' offsets (the module's $st, $kp);
 * the other arrays are at the byte offsets `setFinishLayout` takes, in FINISH_ARRAYS' order.
 */

import { ROUND } from './kernel_collide_block_wat.mjs';
import { S } from './kernel_layout.mjs';
import { BODY_PARAM_COUNT, BODY_PARAMS } from './kernel_stages_wat.mjs';

/**
 * The finish's doubles in the parameter record, after the body stages': the step's dt and
 * the continuous collision's minimum speed (settings.continuousMinSpeed).
 */
export const FINISH_PARAMS = BODY_PARAMS + BODY_PARAM_COUNT;
export const FINISH_PARAM_COUNT = 2;

/** BodyKind.Dynamic (body_integration.ts), FinalizeStatus (finalize_bodies.ts). */
const DYNAMIC = 2;
const FAST = 1;
const ESCAPED = 2;
/** A quadrilateral record of the cache (manifold.ts Q), in doubles: vertices x then y. */
const QUAD = { VX: 0, VY: 4, SIZE: 17 };
/** geometry.ts ShapeType's Capsule: it and Circle (0), below it, have records the collide block writes (RoundRecord). */
const CAPSULE = 1;

/**
 * The arrays `setFinishLayout` takes the byte offsets of, in its order: paths from the
 * world's state, then the finish's own list (src/wasm/kernel_finish.ts places them;
 * gen_bytes.mjs writes this list beside the bytes).
 */
export const FINISH_ARRAYS = [
  'awakeBodies',
  'finalizeStatus',
  'bodies.c',
  'bodies.s',
  'bodies.cx',
  'bodies.cy',
  'bodies.px',
  'bodies.py',
  'bodies.lcx',
  'bodies.lcy',
  'bodies.c0x',
  'bodies.c0y',
  'bodies.q0c',
  'bodies.q0s',
  'bodies.minExtent',
  'bodies.maxExtent',
  'bodies.sleepThreshold',
  'bodies.sleepTime',
  'bodies.enableSleep',
  'bodies.type',
  'bodies.fx',
  'bodies.fy',
  'bodies.torque',
  'bodies.shapeHead',
  'shapes.next',
  'shapes.type',
  'shapes.proxyKey',
  'shapes.box',
  'broadPhase.shapeFat',
  'quadCache.data',
  'quadCache.radius',
  'list',
];
const global = (p) => `$fb_${p.replace('.', '_')}`;

const get = (x) => `(local.get $${x})`;
const set = (x, e) => `(local.set $${x} ${e})`;
const add = (a, b) => `(f64.add ${a} ${b})`;
const sub = (a, b) => `(f64.sub ${a} ${b})`;
const mul = (a, b) => `(f64.mul ${a} ${b})`;
/** Byte address of element `i` (an i32 expression) of a column of 2^`shift`-byte entries. */
const at = (p, i, shift) => `(i32.add (global.get ${global(p)}) (i32.shl ${i} (i32.const ${shift})))`;
const f64At = (p, i) => `(f64.load ${at(p, i, 3)})`;
const i32At = (p, i) => `(i32.load ${at(p, i, 2)})`;
const f64To = (p, i, v) => `(f64.store ${at(p, i, 3)} ${v})`;
/** A body column's double for body `b`. */
const col = (p) => f64At(`bodies.${p}`, get('b'));
const colTo = (p, v) => f64To(`bodies.${p}`, get('b'), v);

/**
 * A round shape's tight box: computeCircleAABB, or computeCapsuleAABB (`Math.min`/`max` as
 * `f64.min`/`max`), from its record (ROUND) at the body's pose.
 */
function roundBox() {
  const point = (x, y, ox, oy) => [
    set('x', `(f64.load offset=${ox * 8} ${get('q')})`),
    set('y', `(f64.load offset=${oy * 8} ${get('q')})`),
    set(x, add(sub(mul(get('qc'), get('x')), mul(get('qs'), get('y'))), get('bpx'))),
    set(y, add(add(mul(get('qs'), get('x')), mul(get('qc'), get('y'))), get('bpy'))),
  ];
  return [
    set('r', `(f64.load offset=${ROUND.RADIUS * 8} ${get('q')})`),
    ...point('minX', 'minY', ROUND.X1, ROUND.Y1),
    set('maxX', get('minX')),
    set('maxY', get('minY')),
    `(if (i32.eq (i32.load8_u ${at('shapes.type', get('sh'), 0)}) (i32.const ${CAPSULE})) (then
      ${point('wx', 'wy', ROUND.X2, ROUND.Y2).join(' ')}
      ${set('minX', `(f64.min ${get('minX')} ${get('wx')})`)}
      ${set('minY', `(f64.min ${get('minY')} ${get('wy')})`)}
      ${set('maxX', `(f64.max ${get('maxX')} ${get('wx')})`)}
      ${set('maxY', `(f64.max ${get('maxY')} ${get('wy')})`)}))`,
  ];
}

/** One shape's tight box (computePolygonAABB of its cached quadrilateral, or roundBox) and the escaped test. */
function shapeBox() {
  const vertex = (v) => [
    set('x', `(f64.load offset=${(QUAD.VX + v) * 8} ${get('q')})`),
    set('y', `(f64.load offset=${(QUAD.VY + v) * 8} ${get('q')})`),
    set('wx', add(sub(mul(get('qc'), get('x')), mul(get('qs'), get('y'))), get('bpx'))),
    set('wy', add(add(mul(get('qs'), get('x')), mul(get('qc'), get('y'))), get('bpy'))),
    set('minX', `(select ${get('wx')} ${get('minX')} (f64.lt ${get('wx')} ${get('minX')}))`),
    set('maxX', `(select ${get('wx')} ${get('maxX')} (f64.gt ${get('wx')} ${get('maxX')}))`),
    set('minY', `(select ${get('wy')} ${get('minY')} (f64.lt ${get('wy')} ${get('minY')}))`),
    set('maxY', `(select ${get('wy')} ${get('maxY')} (f64.gt ${get('wy')} ${get('maxY')}))`),
  ];
  const box = (e) => `(i32.add (global.get ${global(e)}) (i32.shl ${get('sh')} (i32.const 5)))`;
  return [
    set(
      'q',
      `(i32.add (global.get ${global('quadCache.data')}) (i32.mul ${get('sh')} (i32.const ${QUAD.SIZE * 8})))`,
    ),
    set('r', f64At('quadCache.radius', get('sh'))),
    `(if (f64.ge ${get('r')} (f64.const 0)) (then
      ${set('minX', '(f64.const inf)')}
      ${set('minY', '(f64.const inf)')}
      ${set('maxX', '(f64.const -inf)')}
      ${set('maxY', '(f64.const -inf)')}
      ${[0, 1, 2, 3].flatMap(vertex).join('\n      ')})
    (else ${roundBox().join('\n      ')}))`,
    set('t', box('shapes.box')),
    set('fat', box('broadPhase.shapeFat')),
    set('minX', sub(get('minX'), get('r'))),
    set('minY', sub(get('minY'), get('r'))),
    set('maxX', add(get('maxX'), get('r'))),
    set('maxY', add(get('maxY'), get('r'))),
    `(f64.store offset=0 ${get('t')} ${get('minX')})`,
    `(f64.store offset=8 ${get('t')} ${get('minY')})`,
    `(f64.store offset=16 ${get('t')} ${get('maxX')})`,
    `(f64.store offset=24 ${get('t')} ${get('maxY')})`,
    // leftFatBox, on a shape with a proxy
    `(local.set $status (i32.or ${get('status')} (select (i32.const ${ESCAPED}) (i32.const 0)
      (i32.and (i32.ne ${i32At('shapes.proxyKey', get('sh'))} (i32.const -1))
        (i32.or (i32.or (f64.lt ${get('minX')} (f64.load offset=0 ${get('fat')})) (f64.lt ${get('minY')} (f64.load offset=8 ${get('fat')})))
          (i32.or (f64.gt ${get('maxX')} (f64.load offset=16 ${get('fat')})) (f64.gt ${get('maxY')} (f64.load offset=24 ${get('fat')}))))))))`,
  ];
}

/**
 * `finish(start, end, enableContinuous, enableSleep)`: finalizeBodyRange's bodies of cached
 * quadrilaterals, circles and capsules over awake bodies [start, end); the others listed
 * from list[start] on; returns their count << 2 | the status bits.
 */
export function finishWat() {
  const doubles = [
    ...['dt', 'minSpeed', 'dqc', 'dqs', 'qc0', 'qs0', 'qc', 'qs', 'inv', 'dpx', 'dpy', 'ncx', 'ncy'],
    ...['minSweep', 'half', 'dispSq', 'vx', 'vy', 'av', 'th', 'ext', 'bpx', 'bpy', 'lx', 'ly'],
    ...['x', 'y', 'wx', 'wy', 'minX', 'minY', 'maxX', 'maxY', 'r'],
  ];
  const ints = ['i', 'b', 'o', 'sh', 'q', 't', 'fat', 'status', 'result', 'listed'];
  const shapesOf = (body) => `${set('sh', i32At('bodies.shapeHead', get('b')))}
      (block $shapesDone (loop $shape
        (br_if $shapesDone (i32.eq ${get('sh')} (i32.const -1)))
        ${body}
        ${set('sh', i32At('shapes.next', get('sh')))}
        (br $shape)))`;
  const zero = (off) => `(f64.store offset=${off * 8} ${get('o')} (f64.const 0))`;
  return `${FINISH_ARRAYS.map((p) => `(global ${global(p)} (mut i32) (i32.const 0))`).join(' ')}
  (func (export "setFinishLayout") ${FINISH_ARRAYS.map(() => '(param i32)').join(' ')}
    ${FINISH_ARRAYS.map((p, i) => `(global.set ${global(p)} (local.get ${i}))`).join(' ')})
  (func $finishBodies (export "finish") (param $start i32) (param $end i32) (param $continuous i32) (param $sleep i32) (result i32)
  ${doubles.map((x) => `(local $${x} f64)`).join(' ')}
  ${ints.map((x) => `(local $${x} i32)`).join(' ')}
  ${set('dt', `(f64.load offset=${FINISH_PARAMS * 8} (global.get $kp))`)}
  ${set('minSpeed', `(f64.load offset=${(FINISH_PARAMS + 1) * 8} (global.get $kp))`)}
  ${set('i', get('start'))}
  (block $done (loop $body
    (br_if $done (i32.ge_s ${get('i')} ${get('end')}))
    (block $next
      ${set('b', i32At('awakeBodies', get('i')))}
      ;; a body with a shape other than a cached quadrilateral, a circle or a capsule: the JS's
      ${shapesOf(`(if (i32.and (f64.lt ${f64At('quadCache.radius', get('sh'))} (f64.const 0))
          (i32.gt_u (i32.load8_u ${at('shapes.type', get('sh'), 0)}) (i32.const ${CAPSULE}))) (then
          ;; from list[start]: a block on any thread lists into its own room (kernel_finish.ts)
          (i32.store ${at('list', '(i32.add (local.get $start) (local.get $listed))', 2)} ${get('i')})
          ${set('listed', '(i32.add (local.get $listed) (i32.const 1))')}
          (br $next)))`)}
      ${set('o', `(i32.add (global.get $st) (i32.shl ${get('b')} (i32.const 6)))`)}
      ${set('dqc', `(f64.load offset=${S.DQC * 8} ${get('o')})`)}
      ${set('dqs', `(f64.load offset=${S.DQS * 8} ${get('o')})`)}
      ${set('qc0', col('c'))}
      ${set('qs0', col('s'))}
      ${set('qc', sub(mul(get('dqc'), get('qc0')), mul(get('dqs'), get('qs0'))))}
      ${set('qs', add(mul(get('dqs'), get('qc0')), mul(get('dqc'), get('qs0'))))}
      ${set('inv', `(f64.div (f64.const 1) (f64.sqrt ${add(mul(get('qc'), get('qc')), mul(get('qs'), get('qs')))}))`)}
      ${set('qc', mul(get('qc'), get('inv')))}
      ${set('qs', mul(get('qs'), get('inv')))}
      ${set('dpx', `(f64.load offset=${S.DPX * 8} ${get('o')})`)}
      ${set('dpy', `(f64.load offset=${S.DPY * 8} ${get('o')})`)}
      ${colTo('c0x', col('cx'))}
      ${colTo('c0y', col('cy'))}
      ${colTo('q0c', get('qc0'))}
      ${colTo('q0s', get('qs0'))}
      ${set('ncx', add(col('cx'), get('dpx')))}
      ${set('ncy', add(col('cy'), get('dpy')))}
      ;; a body that moved more than half its thinnest extent could have skipped a thin wall
      ${set('minSweep', mul(get('minSpeed'), get('dt')))}
      ${set('half', mul('(f64.const 0.5)', col('minExtent')))}
      ${set('dispSq', add(mul(get('dpx'), get('dpx')), mul(get('dpy'), get('dpy'))))}
      ${set(
        'status',
        `(select (i32.const ${FAST}) (i32.const 0) (i32.and (i32.and ${get('continuous')}
        (i32.eq (i32.load8_u ${at('bodies.type', get('b'), 0)}) (i32.const ${DYNAMIC})))
        (i32.and (f64.gt ${get('dispSq')} ${mul(get('half'), get('half'))}) (f64.gt ${get('dispSq')} ${mul(get('minSweep'), get('minSweep'))}))))`,
      )}
      ${colTo('cx', get('ncx'))}
      ${colTo('cy', get('ncy'))}
      ${colTo('c', get('qc'))}
      ${colTo('s', get('qs'))}
      ;; originFromCenter
      ${set('lx', col('lcx'))}
      ${set('ly', col('lcy'))}
      ${set('bpx', sub(get('ncx'), sub(mul(get('qc'), get('lx')), mul(get('qs'), get('ly')))))}
      ${set('bpy', sub(get('ncy'), add(mul(get('qs'), get('lx')), mul(get('qc'), get('ly')))))}
      ${colTo('px', get('bpx'))}
      ${colTo('py', get('bpy'))}
      ${zero(S.DPX)}
      ${zero(S.DPY)}
      (f64.store offset=${S.DQC * 8} ${get('o')} (f64.const 1))
      ${zero(S.DQS)}
      ${colTo('fx', '(f64.const 0)')}
      ${colTo('fy', '(f64.const 0)')}
      ${colTo('torque', '(f64.const 0)')}
      ${set('vx', `(f64.load offset=${S.VX * 8} ${get('o')})`)}
      ${set('vy', `(f64.load offset=${S.VY * 8} ${get('o')})`)}
      ${set('av', `(f64.load offset=${S.W * 8} ${get('o')})`)}
      (if (i32.and ${get('sleep')} (i32.eq (i32.load8_u ${at('bodies.enableSleep', get('b'), 0)}) (i32.const 1)))
        (then
          ${set('th', col('sleepThreshold'))}
          ${set('ext', col('maxExtent'))}
          ${colTo(
            'sleepTime',
            `(select ${add(col('sleepTime'), get('dt'))} (f64.const 0)
            (i32.and (f64.le ${add(mul(get('vx'), get('vx')), mul(get('vy'), get('vy')))} ${mul(get('th'), get('th'))})
              (f64.le ${mul(mul(mul(get('av'), get('av')), get('ext')), get('ext'))} ${mul(get('th'), get('th'))})))`,
          )})
        (else ${colTo('sleepTime', '(f64.const 0)')}))
      ;; the shapes' tight boxes at the new pose, each against its fat box
      ${shapesOf(shapeBox().join('\n        '))}
      (i32.store8 ${at('finalizeStatus', get('i'), 0)} ${get('status')})
      ${set('result', `(i32.or ${get('result')} ${get('status')})`)})
    ${set('i', `(i32.add ${get('i')} (i32.const 1))`)}
    (br $body)))
  (i32.or ${get('result')} (i32.shl ${get('listed')} (i32.const 2))))`;
}
