/**
 * Bodies drawn with WebGL2, instanced: every distinct set of shapes is one mesh (triangles
 * in the body's frame, made once), every body one instance (position, rotation, fill and
 * stroke colours: 24 bytes). A frame sorts the slots by mesh (statics first) into one
 * reused instance buffer, uploads it once and issues one instanced draw per mesh; the
 * main thread's work is the sort and one bufferSubData, and the rasterising happens in
 * the GPU process.
 *
 * Outlines are drawn in the fragment shader: each triangle fans from the shape's center
 * (edge parameter 1) to its outline (0), so the distance to the outline in pixels is the
 * parameter over its screen derivative. Segments and circle spokes are thin quads widened
 * in pixels by the vertex shader.
 *
 * Where an outline is drawn, the vertex shader first moves each outline vertex out by half
 * its width (along the corner's miter, in pixels), so the outline straddles the shape's
 * edge as a Canvas 2D stroke does. Without that, a shape thinner than a pixel (the stacking
 * scene's 5 mm cards, 0.15 px wide at 30 px/m) covered a fraction of a pixel and drew
 * faintly, where Canvas 2D's stroke gives it a line 1.25 px wide. Where no outline is drawn
 * (dynamic bodies below OUTLINE_SCALE), each vertex carries its shape's width, and a shape
 * thinner than a pixel grows to an outline's width and takes the outline's colour, as
 * Canvas 2D draws it as a line (draw_list.ts, `thinLine`): it no longer vanishes.
 */
import { BodyRecord } from '@impulse/core/contract';
import { type DrawShape, THIN_FLOATS, thinLine } from './draw_list.js';
import type { BodyRenderer, RenderFrame } from './renderer.js';
import { parseColor, type Rgba } from './body_style.js';
import { firstGridLine, gridOver, gridSpacingPx } from './grid.js';

const VERTEX = `#version 300 es
in vec2 a_pos;
in vec2 a_off;
in vec2 a_grow;
in float a_edge;
in float a_thick;
in vec4 a_xf;
in vec4 a_fill;
in vec4 a_stroke;
uniform vec3 u_cam;
uniform vec2 u_size;
uniform float u_linePx;
uniform float u_growPx;
uniform float u_minPx;
out float v_edge;
out float v_thin;
out vec4 v_fill;
out vec4 v_stroke;
void main() {
  // a shape thinner than a pixel grows to u_minPx across and takes the outline's colour
  float thickPx = a_thick * u_cam.x;
  float grow = max(u_growPx, 0.5 * (u_minPx - thickPx));
  vec2 l = a_pos + (a_off * u_linePx + a_grow * grow) / u_cam.x;
  vec2 w = a_xf.xy + vec2(a_xf.z * l.x - a_xf.w * l.y, a_xf.w * l.x + a_xf.z * l.y);
  vec2 s = vec2(u_cam.y + u_cam.x * w.x, u_cam.z - u_cam.x * w.y);
  gl_Position = vec4(s.x / u_size.x * 2.0 - 1.0, 1.0 - s.y / u_size.y * 2.0, 0.0, 1.0);
  v_edge = a_edge;
  v_thin = thickPx < 1.0 ? 1.0 : 0.0;
  v_fill = a_fill;
  v_stroke = a_stroke;
}`;

const FRAGMENT = `#version 300 es
precision mediump float;
in float v_edge;
in float v_thin;
in vec4 v_fill;
in vec4 v_stroke;
uniform float u_strokePx;
out vec4 o;
void main() {
  float w = max(fwidth(v_edge), 1e-5);
  float t = u_strokePx <= 0.0 ? 1.0 : smoothstep(w * (u_strokePx - 0.5), w * (u_strokePx + 0.5), v_edge);
  vec4 c = mix(v_stroke, v_fill, t);
  if (v_edge <= 0.0 || v_thin > 0.5) c = v_stroke;
  o = vec4(c.rgb * c.a, c.a);
}`;

