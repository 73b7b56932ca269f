/** A sleep that can be cut short. A wake that arrives while nobody sleeps is kept, so the next
 * sleep returns at once: a job enqueued mid-poll is never missed until the next interval. */
export class Wakeup {
  private pending = false;
  private resolveSleep: (() => void) | undefined;

  wake(): void {
    this.pending = true;
    this.resolveSleep?.();
  }

  /** Resolves after `ms`, or only on wake when `ms` is undefined. */
  wait(ms?: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(timer);
        this.resolveSleep = undefined;
        this.pending = false;
        resolve();
      };
      if (ms !== undefined) timer = setTimeout(finish, ms);
      this.resolveSleep = finish;
    });
  }
}
