/**
 * Lets the server answer other requests in the middle of a long build. PGlite runs each query inside
 * this thread and resolves it at once, so a loop of thousands of queries would otherwise chain
 * microtasks for minutes and never let an incoming request (the progress poll itself) through.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
