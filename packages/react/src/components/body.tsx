import {
  type CSSProperties,
  createContext,
  createElement,
  forwardRef,
  type HTMLAttributes,
  type ReactNode,
  useContext,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { type BodyApi, BodyHandle } from '../body_handle.js';
import type { BodyOptions } from '../body_props.js';
import { useRuntime } from '../context.js';
import type { ShapeSpec } from '../shapes.js';

/**
 * Shapes declared as `<Shape>` children of a `<Body>`, in the order they registered.
 * Children's effects run before their parent's, so the list is complete when the body is
 * first created; a later change recreates the body (shapes are immutable).
 */
class ShapeCollector {
  private readonly specs = new Map<string, ShapeSpec>();
  onChange: (() => void) | null = null;

  set(key: string, spec: ShapeSpec): void {
    this.specs.set(key, spec);
    this.onChange?.();
  }

  delete(key: string): void {
    if (this.specs.delete(key)) this.onChange?.();
  }

  list(): ShapeSpec[] | undefined {
    return this.specs.size === 0 ? undefined : [...this.specs.values()];
  }
}

const ShapeContext = createContext<ShapeCollector | null>(null);

type ElementProps = Omit<HTMLAttributes<Element>, keyof BodyOptions | 'children' | 'style'>;

export interface BodyProps extends BodyOptions, ElementProps {
  /** The element the body moves: 'div' by default, 'g' (or any SVG tag) in an SVG, null for none. */
  as?: string | null;
  style?: CSSProperties;
  children?: ReactNode;
}

/**
 * A body as JSX: `<Body type="dynamic" restitution={0.5}>Card</Body>`. Renders its element
 * (a div unless `as` says otherwise) and moves it; shapes come from the `shapes` prop,
 * `<Shape>` children, or else the element's size. The ref is the body's api.
 */
export const Body = forwardRef<BodyApi, BodyProps>(function Body(props, ref) {
  const runtime = useRuntime('<Body>');
  const collector = useMemo(() => new ShapeCollector(), []);
  const handle = useMemo(() => new BodyHandle(runtime, {}), [runtime]);
  const { as = 'div', style, children, ...rest } = props;
  const { options, element } = split(rest);
  const latest = useRef(options);
  useImperativeHandle(ref, () => handle.api, [handle]);
  useLayoutEffect(() => {
    latest.current = options;
    handle.update(withShapes(options, collector));
  });
  useLayoutEffect(() => {
    collector.onChange = () => handle.update(withShapes(latest.current, collector));
    handle.acquire();
    return () => {
      collector.onChange = null;
      handle.release();
    };
  }, [handle, collector]);
  const content = <ShapeContext.Provider value={collector}>{children}</ShapeContext.Provider>;
  if (as === null) return content;
  return createElement(
    as,
    // The handle's ref callback is stable: a new one per render would detach and re-measure the element.
    { ...element, style, ref: handle.ref },
    content,
  );
});

function withShapes(options: BodyOptions, collector: ShapeCollector): BodyOptions {
  if (options.shapes) return options;
  const shapes = collector.list();
  return shapes ? { ...options, shapes } : options;
}

const OPTION_KEYS: ReadonlySet<string> = new Set<keyof BodyOptions>([
  'type',
  'position',
  'angle',
  'linearVelocity',
  'angularVelocity',
  'linearDamping',
  'angularDamping',
  'gravityScale',
  'sleepThreshold',
  'fixedRotation',
  'bullet',
  'awake',
  'enableSleep',
  'userData',
  'shapes',
  'draggable',
  'density',
  'friction',
  'restitution',
  'material',
  'filter',
  'isSensor',
  'enableContactEvents',
  'onContactBegin',
  'onContactEnd',
  'onHit',
  'onSensorEnter',
  'onSensorExit',
  'onSleep',
  'onWake',
]);

/** Body options apart from the element's own attributes. */
function split(props: Record<string, unknown>): { options: BodyOptions; element: Record<string, unknown> } {
  const options: Record<string, unknown> = {};
  const element: Record<string, unknown> = {};
  for (const key of Object.keys(props)) {
    if (OPTION_KEYS.has(key)) options[key] = props[key];
    else element[key] = props[key];
  }
  return { options: options as BodyOptions, element };
}

/** A shape of the enclosing `<Body>`: `<Shape type="circle" radius={0.5} />`. Renders nothing. */
export function Shape(spec: ShapeSpec): null {
  const collector = useContext(ShapeContext);
  if (collector === null) throw new Error('<Shape>: must be inside a <Body>');
  const key = useId();
  const json = JSON.stringify(spec);
  // The spec is compared by value (json): a new object with the same shape changes nothing.
  useLayoutEffect(() => {
    collector.set(key, spec);
  }, [collector, key, json]);
  useLayoutEffect(() => () => collector.delete(key), [collector, key]);
  return null;
}
