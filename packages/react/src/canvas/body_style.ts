/**
 * How a canvas colours bodies. A body's style is asked for once, when the canvas first
 * sees the body; it gives fill and stroke colours for each state (awake, asleep, dragged).
 * Every distinct (fill, stroke, dashed) triple is interned once in a StyleTable, so a frame
 * draws one batch per style id and compares numbers, never strings.
 */
import { type BodyId, BodyType } from '@impulse/core/contract';

/** A body's look. Colours are CSS colours (`#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`). */
export interface BodyStyle {
  /** Fill while awake. */
  fill: string;
  /** Outline while awake. Default: the fill, lightened. */
  stroke?: string;
  /** Fill while asleep. Default: the fill, dimmed toward slate. */
  sleepingFill?: string;
  sleepingStroke?: string;
  /** Fill while a pointer holds the body. Default: the awake fill. */
  draggedFill?: string;
  /** Default: white. */
  draggedStroke?: string;
  /** Outline only, dashed where the renderer can (sensors are drawn so by default). */
  dashed?: boolean;
}

/** What the style callback is told about a body. */
export interface CanvasBodyInfo {
  id: BodyId;
  /** 'static', 'kinematic' or 'dynamic'. */
  type: 'static' | 'kinematic' | 'dynamic';
  /** Every shape of the body is a sensor. */
  sensor: boolean;
  /** The body's userData (`useBody({ userData })`). */
  userData: unknown;
  /** The order in which the canvas met the body (0, 1, 2, ...): varies a palette. */
  index: number;
}

/** A style for a body; null or undefined: the default style; `false`: the body is not drawn. */
export type BodyStyleFn = (body: CanvasBodyInfo) => BodyStyle | false | null | undefined;

const TYPE_NAMES = {
  [BodyType.Static]: 'static',
  [BodyType.Kinematic]: 'kinematic',
  [BodyType.Dynamic]: 'dynamic',
} as const;

export function typeName(type: BodyType): CanvasBodyInfo['type'] {
  return TYPE_NAMES[type];
}

/** The default palette: awake bodies in six warm and cool tones, statics in slate. */
export const DEFAULT_PALETTE: readonly string[] = [
  '#f59e0b',
  '#34d399',
  '#60a5fa',
  '#c084fc',
  '#fbbf24',
  '#2dd4bf',
];
const STATIC_STYLE: BodyStyle = { fill: '#1f2937', stroke: '#475569' };
const SENSOR_STYLE: BodyStyle = { fill: 'rgba(52, 211, 153, 0.12)', stroke: '#34d399', dashed: true };
const SLATE: Rgba = [51, 65, 85, 1];

/** The style a body gets when the callback gives none. */
export function defaultBodyStyle(body: CanvasBodyInfo): BodyStyle {
  if (body.sensor) return SENSOR_STYLE;
  if (body.type === 'static') return STATIC_STYLE;
  return { fill: DEFAULT_PALETTE[body.index % DEFAULT_PALETTE.length]! };
}

export type Rgba = [number, number, number, number];

/** Parses a CSS colour of the forms the style takes. Throws on anything else, naming the colour. */
export function parseColor(color: string): Rgba {
  const c = color.trim().toLowerCase();
  if (c.startsWith('#')) {
    const hex = c.slice(1);
    const digits = hex.length <= 4 ? [...hex].map((d) => d + d).join('') : hex;
    if (/^[0-9a-f]{6}([0-9a-f]{2})?$/.test(digits)) {
      const n = (i: number) => Number.parseInt(digits.slice(i, i + 2), 16);
      return [n(0), n(2), n(4), digits.length === 8 ? n(6) / 255 : 1];
    }
  }
  const m = /^rgba?\(([^)]*)\)$/.exec(c);
  if (m) {
    const parts = m[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if ((parts.length === 3 || parts.length === 4) && parts.every(Number.isFinite)) {
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    }
  }
  throw new RangeError(
    `<PhysicsCanvas> bodyStyle: colour must be #rgb, #rrggbb, #rrggbbaa, rgb() or rgba(), got '${color}'`,
  );
}

function toCss([r, g, b, a]: Rgba): string {
  return a >= 1
    ? `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`
    : `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${a})`;
}

function mix(a: Rgba, b: Rgba, t: number): Rgba {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, a[3]];
}

const WHITE: Rgba = [255, 255, 255, 1];

/** One interned style: what a batch is drawn with. */
export interface DrawStyle {
  fill: string;
  stroke: string;
  fillRgba: Rgba;
  strokeRgba: Rgba;
  dashed: boolean;
}

export class StyleTable {
  readonly styles: DrawStyle[] = [];
  private readonly ids = new Map<string, number>();

  /** The id of the (fill, stroke, dashed) style, interned. */
  intern(fill: string, stroke: string, dashed: boolean): number {
    const key = `${fill}|${stroke}|${dashed}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.styles.length;
      this.styles.push({ fill, stroke, fillRgba: parseColor(fill), strokeRgba: parseColor(stroke), dashed });
      this.ids.set(key, id);
    }
    return id;
  }

  /** Interns a body style's three states; returns [awake, asleep, dragged] ids. */
  internBody(style: BodyStyle): [number, number, number] {
    const fill = parseColor(style.fill);
    const stroke = style.stroke ?? toCss(mix(fill, WHITE, 0.45));
    const strokeRgba = parseColor(stroke);
    const dashed = style.dashed ?? false;
    const awake = this.intern(style.fill, stroke, dashed);
    const asleep = this.intern(
      style.sleepingFill ?? toCss(mix(fill, SLATE, 0.55)),
      style.sleepingStroke ?? toCss(mix(strokeRgba, SLATE, 0.4)),
      dashed,
    );
    const dragged = this.intern(style.draggedFill ?? style.fill, style.draggedStroke ?? '#ffffff', dashed);
    return [awake, asleep, dragged];
  }
}
