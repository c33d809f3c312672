/** The part of EventSource the bell uses (a test stands in its own). */
export interface StreamSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** EventSource.CLOSED: the browser gave up on the stream and will not reconnect by itself. */
const CLOSED = 2;

/** After a refused stream (503: the server's ceiling; 401; a proxy), the next try waits 1 min, then 2, 4 … 15. */
export const STREAM_BACKOFF = { firstMs: 60_000, maxMs: 15 * 60_000 } as const;

export interface UnreadStreamOptions {
  url: string;
  onCount(naoLidas: number): void;
  open?: (url: string) => StreamSource;
  /** The tab becoming visible (a replaced stream reopens when its tab is looked at again). */
  onVisible?: (listener: () => void) => () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  random?: () => number;
}

/**
 * Follows the bell's event stream, gently: the browser reconnects by itself after a dropped
 * connection (every 5 s, the stream's `retry`), but
 * - a stream the server replaced (`event: fim`, a newer tab of the same session or person took its
 *   place) is closed and stays closed until this tab is looked at again — two tabs never take the
 *   stream from each other in a loop;
 * - a stream refused (503 past the server's ceiling, 401, anything that is not a stream) is retried
 *   after a growing, jittered wait (1, 2, 4 … 15 min), never at once.
 * The count is also polled meanwhile (useUnreadCount), so the bell stays right either way.
 * Returns the stop.
 */
export function followUnreadStream(options: UnreadStreamOptions): () => void {
  const open = options.open ?? ((url: string) => new EventSource(url));
  const onVisible =
    options.onVisible ??
    ((listener: () => void) => {
      const handle = () => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', handle);
      return () => document.removeEventListener('visibilitychange', handle);
    });
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as number));
  const random = options.random ?? Math.random;

  let source: StreamSource | null = null;
  let timer: unknown = null;
  let failures = 0;
  let replaced = false;
  let stopped = false;

  const connect = () => {
    timer = null;
    if (stopped || source) return;
    const current = open(options.url);
    source = current;
    current.addEventListener('open', () => {
      failures = 0;
    });
    current.addEventListener('contagem', (event) => {
      options.onCount((JSON.parse(String(event.data)) as { nao_lidas: number }).nao_lidas);
    });
    current.addEventListener('fim', () => {
      current.close();
      if (source === current) source = null;
      replaced = true;
    });
    current.addEventListener('error', () => {
      // CONNECTING: the browser is already retrying a dropped connection, at the stream's pace.
      if (current.readyState !== CLOSED || source !== current) return;
      current.close();
      source = null;
      failures++;
      const wait = Math.min(STREAM_BACKOFF.maxMs, STREAM_BACKOFF.firstMs * 2 ** (failures - 1));
      timer = setTimer(connect, Math.round(wait * (0.5 + random() / 2)));
    });
  };

  const stopWatching = onVisible(() => {
    if (!replaced || stopped) return;
    replaced = false;
    connect();
  });
  connect();

  return () => {
    stopped = true;
    stopWatching();
    if (timer !== null) clearTimer(timer);
    source?.close();
    source = null;
  };
}
