/**
 * The NOTIFY channels the database's triggers and the instances share. A constant here, below every
 * module, so the module that listens and the one that owns the triggers need not import each other.
 */

/** The channel the `users`/`sessions` triggers notify (migration 0005): `user:<id>`, `session:<id>`, `*`. */
export const AUTH_CHANGES_CHANNEL = 'auth_changed';
