/**
 * The schedule of the automatic tuition reminders (Configurações financeiras → Lembretes automáticos,
 * ADR 0043): read, saved (versioned, audited) and shown with a preview of the three texts.
 */
import { eq } from 'drizzle-orm';
import type { LembretesConfig, UpdateLembretesConfigInput } from '../../../shared/lembretes.schemas.js';
import { addDays, lastDayWithoutCharges } from '../../../shared/calendar.js';
import { computeAmountDue, descontoPontualidade } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { assertVersion } from '../../lib/versioning.js';
import { clock } from '../../lib/clock.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { getSchoolIdentity } from '../settings/index.js';
import { lembreteConfiguracoes, type LembreteConfiguracoesRow } from '../../db/schema/lembretes.js';
import { writeTransaction } from './finance.shared-reads.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { lembreteAutomaticoTexto, type EscolaContato } from './lembretes.texts.js';

const defaults: LembreteConfiguracoesRow = {
  id: 1,
  ativo: false,
  antesAtivo: true,
  antesDias: 3,
  depoisAtivo: true,
  depoisDias: 1,
  atrasoAtivo: true,
  atrasoDias: 7,
  version: 0,
  updatedAt: new Date(0),
};

export async function loadLembretesConfig(db: DbOrTx): Promise<LembreteConfiguracoesRow> {
  const [row] = await db.select().from(lembreteConfiguracoes).where(eq(lembreteConfiguracoes.id, 1));
  return row ?? defaults;
}

export async function escolaContatoOf(db: DbOrTx): Promise<EscolaContato> {
  const school = await getSchoolIdentity(db);
  return { nome: school.nome, telefone: school.telefone, whatsapp: school.whatsapp, email: school.email };
}

/** An example tuition for the preview: R$ 850,00, due on the 10th (a business day), at the school's rates. */
const PREVIEW_ALUNO = 'Ana';
const PREVIEW_VALOR = 85_000;
const PREVIEW_PIX = '00020101021226…(o código Pix da mensalidade)…6304ABCD';

export async function getLembretesConfig(db: DbOrTx): Promise<LembretesConfig> {
  const [row, escola, settings] = await Promise.all([
    loadLembretesConfig(db),
    escolaContatoOf(db),
    loadSettings(db),
  ]);
  const today = clock.today();
  // The 10th of the month after next, or the business day after it: the day after a due date on a
  // Sunday is still without charges (Lei 7.089/1983), and the preview shows the reminder as it usually reads.
  const vencimento = lastDayWithoutCharges(`${addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7)}-10`);
  const rates = ratesOf(settings);
  const oferta = descontoPontualidade(PREVIEW_VALOR, vencimento, rates);
  const example = (momento: 'antes' | 'depois' | 'atraso', hoje: string) => {
    const due = computeAmountDue(PREVIEW_VALOR, vencimento, hoje, rates);
    return lembreteAutomaticoTexto({
      momento,
      mesReferencia: vencimento.slice(0, 7),
      alunoNome: PREVIEW_ALUNO,
      dataVencimento: vencimento,
      valor: due.total,
      desconto: oferta && due.desconto > 0 ? oferta : null,
      hoje,
      pix: PREVIEW_PIX,
      escola,
    });
  };
  return {
    ativo: row.ativo,
    antes: { ativo: row.antesAtivo, dias: row.antesDias },
    depois: { ativo: row.depoisAtivo, dias: row.depoisDias },
    atraso: { ativo: row.atrasoAtivo, dias: row.atrasoDias },
    version: row.version,
    previa: {
      antes: example('antes', addDays(vencimento, -row.antesDias)),
      depois: example('depois', addDays(vencimento, row.depoisDias)),
      atraso: example('atraso', addDays(vencimento, row.atrasoDias)),
    },
    tem_contato: escola.telefone !== null || escola.email !== null || escola.whatsapp !== null,
  };
}

export async function updateLembretesConfig(
  db: DbOrTx,
  input: UpdateLembretesConfigInput,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<LembretesConfig> {
  await writeTransaction(db, async (tx) => {
    const current = await loadLembretesConfig(tx);
    // Version 0 is the defaults before anyone saved: there is no earlier read to be stale against.
    if (current.version !== 0) assertVersion(expectedVersion, current.version);
    const values = {
      ativo: input.ativo,
      antesAtivo: input.antes.ativo,
      antesDias: input.antes.dias,
      depoisAtivo: input.depois.ativo,
      depoisDias: input.depois.dias,
      atrasoAtivo: input.atraso.ativo,
      atrasoDias: input.atraso.dias,
      version: current.version + 1,
      updatedAt: clock.now(),
    };
    await tx
      .insert(lembreteConfiguracoes)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: lembreteConfiguracoes.id, set: values });
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'lembretes_automaticos',
      entityId: '1',
      details: { ativo: input.ativo, antes: input.antes, depois: input.depois, atraso: input.atraso },
    });
  });
  return getLembretesConfig(db);
}
