import { and, asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pagamentos } from '../../db/schema/finance.js';
import { nfse } from '../../db/schema/fiscal.js';
import { guardians } from '../../db/schema/students.js';
import { eq } from 'drizzle-orm';
import { payersOf } from '../students/index.js';

/** One note to issue: the part of a mensalidade one tomador answers for (ADR 0114). */
export interface ParteDaNota {
  mensalidadeId: string;
  alunoId: string;
  tomadorId: string | null;
  nome: string;
  cpf: string | null;
  /** Centavos: what this tomador paid of the month's value, or the part still open. */
  valor: number;
}

interface Mes {
  id: string;
  alunoId: string;
  valor: number;
}

const SEM_RESPONSAVEL = '(sem responsável financeiro)';

/**
 * Who each note of the months goes to (ADR 0114). The NFS-e has one tomador (the DPS's `toma`, at most
 * one): a month is documented in parts, one per guardian who paid (the payments' payer of record, ADR
 * 0112), for the principal they paid; what is still open goes to the responsável financeiro today, who
 * owes it (the contratante). A payment without a payer of record counts as the principal's. The parts of
 * one guardian are one note; a month paid by one guardian, or not at all, is one note as before.
 *
 * A part is left out when its tomador already holds a live note of the month, or when it would take the
 * month's live notes past its value (a note issued before payment is not rewritten: ADR 0112).
 */
export async function partesDasNotas(tx: DbOrTx, meses: readonly Mes[]): Promise<ParteDaNota[]> {
  if (meses.length === 0) return [];
  const ids = meses.map((mes) => mes.id);
  const principais = await payersOf(
    tx,
    meses.map((mes) => mes.alunoId),
  );
  const pagos = await tx
    .select({
      mensalidadeId: pagamentos.mensalidadeId,
      pagadorId: guardians.id,
      nome: guardians.nome,
      cpf: guardians.cpf,
      principal: pagamentos.principal,
    })
    .from(pagamentos)
    .leftJoin(guardians, eq(guardians.id, pagamentos.pagadorId))
    .where(inArray(pagamentos.mensalidadeId, ids))
    .orderBy(asc(pagamentos.dataPagamento), asc(pagamentos.createdAt));
  const vivas = await tx
    .select({ mensalidadeId: nfse.mensalidadeId, tomadorId: nfse.tomadorId, valor: nfse.valor })
    .from(nfse)
    .where(and(inArray(nfse.mensalidadeId, ids), inArray(nfse.status, ['pendente', 'emitida'])));

  const partes: ParteDaNota[] = [];
  for (const mes of meses) {
    const principal = principais.get(mes.alunoId);
    const doPrincipal = {
      tomadorId: principal?.responsavelId ?? null,
      nome: principal?.nome ?? SEM_RESPONSAVEL,
      cpf: principal?.cpf ?? null,
    };
    const porTomador = new Map<string, ParteDaNota>();
    const somar = (quem: typeof doPrincipal, valor: number) => {
      const key = quem.tomadorId ?? '';
      const parte = porTomador.get(key) ?? { mensalidadeId: mes.id, alunoId: mes.alunoId, ...quem, valor: 0 };
      parte.valor += valor;
      porTomador.set(key, parte);
    };
    let pago = 0;
    for (const row of pagos) {
      if (row.mensalidadeId !== mes.id || row.principal <= 0) continue;
      const valor = Math.min(row.principal, mes.valor - pago);
      if (valor <= 0) continue;
      pago += valor;
      somar(
        row.pagadorId && row.nome !== null
          ? { tomadorId: row.pagadorId, nome: row.nome, cpf: row.cpf }
          : doPrincipal,
        valor,
      );
    }
    if (mes.valor > pago) somar(doPrincipal, mes.valor - pago);

    const jaEmitidas = vivas.filter((nota) => nota.mensalidadeId === mes.id);
    const comNota = new Set(jaEmitidas.map((nota) => nota.tomadorId ?? ''));
    let coberto = jaEmitidas.reduce((sum, nota) => sum + nota.valor, 0);
    for (const [key, parte] of porTomador) {
      if (comNota.has(key) || coberto + parte.valor > mes.valor) continue;
      coberto += parte.valor;
      partes.push(parte);
    }
  }
  return partes;
}
