/** Work a process repeats in the background: a purge, a maintenance pass. */
export interface PeriodicTask {
  /** Runs the work now, then every `intervalMs` (idempotent). */
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * A run still going when the next is due makes that one skipped, not queued
 * beside it; a failure goes to `failed` and the next run tries again. The
 * timer never keeps a process alive on its own.
 */
export function periodicTask(run: () => Promise<unknown>, intervalMs: number, failed: (error: unknown) => void): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  function runInBackground(): void {
    if (running) return;
    running = run()
      .then(() => undefined, failed)
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (timer) return;
      runInBackground();
      timer = setInterval(runInBackground, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
