/**
 * Whether a pointer is down anywhere on the page, for a scene whose renderer cannot say
 * which body a pointer holds (HTML bodies, a Pixi stage): a press on the stage grabs one.
 * Listened for in the capture phase, so a body's own handler cannot hide it.
 */
export function watchPointerPress(): { readonly down: boolean; stop(): void } {
  const state = {
    down: false,
    stop: () => {
      window.removeEventListener('pointerdown', press, true);
      window.removeEventListener('pointerup', release, true);
    },
  };
  const press = () => {
    state.down = true;
  };
  const release = () => {
    state.down = false;
  };
  window.addEventListener('pointerdown', press, true);
  window.addEventListener('pointerup', release, true);
  return state;
}
