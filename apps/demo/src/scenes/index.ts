/** The scene list: one folder per scene, each exporting `meta` and its component. */
import { type ComponentType, lazy } from 'react';
import Bridge, { meta as bridgeMeta } from './bridge';
import Car, { meta as carMeta } from './car';
import Character, { meta as characterMeta } from './character';
import Lab, { meta as labMeta } from './lab';
import Mass, { meta as massMeta } from './mass';
import { meta as pixiMeta } from './pixi/meta';
import type { SceneMeta } from './meta';
import Soft, { meta as softMeta } from './soft';
import Stacking, { meta as stackingMeta } from './stacking';
import Stress, { meta as stressMeta } from './stress';
import Ui, { meta as uiMeta } from './ui';

// pixi.js is a megabyte: loaded when its scene opens
const PixiScene = lazy(() => import('./pixi'));

export interface SceneEntry {
  meta: SceneMeta;
  Component: ComponentType;
}

export const SCENES: readonly SceneEntry[] = [
  { meta: stackingMeta, Component: Stacking },
  { meta: massMeta, Component: Mass },
  { meta: softMeta, Component: Soft },
  { meta: carMeta, Component: Car },
  { meta: bridgeMeta, Component: Bridge },
  { meta: characterMeta, Component: Character },
  { meta: uiMeta, Component: Ui },
  { meta: pixiMeta, Component: PixiScene },
  { meta: stressMeta, Component: Stress },
  { meta: labMeta, Component: Lab },
];
