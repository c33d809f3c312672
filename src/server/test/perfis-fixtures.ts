import type { BuiltInPerfil } from '../../shared/permissions.js';
import { userPerfis } from '../db/schema/perfis.js';
import { builtInPerfilId } from '../features/perfis/index.js';
import { createUserRow, loginAs, type TestApp } from './test-app.js';

/**
 * The built-in access profiles by name, in the order the product lists them (ADR 0025): the staff's
 * and the families'. The students' own accounts (Aluno, issue 31 §4, ADR 0029) come after them where a
 * list has them. Written out here, not read from the product, so a test of the list still checks it.
 */
export const STAFF_AND_FAMILY_PROFILES = [
  'Direção',
  'Secretaria',
  'Coordenação pedagógica',
  'Financeiro',
  'Professor',
  'Responsável',
] as const;

/** A staff account holding the built-in profile `chave` only, signed in. */
export async function staffWith(t: TestApp, chave: BuiltInPerfil) {
  const user = await createUserRow(t.database, 'administrador');
  await t.database.db
    .insert(userPerfis)
    .values({ usuarioId: user.id, perfilId: await builtInPerfilId(t.database.db, chave) });
  return { user, cookie: await loginAs(t.app, user.email) };
}
