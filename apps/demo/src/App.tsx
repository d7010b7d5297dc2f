import { Suspense } from 'react';
import { SCENES } from './scenes';
import { href, useRoute } from './router';
import { TransportBadge } from './ui/TransportBadge';

export function App() {
  const route = useRoute();
  const entry = SCENES.find((s) => s.meta.id === route) ?? SCENES[0]!;
  const { Component } = entry;
  return (
    <div className="app">
      <header className="topbar">
        <a className="brand" href={href(SCENES[0]!.meta.id)}>
          <span className="logo" aria-hidden="true" />
          <span>Impulse</span>
        </a>
        <nav className="picker" aria-label="Scenes">
          {SCENES.map((s) => (
            <a
              key={s.meta.id}
              href={href(s.meta.id)}
              className={s === entry ? 'active' : ''}
              aria-current={s === entry ? 'page' : undefined}
            >
              {s.meta.short}
            </a>
          ))}
        </nav>
        <div className="topbar-end">
          <TransportBadge />
        </div>
      </header>
      <main className="main">
        <Suspense fallback={null}>
          <Component key={entry.meta.id} />
        </Suspense>
      </main>
    </div>
  );
}
