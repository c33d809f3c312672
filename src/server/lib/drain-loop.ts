/**
 * One drain of a queue at a time, for the job queue and the delivery worker: a call while a drain is
 * going does not start another, it asks the one in hand to go round once more (work may have been
 * queued after its last look) and shares its promise.
 */
export class DrainLoop {
  private running: Promise<void> | null = null;
  private again = false;

  /**
   * @param pass empties the queue as far as it can (one round).
   * @param isStopping true once the owner is stopping: no further round starts.
   */
  constructor(
    private readonly pass: () => Promise<void>,
    private readonly isStopping: () => boolean = () => false,
  ) {}

  /** Runs rounds until one ends with no wake-up asked for; resolves when the drain is over. */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          await this.pass();
        } while (!this.isStopping() && this.takeWakeUp());
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when the drain in hand, if any, is over. */
  async settled(): Promise<void> {
    await this.running;
  }

  /** True (once) when a drain was asked for while this one was already going. */
  private takeWakeUp(): boolean {
    const asked = this.again;
    this.again = false;
    return asked;
  }
}
