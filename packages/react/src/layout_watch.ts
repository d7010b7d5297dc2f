/**
 * Notices when the page's layout may have moved the HTML elements that follow bodies
 * without any of them changing: a sibling added, removed or reordered before one (a
 * MutationObserver on each element's parent, `childList` only: our own transform writes
 * are attribute changes and never wake it), a parent resized (a ResizeObserver: a sibling
 * that grew), the window resized. It only calls `onChange`; the frame loop re-measures
 * every element once, at its next frame, so no frame reads the layout unless it moved.
 *
 * One observer of each kind watches every parent (counted, as many elements share one).
 */
export class LayoutWatch {
  private readonly parents = new Map<Element, number>();
  private mutations: MutationObserver | null = null;
  private resizes: ResizeObserver | null = null;
  private view: Window | null = null;
  private readonly onChange: () => void;

  constructor(onChange: () => void) {
    this.onChange = onChange;
  }

  /** Watches `parent` (the parent of a newly registered element). */
  watch(parent: Element): void {
    const count = this.parents.get(parent) ?? 0;
    this.parents.set(parent, count + 1);
    if (count > 0) return;
    const view = parent.ownerDocument.defaultView;
    if (view === null) return;
    if (this.view === null) {
      this.view = view;
      view.addEventListener('resize', this.onChange);
    }
    const w = view as Window & {
      MutationObserver?: typeof MutationObserver;
      ResizeObserver?: typeof ResizeObserver;
    };
    if (this.mutations === null && w.MutationObserver) this.mutations = new w.MutationObserver(this.onChange);
    if (this.resizes === null && w.ResizeObserver) this.resizes = new w.ResizeObserver(this.onChange);
    this.mutations?.observe(parent, { childList: true });
    this.resizes?.observe(parent);
  }

  /** Stops watching `parent` once no registered element is in it. */
  unwatch(parent: Element): void {
    const count = this.parents.get(parent);
    if (count === undefined) return;
    if (count > 1) {
      this.parents.set(parent, count - 1);
      return;
    }
    this.parents.delete(parent);
    this.resizes?.unobserve(parent);
    // A MutationObserver has no unobserve: start over with the parents left (rare: a list emptied).
    if (this.mutations) {
      this.mutations.disconnect();
      for (const p of this.parents.keys()) this.mutations.observe(p, { childList: true });
    }
    if (this.parents.size === 0) {
      this.view?.removeEventListener('resize', this.onChange);
      this.view = null;
    }
  }
}
