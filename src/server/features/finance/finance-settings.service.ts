import { asc, eq, sql } from 'drizzle-orm';
import {
  type AlunoFinanceiro,
  type Bolsa,
  type BolsaEfeito,
  type DescontoPontualidadeConfig,
  type EncargosAtraso,
  type FinanceSettings,
} from '../../../shared/finance.schemas.js';
import {
  DEFAULT_JUROS_MENSAL_BP,
  DEFAULT_MULTA_BP,
  MAX_MULTA_BP,
  type ChargeRates,
  type DescontoPontualidade,
} from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { folded, matchesText } from '../../lib/text-search.js';
import {
  classTuition,
  financeSettings,
  studentDiscounts,
  type FinanceSettingsRow,
} from '../../db/schema/finance.js';
import { writeTransaction } from './finance.shared-reads.js';
import { applyBolsa } from './bolsa.mensalidades.js';
import { pixAutomaticoKey } from './pix-cobranca.js';
import { assertVersion } from '../../lib/versioning.js';

// ---------------------------------------------------------------- settings

const defaultSettings: FinanceSettingsRow = {
  id: 1,
  pixChave: null,
  pixBeneficiario: null,
  pixCidade: null,
  multaBp: DEFAULT_MULTA_BP,
  jurosMensalBp: DEFAULT_JUROS_MENSAL_BP,
  diaVencimentoPadrao: 10,
  descontoPontualidadeTipo: 'nenhum',
  descontoPontualidadeBp: 0,
  descontoPontualidadeCentavos: 0,
  descontoPontualidadeDiasAntes: 0,
  version: 0,
  updatedAt: new Date(0),
};

export async function loadSettings(db: DbOrTx): Promise<FinanceSettingsRow> {
  const [row] = await db.select().from(financeSettings).where(eq(financeSettings.id, 1));
  return row ?? defaultSettings;
}

/** The school's desconto de pontualidade (ADR 0046), or null when it has none. */
export function pontualidadeOf(settings: FinanceSettingsRow): DescontoPontualidade | null {
  const diasAntes = settings.descontoPontualidadeDiasAntes;
  if (settings.descontoPontualidadeTipo === 'percentual' && settings.descontoPontualidadeBp > 0)
    return { tipo: 'percentual', bp: settings.descontoPontualidadeBp, diasAntes };
  if (settings.descontoPontualidadeTipo === 'valor' && settings.descontoPontualidadeCentavos > 0)
    return { tipo: 'valor', centavos: settings.descontoPontualidadeCentavos, diasAntes };
  return null;
}

export function ratesOf(settings: FinanceSettingsRow): ChargeRates {
  return {
    multaBp: settings.multaBp,
    jurosMensalBp: settings.jurosMensalBp,
    pontualidade: pontualidadeOf(settings),
  };
}

/** The multa and juros for paying late, as every amount of the day computes them (computeMulta, computeJuros). */
export async function getEncargosAtraso(db: DbOrTx): Promise<EncargosAtraso> {
  const settings = await loadSettings(db);
  return {
    multa_percentual: Math.min(settings.multaBp, MAX_MULTA_BP) / 100,
    juros_mensal_percentual: settings.jurosMensalBp / 100,
  };
}

function descontoConfigOf(settings: FinanceSettingsRow): DescontoPontualidadeConfig {
  return {
    tipo: settings.descontoPontualidadeTipo,
    percentual: settings.descontoPontualidadeBp / 100,
    valor: settings.descontoPontualidadeCentavos,
    dias_antes: settings.descontoPontualidadeDiasAntes,
  };
}

