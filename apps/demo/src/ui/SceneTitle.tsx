import type { SceneMeta } from '../scenes/meta';

/** A scene's title and its two-line idea, at the head of the scene. */
export function SceneTitle({ meta }: { meta: SceneMeta }) {
  return (
    <div>
      <h1>{meta.title}</h1>
      <p>
        {meta.summary[0]}
        <br />
        {meta.summary[1]}
      </p>
    </div>
  );
}
