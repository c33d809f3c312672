/**
 * The perfis module's public face (ADR 0025): the profile routes, and what the users module needs to
 * give an account its profiles.
 */
export { perfisRoutes } from './perfis.routes.js';
export { staffHolding } from './perfis.audience.js';
export {
  builtInPerfilId,
  defaultPerfilIdOf,
  ensureBuiltInPerfis,
  giveDefaultPerfil,
  listPerfis,
  mayManageAccount,
  perfisOfUsers,
  setUserPerfis,
  type Granter,
} from './perfis.service.js';
