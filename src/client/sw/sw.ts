/// <reference lib="webworker" />
/**
 * The portal's service worker (issue 35, ADR 0052). Three parts, each in its own file:
 * - `shell.ts`: the portal's precached shell and its update (never an API answer: those carry personal
 *   data and stay `no-store`);
 * - `push.ts`: Web Push notifications (title and link only; the screen loads the rest after sign-in);
 */
import { registerPush } from './push';
import { registerShell } from './shell';
import { registerSync } from './sync';

declare const self: ServiceWorkerGlobalScope;

registerShell(self);
registerPush(self);
registerSync(self);
