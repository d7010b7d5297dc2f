import type { BodyId, Vec2 } from '@impulse/core';
import { type BodyApi, Physics, type PhysicsApi, useBody, usePhysics } from '@impulse/react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { chosenBackend, setActiveSim } from '../../ui/active_scene';
import { bodyIds } from '../../ui/body_ids';
import { watchPointerPress } from '../../ui/pointer_press';
import { type Backend, type Perf, type SceneHandle, startFrameClock } from '../../ui/scene_handle';
import { Button, Toggle } from '../../ui/controls';
import { SceneTitle } from '../../ui/SceneTitle';
import { StatsOverlay } from '../../ui/StatsOverlay';
import type { SceneMeta } from '../meta';

export const meta: SceneMeta = {
  id: 'ui',
  title: 'UI physics',
  short: 'UI physics',
  summary: [
    'Ordinary HTML: cards, buttons and chips laid out by CSS become bodies the size of their boxes (@impulse/react useBody).',
    'They fall, stack and can be flung; the frame loop writes their transforms straight to the DOM, with no React render per frame.',
  ],
};

/** React renders of this scene's body components (the stats show it stays flat while things move). */
let renders = 0;

/** The page bodies, for the stats overlay and the browser test. */
class DomScene implements SceneHandle {
  readonly perf: Perf = { workMs: Number.NaN, readMs: Number.NaN, frameMs: 16.7, fps: 60, frames: 0 };
  readonly bodies = new Set<BodyApi>();
  /** The title's body: free to fly when grabbed. */
  testApi: BodyApi | null = null;
  private press: { readonly down: boolean } | null = null;
  constructor(
    private readonly api: PhysicsApi,
    readonly backend: Backend,
    private readonly rendersAtStart: number,
  ) {}
  get client() {
    return this.api.client;
  }
  get hiddenBodies(): number {
    return this.api.ownBodyCount();
  }
  get testBody(): BodyId | null {
    return this.testApi?.id ?? null;
  }
  start(): () => void {
    const stopClock = startFrameClock(this.perf);
    const press = watchPointerPress();
    this.press = press;
    return () => {
      stopClock();
      press.stop();
    };
  }
  dynamicBodies(): BodyId[] {
    return bodyIds([...this.bodies]);
  }
  bodyPagePoint(body: BodyId): Vec2 | null {
    const p = this.api.worldToScreen(this.client.getBodyPosition(body));
    return { x: p.x - window.scrollX, y: p.y - window.scrollY };
  }
  pageToWorld(x: number, y: number): Vec2 | null {
    return this.api.screenToWorld({ x: x + window.scrollX, y: y + window.scrollY });
  }
  isDragging(): boolean {
    return this.press?.down ?? false;
  }
  reactRenders(): number {
    return renders - this.rendersAtStart;
  }
}

/** Publishes the scene for the shell and the test hook while <Physics> lives. */
function Publish({ onScene }: { onScene: (s: DomScene | null) => void }) {
  const api = usePhysics();
  // a layout effect, and rendered before the page: the pieces' layout effects find it
  useLayoutEffect(() => {
    const scene = new DomScene(api, chosenBackend(), renders);
    const stop = scene.start();
    registry.current = scene;
    setActiveSim(scene);
    onScene(scene);
    return () => {
      stop();
      registry.current = null;
      setActiveSim(null);
      onScene(null);
    };
  }, [api, onScene]);
  return null;
}

const registry: { current: DomScene | null } = { current: null };

/** An element that is a body the size of its box: static until the page lets go. */
function Piece(props: {
  falling: boolean;
  className: string;
  children?: ReactNode;
  restitution?: number;
  test?: boolean;
}) {
  renders++;
  const [ref, api] = useBody<HTMLDivElement>({
    type: props.falling ? 'dynamic' : 'static',
    friction: 0.5,
    restitution: props.restitution ?? 0.05,
    density: 1,
  });
  useLayoutEffect(() => {
    const scene = registry.current;
    scene?.bodies.add(api);
    if (props.test && scene) scene.testApi = api;
    return () => {
      scene?.bodies.delete(api);
    };
  });
  return (
    <div ref={ref} className={`piece ${props.className}`}>
      {props.children}
    </div>
  );
}