/** Floats per mesh vertex: local x, y; line offset x, y; outline growth x, y; edge parameter; the shape's width (m). */
const VERTEX_FLOATS = 8;
/** A line's width as the vertex shader sees it: never thin, never grown. */
const LINE_THICK = 1e6;
/** Bytes per instance: x, y, cos, sin (float32) and two RGBA8 colours. */
const INSTANCE_BYTES = 24;
const CIRCLE_SEGMENTS = 20;
const CAP_SEGMENTS = 8;
const CORNER_SEGMENTS = 4;
/** Outlines on a crowd of tiny bodies blur them: drawn from this many px per meter (as Canvas 2D). */
const OUTLINE_SCALE = 12;
/** An outline's width (px), as Canvas 2D's stroke. */
const OUTLINE_PX = 1.25;
/** A corner's miter no longer than this many outline half widths (a needle-sharp corner would spike). */
const MITER_LIMIT = 4;

interface Mesh {
  first: number;
  count: number;
}

/** Outward unit normal of the edge from (x1, y1) to (x2, y2) of an outline around (cx, cy), or null if it has no length. */
function outwardNormal(cx: number, cy: number, x1: number, y1: number, x2: number, y2: number) {
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len === 0) return null;
  let nx = (y2 - y1) / len;
  let ny = -(x2 - x1) / len;
  if (nx * ((x1 + x2) / 2 - cx) + ny * ((y1 + y2) / 2 - cy) < 0) {
    nx = -nx;
    ny = -ny;
  }
  return { x: nx, y: ny };
}

/**
 * A convex outline as triangles fanning from its center. Each outline vertex carries its
 * miter: the move that shifts both its edges out by one unit (the shader scales it to
 * pixels).
 */
function pushFan(out: number[], cx: number, cy: number, xs: number[], ys: number[], thick: number): void {
  const n = xs.length;
  const mx: number[] = [];
  const my: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = (i + n - 1) % n;
    const q = (i + 1) % n;
    const a = outwardNormal(cx, cy, xs[p]!, ys[p]!, xs[i]!, ys[i]!);
    const b = outwardNormal(cx, cy, xs[i]!, ys[i]!, xs[q]!, ys[q]!);
    const u = a ?? b ?? { x: 0, y: 0 };
    const v = b ?? u;
    // the miter (u + v) / (1 + u.v) moves both edges out by one
    let x = (u.x + v.x) / Math.max(1e-6, 1 + u.x * v.x + u.y * v.y);
    let y = (u.y + v.y) / Math.max(1e-6, 1 + u.x * v.x + u.y * v.y);
    const len = Math.hypot(x, y);
    if (len > MITER_LIMIT) {
      x *= MITER_LIMIT / len;
      y *= MITER_LIMIT / len;
    }
    mx.push(x);
    my.push(y);
  }
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    out.push(cx, cy, 0, 0, 0, 0, 1, thick);
    out.push(xs[i]!, ys[i]!, 0, 0, mx[i]!, my[i]!, 0, thick);
    out.push(xs[j]!, ys[j]!, 0, 0, mx[j]!, my[j]!, 0, thick);
  }
}

/** `thinLine`'s output for the shape being tessellated (made once per mesh, not per frame). */
const thinScratch = new Float64Array(THIN_FLOATS);

/** A quad from (x1, y1) to (x2, y2), `half` line widths to each side, all outline. */
function pushLine(out: number[], x1: number, y1: number, x2: number, y2: number, half: number): void {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const nx = (-(y2 - y1) / len) * half;
  const ny = ((x2 - x1) / len) * half;
  const a = [x1, y1, nx, ny, 0, 0, 0, LINE_THICK];
  const b = [x1, y1, -nx, -ny, 0, 0, 0, LINE_THICK];
  const c = [x2, y2, nx, ny, 0, 0, 0, LINE_THICK];
  const d = [x2, y2, -nx, -ny, 0, 0, 0, LINE_THICK];
  out.push(...a, ...b, ...c, ...b, ...d, ...c);
}

