import { DAY_MS } from '../../shared/calendar.js';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { clock } from '../lib/clock.js';
import { listPurposes } from '../features/privacy/index.js';
import { consents } from '../db/schema/consent.js';
import { privacyAcceptances } from '../db/schema/privacy.js';
import { dataRequests } from '../db/schema/privacy-requests.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';

/**
 * Issue 17's demo: consents for most children (every 7th without image consent, one withdrawn), the
 * demo guardian's acceptance of the privacy notice and terms, and a pending correction request.
 */
export async function seedLgpd(tx: DbOrTx, responsavelUserId: string): Promise<void> {
  const purposes = await listPurposes(tx);
  const imagem = purposes.find((purpose) => purpose.chave === 'imagem')!;
  const links = await tx
    .select({ alunoId: studentGuardians.alunoId, responsavelId: studentGuardians.responsavelId })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(eq(studentGuardians.ehPrincipal, true))
    .orderBy(asc(students.matricula));
  const now = clock.now();
  const rows: (typeof consents.$inferInsert)[] = [];
  links.forEach((link, index) => {
    for (const purpose of purposes) {
      if (purpose.id === imagem.id && index % 7 === 3) continue;
      rows.push({
        alunoId: link.alunoId,
        finalidadeId: purpose.id,
        concedido: true,
        versaoFinalidade: purpose.versao,
        responsavelId: link.responsavelId,
        registradoEm: new Date(now.getTime() - 30 * DAY_MS),
      });
    }
  });
  const withdrawn = links[1];
  if (withdrawn)
    rows.push({
      alunoId: withdrawn.alunoId,
      finalidadeId: imagem.id,
      concedido: false,
      versaoFinalidade: imagem.versao,
      responsavelId: withdrawn.responsavelId,
      registradoEm: new Date(now.getTime() - 5 * DAY_MS),
    });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(consents).values(rows.slice(i, i + 500));

  await tx.insert(privacyAcceptances).values({
    usuarioId: responsavelUserId,
    versaoPrivacidade: 1,
    versaoTermos: 1,
    aceitoEm: new Date(now.getTime() - 20 * DAY_MS),
    ip: '127.0.0.1',
  });
  const [guardian] = await tx.select().from(guardians).where(eq(guardians.usuarioId, responsavelUserId));
  if (guardian) {
    const criado = new Date(now.getTime() - 3 * DAY_MS);
    await tx.insert(dataRequests).values({
      usuarioId: responsavelUserId,
      responsavelId: guardian.id,
      tipo: 'correcao',
      descricao: 'Meu endereço mudou: Rua das Acácias, 120, apto 31. Por favor, atualizem o cadastro.',
      prazo: new Date(criado.getTime() + 15 * DAY_MS).toISOString().slice(0, 10),
      criadoEm: criado,
    });
  }
}
