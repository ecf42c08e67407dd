// The loop of a database outbox's worker (the push queue, the BPJS outbox): drain what is due,
// then sleep until the next poll or until woken, until stopped. What is due and how it is sent is
// the worker's own; a failed drain is logged and tried again at the next poll.

export interface Poller {
  /** Starts the loop (once). */
  start(): void;
  /** Drains now rather than at the next poll. */
  wake(): void;
  /** Ends the loop after the drain in progress. */
  stop(): Promise<void>;
  /** True once stop() was called: a long drain checks it between batches. */
  readonly stopping: boolean;
}

export function createPoller(drain: () => Promise<unknown>, pollMs: number, onError: (err: unknown) => void): Poller {
  let running: Promise<void> | null = null;
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        await drain();
      } catch (err) {
        onError(err);
      }
      if (stopping) break;
      if (!woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wakeUp = () => (clearTimeout(timer), resolve());
        });
      }
      woken = false;
      wakeUp = null;
    }
  }

  return {
    start() {
      running ??= loop();
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopping = true;
      wakeUp?.();
      await running;
    },
    get stopping() {
      return stopping;
    },
  };
}