export function tessellate(shape: DrawShape, out: number[]): void {
  thinLine(shape, thinScratch, 0);
  const thick = thinScratch[0]!;
  switch (shape.kind) {
    case 'poly': {
      const xs: number[] = [];
      const ys: number[] = [];
      let cx = 0;
      let cy = 0;
      for (let i = 0; i < shape.count; i++) {
        cx += shape.xs[i]!;
        cy += shape.ys[i]!;
      }
      cx /= shape.count;
      cy /= shape.count;
      for (let i = 0; i < shape.count; i++) {
        const x = shape.xs[i]!;
        const y = shape.ys[i]!;
        if (shape.radius <= 0) {
          xs.push(x);
          ys.push(y);
          continue;
        }
        // rounded: an arc around the corner from the previous edge's normal to the next's
        const p = (i + shape.count - 1) % shape.count;
        const q = (i + 1) % shape.count;
        const a0 = Math.atan2(-(shape.xs[i]! - shape.xs[p]!), shape.ys[i]! - shape.ys[p]!);
        let a1 = Math.atan2(-(shape.xs[q]! - x), shape.ys[q]! - y);
        if (a1 < a0) a1 += 2 * Math.PI;
        for (let k = 0; k <= CORNER_SEGMENTS; k++) {
          const a = a0 + ((a1 - a0) * k) / CORNER_SEGMENTS;
          xs.push(x + shape.radius * Math.cos(a));
          ys.push(y + shape.radius * Math.sin(a));
        }
      }
      pushFan(out, cx, cy, xs, ys, thick);
      break;
    }
    case 'circle': {
      const xs: number[] = [];
      const ys: number[] = [];
      for (let i = 0; i < CIRCLE_SEGMENTS; i++) {
        const a = (2 * Math.PI * i) / CIRCLE_SEGMENTS;
        xs.push(shape.cx + shape.r * Math.cos(a));
        ys.push(shape.cy + shape.r * Math.sin(a));
      }
      pushFan(out, shape.cx, shape.cy, xs, ys, thick);
      // a spoke shows the rotation
      pushLine(out, shape.cx, shape.cy, shape.cx + shape.r, shape.cy, 0.5);
      break;
    }
    case 'capsule': {
      const xs: number[] = [];
      const ys: number[] = [];
      const a = Math.atan2(shape.y2 - shape.y1, shape.x2 - shape.x1);
      for (let i = 0; i <= CAP_SEGMENTS; i++) {
        const t = a - Math.PI / 2 + (Math.PI * i) / CAP_SEGMENTS;
        xs.push(shape.x2 + shape.r * Math.cos(t));
        ys.push(shape.y2 + shape.r * Math.sin(t));
      }
      for (let i = 0; i <= CAP_SEGMENTS; i++) {
        const t = a + Math.PI / 2 + (Math.PI * i) / CAP_SEGMENTS;
        xs.push(shape.x1 + shape.r * Math.cos(t));
        ys.push(shape.y1 + shape.r * Math.sin(t));
      }
      pushFan(out, (shape.x1 + shape.x2) / 2, (shape.y1 + shape.y2) / 2, xs, ys, thick);
      break;
    }
    case 'segment':
      pushLine(out, shape.x1, shape.y1, shape.x2, shape.y2, 1);
      break;
  }
}

function pack([r, g, b, a]: Rgba): number {
  // RGBA8 in memory order on a little-endian machine (every browser's)
  return (
    (((Math.round(a * 255) & 255) << 24) |
      ((Math.round(b) & 255) << 16) |
      ((Math.round(g) & 255) << 8) |
      (Math.round(r) & 255)) >>>
    0
  );
}

let hardwareGL: boolean | null = null;

/**
 * True when WebGL2 exists and runs on a GPU; false where it is missing or a CPU emulation
 * (SwiftShader, llvmpipe: what a GPU-less machine or CI gets). Asked once per page.
 */
export function hasHardwareGL(doc: Document): boolean {
  if (hardwareGL !== null) return hardwareGL;
  const gl = doc.createElement('canvas').getContext('webgl2');
  if (!gl) {
    hardwareGL = false;
    return false;
  }
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  hardwareGL = !/swiftshader|llvmpipe|softpipe|software/i.test(name);
  return hardwareGL;
}