export async function getFinanceSettings(db: DbOrTx): Promise<FinanceSettings> {
  const settings = await loadSettings(db);
  const turmas = await db
    .select({
      turma_id: classes.id,
      turma_nome: classes.nome,
      ano_letivo: classes.anoLetivo,
      valor_mensalidade: classTuition.valorMensalidade,
      dia_vencimento: classTuition.diaVencimento,
      alunos_count:
        sql<number>`(select count(*) from ${students} where ${students.turmaId} = "classes"."id" and ${students.status} = 'ativo')`.mapWith(
          Number,
        ),
    })
    .from(classes)
    .leftJoin(classTuition, eq(classTuition.turmaId, classes.id))
    .orderBy(asc(sql`lower(${classes.nome})`));
  return {
    pix_chave: settings.pixChave,
    pix_automatico_chave: await pixAutomaticoKey(db),
    pix_beneficiario: settings.pixBeneficiario,
    pix_cidade: settings.pixCidade,
    multa_percentual: settings.multaBp / 100,
    juros_mensal_percentual: settings.jurosMensalBp / 100,
    dia_vencimento_padrao: settings.diaVencimentoPadrao,
    desconto_pontualidade: descontoConfigOf(settings),
    version: settings.version,
    turmas,
  };
}

export interface UpdateSettingsData {
  pix_chave?: string | null | undefined;
  pix_beneficiario?: string | null | undefined;
  pix_cidade?: string | null | undefined;
  multa_percentual: number;
  juros_mensal_percentual: number;
  dia_vencimento_padrao: number;
  desconto_pontualidade?: DescontoPontualidadeConfig | undefined;
  turmas?:
    { turma_id: string; valor_mensalidade: number | null; dia_vencimento: number | null }[] | undefined;
}

/** The discount's columns from the input (only the field of its kind kept); absent: as it is. */
function descontoColumnsOf(input: DescontoPontualidadeConfig | undefined, current: FinanceSettingsRow) {
  if (!input)
    return {
      descontoPontualidadeTipo: current.descontoPontualidadeTipo,
      descontoPontualidadeBp: current.descontoPontualidadeBp,
      descontoPontualidadeCentavos: current.descontoPontualidadeCentavos,
      descontoPontualidadeDiasAntes: current.descontoPontualidadeDiasAntes,
    };
  const on = input.tipo !== 'nenhum';
  return {
    descontoPontualidadeTipo: input.tipo,
    descontoPontualidadeBp: input.tipo === 'percentual' ? Math.round(input.percentual * 100) : 0,
    descontoPontualidadeCentavos: input.tipo === 'valor' ? input.valor : 0,
    descontoPontualidadeDiasAntes: on ? input.dias_antes : 0,
  };
}

/** Saves the settings (the caller wakes the Pix charges' sync: multa, juros and the discount are in them). */
export async function updateFinanceSettings(
  db: DbOrTx,
  input: UpdateSettingsData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<FinanceSettings> {
  await writeTransaction(db, async (tx) => {
    const current = await loadSettings(tx);
    // Version 0 is the defaults before anyone saved: there is no earlier read to be stale against.
    if (current.version !== 0) assertVersion(expectedVersion, current.version);
    const values = {
      pixChave: input.pix_chave ?? null,
      pixBeneficiario: input.pix_beneficiario ?? null,
      pixCidade: input.pix_cidade ?? null,
      multaBp: Math.round(input.multa_percentual * 100),
      jurosMensalBp: Math.round(input.juros_mensal_percentual * 100),
      diaVencimentoPadrao: input.dia_vencimento_padrao,
      ...descontoColumnsOf(input.desconto_pontualidade, current),
      version: current.version + 1,
      updatedAt: new Date(),
    };
    await tx
      .insert(financeSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: financeSettings.id, set: values });
    for (const turma of input.turmas ?? []) {
      if (turma.valor_mensalidade === null) {
        await tx.delete(classTuition).where(eq(classTuition.turmaId, turma.turma_id));
        continue;
      }
      const [exists] = await tx
        .select({ id: classes.id })
        .from(classes)
        .where(eq(classes.id, turma.turma_id));
      if (!exists) throw notFound('Turma não encontrada.');
      const set = {
        valorMensalidade: turma.valor_mensalidade,
        diaVencimento: turma.dia_vencimento,
        updatedAt: new Date(),
      };
      await tx
        .insert(classTuition)
        .values({ turmaId: turma.turma_id, ...set })
        .onConflictDoUpdate({ target: classTuition.turmaId, set });
    }
    const antes = JSON.stringify(pontualidadeOf(current));
    const depois = JSON.stringify(pontualidadeOf({ ...current, ...values }));
    const descontoMudou = antes !== depois;
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'configuracoes_financeiras',
      entityId: '1',
      details: {
        multa_bp: values.multaBp,
        juros_mensal_bp: values.jurosMensalBp,
        pix_configurado: values.pixChave !== null,
        turmas: (input.turmas ?? []).length,
        ...(descontoMudou
          ? {
              desconto_pontualidade: {
                tipo: values.descontoPontualidadeTipo,
                bp: values.descontoPontualidadeBp,
                centavos: values.descontoPontualidadeCentavos,
                dias_antes: values.descontoPontualidadeDiasAntes,
                antes: descontoConfigOf(current),
              },
            }
          : {}),
      },
    });
  });
  return getFinanceSettings(db);
}

