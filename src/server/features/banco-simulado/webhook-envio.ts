/**
 * How the bank posts a webhook, as PSPs do: the first attempt awaited, then retries after each delay of
 * `retryDelaysMs` until one answers 2xx (the retries are not awaited; `stop` cancels those pending).
 */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly retryDelaysMs: readonly number[],
    private readonly counters: { attempt?: () => void; failure?: () => void } = {},
  ) {}

  async post(url: string, body: string): Promise<void> {
    const attempt = async (tentativa: number): Promise<void> => {
      this.counters.attempt?.();
      let ok = false;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        ok = response.ok;
      } catch {
        ok = false;
      }
      if (ok) return;
      this.counters.failure?.();
      const delay = this.retryDelaysMs[tentativa];
      if (delay === undefined) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void attempt(tentativa + 1);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    };
    await attempt(0);
  }

  /** Stops the pending retries. */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
