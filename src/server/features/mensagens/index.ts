/**
 * The mensagens module's public face: what the rest of the server (other modules, app.ts, the demo) may
 * import from it. Anything not exported here is internal to the module (the ESLint zones say so).
 */
export { mensagensRoutes } from './mensagens.routes.js';
/** The family's conversations in their feed (issue 32 §1): unread ones are pending ('Responder'). */
export { mensagensFeed } from './mensagens.feed.js';
export { listConversations } from './mensagens.service.js';
