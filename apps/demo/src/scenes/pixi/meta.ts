import type { SceneMeta } from '../meta';

/** Apart from the scene, so the scene list names it without loading pixi.js (a chunk of its own). */
export const meta: SceneMeta = {
  id: 'pixi',
  title: 'Pixi.js',
  short: 'Pixi.js',
  summary: [
    'Every body here is a Pixi Container (pixi.js v8 through @pixi/react): useBody’s ref takes any object with a position and a rotation.',
    'The same frame loop that moves HTML elements writes the containers’ position and rotation: no React render per frame.',
  ],
};