export class WebGLRenderer implements BodyRenderer {
  readonly kind = 'webgl' as const;
  private readonly gl: WebGL2RenderingContext;
  private readonly canvas: HTMLCanvasElement;
  private readonly program: WebGLProgram;
  private readonly vao: WebGLVertexArrayObject;
  private readonly meshBuffer: WebGLBuffer;
  private readonly instanceBuffer: WebGLBuffer;
  private readonly loc: { xf: number; fill: number; stroke: number };
  private readonly uniforms: {
    cam: WebGLUniformLocation | null;
    size: WebGLUniformLocation | null;
    linePx: WebGLUniformLocation | null;
    growPx: WebGLUniformLocation | null;
    minPx: WebGLUniformLocation | null;
    strokePx: WebGLUniformLocation | null;
  };
  private readonly meshes: Mesh[] = [];
  private readonly meshIds = new Map<string, number>();
  private meshData: number[] = [];
  private meshDirty = false;
  private instances = new ArrayBuffer(INSTANCE_BYTES * 256);
  private f32 = new Float32Array(this.instances);
  private u32 = new Uint32Array(this.instances);
  private instanceCapacity = 0;
  private order = new Int32Array(256);
  private counts = new Int32Array(16);
  private packedFill = new Uint32Array(16);
  private packedStroke = new Uint32Array(16);
  private packedCount = 0;
  private width = 1;
  private height = 1;
  private background: string | null = null;
  private gridColor: Rgba = [0, 0, 0, 1];
  private clear: Rgba = [0, 0, 0, 1];

  /**
   * Null when the canvas has no WebGL2 context, or (`hardwareOnly`) when WebGL is emulated
   * on the CPU: there the rasteriser runs on the page's main thread, and in headless
   * Chromium with SwiftShader 5,000 bodies took 500 ms of main-thread time per frame
   * against Canvas 2D's 40 (apps/demo/bench/browser.ts).
   */
  static create(canvas: HTMLCanvasElement, hardwareOnly: boolean): WebGLRenderer | null {
    // asked on a scratch canvas: a canvas that once gave a WebGL context never gives a 2D one
    if (hardwareOnly && !hasHardwareGL(canvas.ownerDocument)) return null;
    const gl = canvas.getContext('webgl2', { alpha: false, antialias: true, premultipliedAlpha: true });
    return gl ? new WebGLRenderer(canvas, gl) : null;
  }