/** A static body that bounds the page: the floor and the side walls. */
function Bound({ className }: { className: string }) {
  const [ref] = useBody<HTMLDivElement>({ type: 'static', friction: 0.6 });
  return <div ref={ref} className={`bound ${className}`} aria-hidden="true" />;
}

const PLANS = [
  { name: 'Hobby', price: '$0', lines: ['1 world', '500 bodies', 'Community help'] },
  { name: 'Studio', price: '$19', lines: ['10 worlds', '50,000 bodies', 'Worker backend'], featured: true },
  { name: 'Arcade', price: '$99', lines: ['Unlimited worlds', 'Deterministic replays', 'Priority support'] },
];

function Page({ falling }: { falling: boolean }) {
  return (
    <div className="mock-page">
      <Piece falling={falling} className="mock-nav">
        <strong>⚡ Acme Physics Cloud</strong>
        <span>Pricing</span>
      </Piece>
      <div className="mock-hero">
        <Piece falling={falling} className="mock-title" test>
          Simple pricing for heavy things
        </Piece>
        <div className="mock-chips">
          {['No credit card', 'Cancel anytime', '60 Hz', 'Deterministic'].map((c) => (
            <Piece key={c} falling={falling} className="mock-chip" restitution={0.3}>
              {c}
            </Piece>
          ))}
        </div>
      </div>
      <div className="mock-cards">
        {PLANS.map((p) => (
          <Piece key={p.name} falling={falling} className={`mock-card${p.featured ? ' featured' : ''}`}>
            <h3>{p.name}</h3>
            <p className="mock-price">
              {p.price}
              <small>/mo</small>
            </p>
            <ul>
              {p.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </Piece>
        ))}
      </div>
      <div className="mock-actions">
        <Piece falling={falling} className="mock-button primary" restitution={0.2}>
          Start free
        </Piece>
        <Piece falling={falling} className="mock-button" restitution={0.2}>
          Talk to sales
        </Piece>
      </div>
      <Bound className="floor" />
      <Bound className="wall left" />
      <Bound className="wall right" />
    </div>
  );
}

export default function UiPhysics() {
  const [reset, setReset] = useState(0);
  const [falling, setFalling] = useState(false);
  const [auto, setAuto] = useState(true);
  const [scene, setScene] = useState<DomScene | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  // the page stands for a moment, then lets go (unless told to wait)
  useEffect(() => {
    if (!auto) return;
    setFalling(false);
    const t = window.setTimeout(() => setFalling(true), 900);
    return () => window.clearTimeout(t);
  }, [auto, reset]);
  // measured bodies take their place from the layout: a new layout means a new world
  const [size, setSize] = useState('');
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    let timer = 0;
    let first = `${el.clientWidth}x${el.clientHeight}`;
    const ro = new ResizeObserver(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const now = `${el.clientWidth}x${el.clientHeight}`;
        if (now !== first) {
          first = now;
          setSize(now);
        }
      }, 150);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <section className="scene" data-scene={meta.id}>
      <header className="scene-head">
        <SceneTitle meta={meta} />
        <p className="stage-hint">Drag any card: mouse, pen or finger</p>
      </header>
      <div className="scene-body">
        <div className="stage ui-stage" ref={stage} data-testid="stage">
          <Physics key={`${reset}:${size}`} backend={chosenBackend()} scale={100} draggable>
            <Publish onScene={setScene} />
            <Page falling={falling} />
          </Physics>
          <StatsOverlay sim={scene} />
        </div>
        <aside className="panel" aria-label="Controls">
          <Toggle
            label="Gravity on"
            checked={falling}
            onChange={setFalling}
            hint="Off: every element is a static body where CSS put it. On: they fall."
          />
          <Toggle label="Let go on load" checked={auto} onChange={setAuto} />
          <p className="control-hint">
            The bodies are measured from the elements’ boxes; the elements stay in the page’s layout and only
            their <code>transform</code> changes. “React renders” counts renders of the pieces since the page
            loaded: it does not climb while they move.
          </p>
          <div className="panel-actions">
            <Button
              onClick={() => {
                setFalling(false);
                setReset((n) => n + 1);
              }}
            >
              Put the page back
            </Button>
          </div>
        </aside>
      </div>
    </section>
  );
}
