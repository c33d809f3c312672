// Preloaded (`node --import ./e2e/shifted-clock.mjs`) by a journey about what a given day shows: the
// server's clock starts at E2E_NOW (an ISO moment) and runs on at the normal pace. Only `Date` moves
// (the app's clock, and the embedded database's now(), read it); timers and performance.now do not.
const target = process.env.E2E_NOW;
if (target) {
  const RealDate = Date;
  const offset = RealDate.parse(target) - RealDate.now();
  if (Number.isNaN(offset)) throw new Error(`E2E_NOW inválido: ${target}`);
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (real, args, newTarget) =>
      Reflect.construct(real, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (real, key, receiver) => (key === 'now' ? now : Reflect.get(real, key, receiver)),
  });
}
