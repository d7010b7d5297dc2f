import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

// The browser tests' hook (and its golden runs, the one part of the demo that builds worlds
// with @impulse/worker and @impulse/core directly) loads as a chunk of its own, apart from
// the scenes, which use @impulse/react alone; the tests wait for it (window.__impulse).
void import('./test_hook').then((m) => m.installTestHook());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
