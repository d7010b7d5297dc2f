import { Physics, useBody } from '@impulse/react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { chosenBackend } from '../../ui/active_scene';
import {
  type CanvasSceneHandle,
  SceneContext,
  sceneRenders,
  useSceneHandle,
  useTrackedBody,
} from '../../ui/CanvasScene';
import { Button, Toggle } from '../../ui/controls';
import { PublishPage } from '../../ui/page_scene';
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

/** What a piece offers while it is static: no body to count or drag. */
const HELD = { id: null } as const;

/** An element that is a body the size of its box: static until the page lets go. */
function Piece(props: {
  falling: boolean;
  className: string;
  children?: ReactNode;
  restitution?: number;
  test?: boolean;
}) {
  sceneRenders.count++;
  const [ref, api] = useBody<HTMLDivElement>({
    type: props.falling ? 'dynamic' : 'static',
    friction: 0.5,
    restitution: props.restitution ?? 0.05,
    density: 1,
  });
  // a static piece is not one of the scene's moving bodies, nor one to drag: the tests and the
  // stats see the pieces once the page lets go
  useTrackedBody(props.falling ? api : HELD);
  const scene = useSceneHandle();
  useLayoutEffect(() => {
    if (!props.test || !scene) return;
    scene.testApi = props.falling ? api : null;
  }, [props.test, props.falling, scene, api]);
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
  const [scene, setScene] = useState<CanvasSceneHandle | null>(null);
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
            <PublishPage renderer="dom" onScene={setScene} />
            <SceneContext.Provider value={scene}>
              <Page falling={falling} />
            </SceneContext.Provider>
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
