/**
 * Turns for the engines' suites, which run side by side (one browser each): an ordinary
 * test takes a shared turn, a test that reports timing figures (the stress scene's frame
 * times, the golden run's step times) an exclusive one, so its figures are measured with
 * no other browser running. First come, first served: a waiting exclusive turn holds back
 * the shared turns asked for after it, so it is never starved.
 */
export class Turns {
  private shared = 0;
  private exclusive = false;
  private readonly queue: { exclusive: boolean; start: () => void }[] = [];

  /** Waits for a turn; call the returned function to end it. */
  take(exclusive: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      this.queue.push({ exclusive, start: () => resolve(() => this.end(exclusive)) });
      this.next();
    });
  }

  private end(exclusive: boolean): void {
    if (exclusive) this.exclusive = false;
    else this.shared--;
    this.next();
  }

  private next(): void {
    for (;;) {
      const head = this.queue[0];
      if (!head || this.exclusive || (head.exclusive && this.shared > 0)) return;
      this.queue.shift();
      if (head.exclusive) this.exclusive = true;
      else this.shared++;
      head.start();
    }
  }
}