  private constructor(canvas: HTMLCanvasElement, gl: WebGL2RenderingContext) {
    this.canvas = canvas;
    this.gl = gl;
    const compile = (type: number, source: string) => {
      const s = gl.createShader(type)!;
      gl.shaderSource(s, source);
      gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS))
        throw new Error(`<PhysicsCanvas> WebGL: ${gl.getShaderInfoLog(s)}`);
      return s;
    };
    const program = gl.createProgram()!;
    gl.attachShader(program, compile(gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(program, compile(gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS))
      throw new Error(`<PhysicsCanvas> WebGL: ${gl.getProgramInfoLog(program)}`);
    this.program = program;
    this.vao = gl.createVertexArray()!;
    gl.bindVertexArray(this.vao);
    this.meshBuffer = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.meshBuffer);
    const stride = VERTEX_FLOATS * 4;
    const attrib = (name: string, size: number, offset: number) => {
      const l = gl.getAttribLocation(program, name);
      gl.enableVertexAttribArray(l);
      gl.vertexAttribPointer(l, size, gl.FLOAT, false, stride, offset);
    };
    attrib('a_pos', 2, 0);
    attrib('a_off', 2, 8);
    attrib('a_grow', 2, 16);
    attrib('a_edge', 1, 24);
    attrib('a_thick', 1, 28);
    this.instanceBuffer = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instanceBuffer);
    this.loc = {
      xf: gl.getAttribLocation(program, 'a_xf'),
      fill: gl.getAttribLocation(program, 'a_fill'),
      stroke: gl.getAttribLocation(program, 'a_stroke'),
    };
    for (const l of [this.loc.xf, this.loc.fill, this.loc.stroke]) {
      gl.enableVertexAttribArray(l);
      gl.vertexAttribDivisor(l, 1);
    }
    this.uniforms = {
      cam: gl.getUniformLocation(program, 'u_cam'),
      size: gl.getUniformLocation(program, 'u_size'),
      linePx: gl.getUniformLocation(program, 'u_linePx'),
      growPx: gl.getUniformLocation(program, 'u_growPx'),
      minPx: gl.getUniformLocation(program, 'u_minPx'),
      strokePx: gl.getUniformLocation(program, 'u_strokePx'),
    };
    gl.bindVertexArray(null);
  }

  resize(width: number, height: number, dpr: number): void {
    this.width = width;
    this.height = height;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
  }

  private meshOf(key: string, shapes: readonly DrawShape[]): number {
    let id = this.meshIds.get(key);
    if (id !== undefined) return id;
    const out: number[] = [];
    for (const s of shapes) tessellate(s, out);
    id = this.meshes.length;
    this.meshes.push({ first: this.meshData.length / VERTEX_FLOATS, count: out.length / VERTEX_FLOATS });
    for (const v of out) this.meshData.push(v);
    this.meshIds.set(key, id);
    this.meshDirty = true;
    return id;
  }

  private bindInstances(first: number): void {
    const gl = this.gl;
    const base = first * INSTANCE_BYTES;
    gl.vertexAttribPointer(this.loc.xf, 4, gl.FLOAT, false, INSTANCE_BYTES, base);
    gl.vertexAttribPointer(this.loc.fill, 4, gl.UNSIGNED_BYTE, true, INSTANCE_BYTES, base + 16);
    gl.vertexAttribPointer(this.loc.stroke, 4, gl.UNSIGNED_BYTE, true, INSTANCE_BYTES, base + 20);
  }

  draw(f: RenderFrame): void {
    const gl = this.gl;
    const n = f.slotCount;
    const styles = f.styles.styles;
    if (this.packedCount !== styles.length) {
      if (this.packedFill.length < styles.length) {
        this.packedFill = new Uint32Array(2 * styles.length);
        this.packedStroke = new Uint32Array(2 * styles.length);
      }
      for (let i = 0; i < styles.length; i++) {
        this.packedFill[i] = pack(styles[i]!.fillRgba);
        this.packedStroke[i] = pack(styles[i]!.strokeRgba);
      }
      this.packedCount = styles.length;
    }
    // meshes of new bodies (allocates only when a body with new shapes appears)
    const style = f.slotStyle;
    const entries = f.entries;
    for (let slot = 0; slot < n; slot++) {
      if (style[slot]! < 0) continue;
      const e = entries[slot]!;
      if (e.mesh < 0) e.mesh = this.meshOf(e.meshKey, e.shapes);
    }
    if (this.meshDirty) {
      gl.bindBuffer(gl.ARRAY_BUFFER, this.meshBuffer);
      gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(this.meshData), gl.STATIC_DRAW);
      this.meshDirty = false;
    }
    // counting sort by key = mesh, statics first
    const meshCount = this.meshes.length;
    const keys = 2 * meshCount;
    if (this.counts.length < keys + 1) this.counts = new Int32Array(2 * (keys + 1));
    if (this.order.length < n) this.order = new Int32Array(2 * n);
    const counts = this.counts;
    counts.fill(0, 0, keys + 1);
    const statics = f.slotStatic;
    for (let slot = 0; slot < n; slot++) {
      if (style[slot]! >= 0) counts[(statics[slot] ? 0 : meshCount) + entries[slot]!.mesh + 1]!++;
    }
    for (let k = 1; k <= keys; k++) counts[k]! += counts[k - 1]!;
    const total = counts[keys]!;
    const order = this.order;
    for (let slot = 0; slot < n; slot++) {
      if (style[slot]! >= 0) order[counts[(statics[slot] ? 0 : meshCount) + entries[slot]!.mesh]!++] = slot;
    }
    // instance data in sorted order
    if (this.f32.length < (total * INSTANCE_BYTES) / 4) {
      this.instances = new ArrayBuffer(2 * total * INSTANCE_BYTES);
      this.f32 = new Float32Array(this.instances);
      this.u32 = new Uint32Array(this.instances);
    }
    const f32 = this.f32;
    const u32 = this.u32;
    const r = f.records;
    for (let i = 0; i < total; i++) {
      const slot = order[i]!;
      const o = slot * BodyRecord.Size;
      const w = i * 6;
      f32[w] = r[o + BodyRecord.X]!;
      f32[w + 1] = r[o + BodyRecord.Y]!;
      f32[w + 2] = r[o + BodyRecord.C]!;
      f32[w + 3] = r[o + BodyRecord.S]!;
      const s = style[slot]!;
      u32[w + 4] = this.packedFill[s]!;
      u32[w + 5] = this.packedStroke[s]!;
    }
    if (this.background !== f.background) {
      this.background = f.background;
      this.clear = parseColor(f.background);
      this.gridColor = gridOver(f.background);
    }
    gl.viewport(0, 0, this.canvas.width, this.canvas.height);
    gl.clearColor(this.clear[0] / 255, this.clear[1] / 255, this.clear[2] / 255, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    if (f.grid) this.drawGrid(f);
    if (total === 0) return;
    gl.useProgram(this.program);
    gl.bindVertexArray(this.vao);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instanceBuffer);
    const bytes = total * INSTANCE_BYTES;
    if (bytes > this.instanceCapacity) {
      this.instanceCapacity = this.instances.byteLength;
      gl.bufferData(gl.ARRAY_BUFFER, this.instanceCapacity, gl.DYNAMIC_DRAW);
    }
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, u32, 0, bytes / 4);
    const cam = f.camera;
    gl.uniform3f(this.uniforms.cam, cam.scale, cam.originX, cam.originY);
    gl.uniform2f(this.uniforms.size, this.width, this.height);
    gl.uniform1f(this.uniforms.linePx, 1);
    gl.uniform1f(this.uniforms.minPx, OUTLINE_PX);
    // one instanced draw per run of equal (static, mesh)
    let i = 0;
    while (i < total) {
      const first = i;
      const slot = order[i]!;
      const mesh = entries[slot]!.mesh;
      const isStatic = statics[slot];
      while (i < total && entries[order[i]!]!.mesh === mesh && statics[order[i]!] === isStatic) i++;
      const m = this.meshes[mesh]!;
      this.bindInstances(first);
      const outline = isStatic || cam.scale >= OUTLINE_SCALE ? OUTLINE_PX : 0;
      gl.uniform1f(this.uniforms.strokePx, outline);
      // the outline straddles the edge: the shape grows by half of it
      gl.uniform1f(this.uniforms.growPx, outline / 2);
      gl.drawArraysInstanced(gl.TRIANGLES, m.first, m.count, i - first);
    }
    gl.bindVertexArray(null);
  }

  /**
   * The grid: each line a scissored clear one device pixel wide, in the grid colour laid
   * over the background (a clear does not blend): no geometry, no shader.
   */
  private drawGrid(f: RenderFrame): void {
    const gl = this.gl;
    const dpr = this.canvas.width / Math.max(1, this.width);
    const w = this.canvas.width;
    const h = this.canvas.height;
    const c = this.gridColor;
    gl.enable(gl.SCISSOR_TEST);
    gl.clearColor(c[0] / 255, c[1] / 255, c[2] / 255, 1);
    const px = gridSpacingPx(f.camera);
    for (let x = firstGridLine(f.camera.originX, px); x < this.width; x += px) {
      gl.scissor(Math.round(x * dpr), 0, 1, h);
      gl.clear(gl.COLOR_BUFFER_BIT);
    }
    // scissor rows count from the bottom
    for (let y = firstGridLine(f.camera.originY, px); y < this.height; y += px) {
      gl.scissor(0, h - 1 - Math.round(y * dpr), w, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
    }
    gl.disable(gl.SCISSOR_TEST);
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteBuffer(this.meshBuffer);
    gl.deleteBuffer(this.instanceBuffer);
    gl.deleteVertexArray(this.vao);
    gl.deleteProgram(this.program);
  }
}
