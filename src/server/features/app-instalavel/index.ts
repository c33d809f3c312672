/**
 * The app-instalavel module's public face (issue 35 §1, ADR 0052): the web app manifest and the icons
 * the installable portal shows, written from the school's settings.
 */
export {
  appIconRoutes,
  appManifestRoutes,
  appleTouchIconRoutes,
  appSplashRoutes,
} from './app-manifest.routes.js';
