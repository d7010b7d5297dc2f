/**
 * A slingshot game in SVG, the size of the one a new user built from the READMEs (issue 27):
 * what the bundle-size check measures. It is built, never run by a test: its code only has
 * to use what such an app uses (a worker world, bodies in SVG, a joint, a soft spring,
 * dragging with a constraint and events, bounds, a stats panel).
 */
import { Body, Bounds, Physics, useBody, useJoint, usePhysicsStats, useSoftConstraint } from '@impulse/react';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const POUCH = { x: 2, y: 2 };

function Sling({ onShot }: { onShot: () => void }) {
  const [ref, ball] = useBody<SVGCircleElement>({
    position: POUCH,
    shapes: [{ type: 'circle', radius: 0.2 }],
    bullet: true,
    dragConstraint: { anchor: POUCH, maxDistance: 1.2 },
    onDragEnd: onShot,
  });
  useSoftConstraint(ball, POUCH, { hertz: 4, dampingRatio: 0.2 });
  return <circle ref={ref} r={20} fill="crimson" />;
}

function Tower() {
  const [baseRef, base] = useBody<SVGRectElement>({
    position: { x: 8, y: 0.5 },
    shapes: [{ type: 'box', width: 1.6, height: 0.2 }],
  });
  const [topRef, top] = useBody<SVGRectElement>({
    position: { x: 8, y: 1.5 },
    shapes: [{ type: 'box', width: 0.2, height: 1.6 }],
  });
  useJoint('revolute', base, top, {
    anchor: { x: 8, y: 0.6 },
    enableLimit: true,
    lowerAngle: -1,
    upperAngle: 1,
  });
  return (
    <>
      <rect ref={baseRef} x={-80} y={-10} width={160} height={20} fill="peru" />
      <rect ref={topRef} x={-10} y={-80} width={20} height={160} fill="sienna" />
      {[0, 1, 2].map((i) => (
        <Body
          key={i}
          as="g"
          position={{ x: 7.5 + i * 0.5, y: 3 }}
          shapes={[{ type: 'box', width: 0.4, height: 0.4 }]}
        >
          <rect x={-20} y={-20} width={40} height={40} fill="tan" />
        </Body>
      ))}
    </>
  );
}

function Score() {
  const bodies = usePhysicsStats((s) => s.bodyCount);
  const steps = usePhysicsStats((s) => s.stepCount);
  return (
    <p>
      {bodies} bodies, step {steps}
    </p>
  );
}

function App() {
  const [shots, setShots] = useState(0);
  return (
    <Physics scale={100} flipY origin={{ x: 0, y: 600 }} draggable>
      <svg width={1000} height={600} role="img" aria-label="slingshot">
        <Bounds />
        <Sling onShot={() => setShots((n) => n + 1)} />
        <Tower />
      </svg>
      <Score />
      <p>{shots} shots</p>
    </Physics>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
