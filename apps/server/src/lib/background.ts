/** Where a failed background task is reported. */
export interface BackgroundLog {
  error(object: Record<string, unknown>, message: string): void;
}

/**
 * Work an answer does not wait for (sending a reset mail), so the answer takes the same time
 * whatever the work is. Failures are logged; `settled()` waits for everything started so far
 * (the app awaits it on close, tests before reading the outbox).
 */
export function createBackground(log: BackgroundLog) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>): void {
      const promise = task()
        .catch((error: unknown) => log.error({ err: error, task: name }, `background task ${name} failed`))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
export type Background = ReturnType<typeof createBackground>;

/**
 * Runs `job` every `everyMs` (0: never) as a background task, one run at a time per instance (a
 * run still going when the next is due skips that turn). The first run is one period after the
 * start; the timer does not keep the process alive. Answers a function that stops it.
 */
export function runEvery(
  background: Background,
  name: string,
  everyMs: number,
  job: () => Promise<unknown>,
): () => void {
  if (everyMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    background.run(name, async () => {
      try {
        await job();
      } finally {
        running = false;
      }
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background tasks (see createBackground); tests await `settled()`. */
    background: Background;
  }
}
