/**
 * Undo actions (stop a child, drop a database, remove a directory) run newest first, once,
 * whether the bench ends normally, throws, or is interrupted with Ctrl-C.
 */
export interface Cleanup {
  /**
   * Registers an undo action. The returned function forgets it, running it first unless
   * told not to (for work that ended by itself).
   */
  add(label: string, action: () => Promise<void> | void): (runIt?: boolean) => Promise<void>;
  runAll(): Promise<void>;
}

export function createCleanup(): Cleanup {
  const actions: { label: string; action: () => Promise<void> | void }[] = [];

  async function run(entry: (typeof actions)[number]): Promise<void> {
    try {
      await entry.action();
    } catch (error) {
      // One failed undo must not keep the others (a database drop, a child kill) from running.
      console.error(`cleanup: ${entry.label} failed: ${(error as Error).message}`);
    }
  }

  return {
    add(label, action) {
      const entry = { label, action };
      actions.push(entry);
      return async (runIt = true) => {
        const index = actions.indexOf(entry);
        if (index === -1) return;
        actions.splice(index, 1);
        if (runIt) await run(entry);
      };
    },
    async runAll() {
      while (actions.length > 0) await run(actions.pop()!);
    },
  };
}

/**
 * On Ctrl-C or SIGTERM: clean up, then exit like an interrupted process. A second signal
 * exits at once, for when a cleanup step hangs.
 */
export function cleanUpOnSignals(cleanup: Cleanup): void {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (interrupted) process.exit(130);
      interrupted = true;
      console.error(`\n${signal}: stopping the servers and cleaning up (again to exit at once)...`);
      void cleanup.runAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}