// ---------------------------------------------------------------- bolsas and students

export async function listAlunosFinanceiro(db: DbOrTx, q: string | undefined): Promise<AlunoFinanceiro[]> {
  const rows = await db
    .select({
      id: students.id,
      nome: students.nome,
      matricula: students.matricula,
      turma_nome: classes.nome,
      bolsaBp: studentDiscounts.bolsaBp,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .leftJoin(studentDiscounts, eq(studentDiscounts.alunoId, students.id))
    .where(q ? matchesText(students.nome, q) : undefined)
    .orderBy(asc(folded(students.nome)))
    .limit(50);
  return rows.map(({ bolsaBp, ...row }) => ({
    ...row,
    bolsa_percentual: bolsaBp === null ? null : bolsaBp / 100,
  }));
}

export async function listScholarships(db: DbOrTx): Promise<Bolsa[]> {
  const rows = await db
    .select({
      aluno_id: students.id,
      aluno_nome: students.nome,
      turma_nome: classes.nome,
      bolsaBp: studentDiscounts.bolsaBp,
      motivo: studentDiscounts.motivo,
    })
    .from(studentDiscounts)
    .innerJoin(students, eq(students.id, studentDiscounts.alunoId))
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .orderBy(asc(folded(students.nome)));
  return rows.map(({ bolsaBp, ...row }) => ({ ...row, percentual: bolsaBp / 100 }));
}

/**
 * Saves (0 %: removes) the student's bolsa and, in the same transaction, applies it to the months already
 * generated that nobody has touched (ADR 0130, `applyBolsa`). The answer's `efeito` says what changed;
 * the caller wakes the Pix sync when `mudou`.
 */
export async function setBolsa(
  db: DbOrTx,
  alunoId: string,
  input: { percentual: number; motivo?: string | null | undefined },
  actor: Actor,
): Promise<BolsaEfeito & { mudou: boolean }> {
  return writeTransaction(db, async (tx) => {
    const [student] = await tx
      .select({ id: students.id, bolsaBp: studentDiscounts.bolsaBp })
      .from(students)
      .leftJoin(studentDiscounts, eq(studentDiscounts.alunoId, students.id))
      .where(eq(students.id, alunoId));
    if (!student) throw notFound('Aluno não encontrado.');
    const bolsaBp = Math.round(input.percentual * 100);
    if (bolsaBp === 0) {
      await tx.delete(studentDiscounts).where(eq(studentDiscounts.alunoId, alunoId));
    } else {
      const set = { bolsaBp, motivo: input.motivo ?? null, updatedAt: new Date() };
      await tx
        .insert(studentDiscounts)
        .values({ alunoId, ...set })
        .onConflictDoUpdate({ target: studentDiscounts.alunoId, set });
    }
    const efeito = await applyBolsa(tx, alunoId, bolsaBp, actor);
    await recordAudit(tx, actor, {
      action: bolsaBp === 0 ? 'remover_bolsa' : 'definir_bolsa',
      entity: 'aluno',
      entityId: alunoId,
      details: {
        bolsa_bp: bolsaBp,
        bolsa_bp_anterior: student.bolsaBp ?? 0,
        mensalidades_alteradas: efeito.alteradas,
        mensalidades_canceladas: efeito.canceladas,
      },
    });
    return efeito;
  });
}
