/**
 * The notificacoes module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export {
  NEW_DEVICE_TITLE,
  notifyAbsences,
  notifyNewDevice,
  notifyPasswordChanged,
  notifyPublishedPeriod,
  withdrawAbsenceNotices,
} from './avisos.service.js';
export { deliveryQueueRoutes, notificacoesRoutes } from './notificacoes.routes.js';
export { fanOut, markReadByLink, notifyUser } from './notificacoes.service.js';
export { Notifier, STREAM_LIMITS } from './notifier.js';
export { loadVapidKeys, VAPID_KEYS_FILE } from './push-keys.js';
export { PushSender } from './push.sender.js';
export { pushRoutes } from './push.routes.js';
export { forgetPushDevices, vapidSubject } from './push.service.js';
export { forgetCachedUnread } from './unread-cache.js';
