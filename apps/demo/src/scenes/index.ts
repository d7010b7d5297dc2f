/** The scene list: one folder per scene, each exporting `meta` and its component. */
import type { ComponentType } from 'react';
import type { SceneMeta } from './meta';
import Stacking, { meta as stackingMeta } from './stacking';

export interface SceneEntry {
  meta: SceneMeta;
  Component: ComponentType;
}

export const SCENES: readonly SceneEntry[] = [{ meta: stackingMeta, Component: Stacking }];
