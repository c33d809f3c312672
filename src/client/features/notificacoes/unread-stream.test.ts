import { describe, expect, it } from 'vitest';
import { followUnreadStream, STREAM_BACKOFF, type StreamSource } from './unread-stream';

/** An EventSource the test drives: what the server sends, and how the browser reports failures. */
class FakeSource implements StreamSource {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent<string>);
  }
  /** The server answered something that is not a stream (503, 401): the browser gives up. */
  refuse() {
    this.readyState = 2;
    this.emit('error');
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const counts: number[] = [];
  let visible: (() => void) | null = null;
  const stop = followUnreadStream({
    url: '/api/notificacoes/stream',
    onCount: (count) => counts.push(count),
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    onVisible: (listener) => {
      visible = listener;
      return () => (visible = null);
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => ((timer as { cleared: boolean }).cleared = true),
    random: () => 1,
  });
  return { sources, timers, counts, stop, becomeVisible: () => visible?.() };
}

describe('the bell’s event stream', () => {
  it('passes the counts on', () => {
    const { sources, counts } = harness();
    sources[0]!.emit('contagem', '{"nao_lidas":3}');
    expect(counts).toEqual([3]);
  });

  it('a refused stream (503) is tried again after a growing wait, never at once', () => {
    const { sources, timers } = harness();
    sources[0]!.refuse();
    expect(sources).toHaveLength(1);
    expect(timers.map((timer) => timer.ms)).toEqual([STREAM_BACKOFF.firstMs]);
    timers[0]!.run();
    expect(sources).toHaveLength(2);
    sources[1]!.refuse();
    timers[1]!.run();
    sources[2]!.refuse();
    expect(timers.map((timer) => timer.ms)).toEqual([60_000, 120_000, 240_000]);
    for (let index = 0; index < 10; index++) {
      timers.at(-1)!.run();
      sources.at(-1)!.refuse();
    }
    expect(timers.at(-1)!.ms).toBe(STREAM_BACKOFF.maxMs);
    // Once a stream opens, the wait starts over.
    timers.at(-1)!.run();
    sources.at(-1)!.emit('open');
    sources.at(-1)!.refuse();
    expect(timers.at(-1)!.ms).toBe(STREAM_BACKOFF.firstMs);
  });

  it('a dropped connection is left to the browser’s own reconnection', () => {
    const { sources, timers } = harness();
    sources[0]!.emit('error');
    expect(sources[0]!.closed).toBe(false);
    expect(timers).toHaveLength(0);
  });

  it('a stream replaced by another tab’s closes and reopens only when this tab is looked at again', () => {
    const { sources, timers, becomeVisible } = harness();
    sources[0]!.emit('fim', '{"motivo":"substituido"}');
    expect(sources[0]!.closed).toBe(true);
    expect(sources).toHaveLength(1);
    expect(timers).toHaveLength(0);
    becomeVisible();
    expect(sources).toHaveLength(2);
    // Visible again while streaming: nothing new.
    becomeVisible();
    expect(sources).toHaveLength(2);
  });

  it('stops: the stream closes and a pending retry is dropped', () => {
    const { sources, timers, stop } = harness();
    sources[0]!.refuse();
    stop();
    expect(timers[0]!.cleared).toBe(true);
    timers[0]!.run();
    expect(sources).toHaveLength(1);
  });
});
