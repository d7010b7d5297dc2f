/**
 * The lifetime of one engine object (a world, a body, a joint), safe under React's
 * StrictMode by construction: the object is created lazily, on the first `acquire()`, and
 * destroyed by `release()`. Hooks acquire in an effect and release in its cleanup, never
 * in render, so StrictMode's mount → unmount → mount creates, destroys and creates again,
 * and exactly one object is alive afterwards; a render React throws away creates nothing.
 */
export class Lifetime<T> {
  private value: T | undefined = undefined;
  private live = false;
  private readonly create: () => T;
  private readonly destroy: (value: T) => void;

  constructor(create: () => T, destroy: (value: T) => void) {
    this.create = create;
    this.destroy = destroy;
  }

  /** The object, created now if it is not alive. A create that throws leaves nothing alive. */
  acquire(): T {
    if (!this.live) {
      this.value = this.create();
      this.live = true;
    }
    return this.value as T;
  }

  /** The object if it is alive, else undefined. Never creates. */
  peek(): T | undefined {
    return this.live ? this.value : undefined;
  }

  get alive(): boolean {
    return this.live;
  }

  /** Destroys the object if it is alive; a second release does nothing. */
  release(): void {
    if (!this.live) return;
    const value = this.value as T;
    this.live = false;
    this.value = undefined;
    this.destroy(value);
  }
}
