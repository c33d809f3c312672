/**
 * The publication Lei 9.870/1999 art. 2º asks for: the annual values, the plans, the contract text and
 * the places per class, public at least 45 days before the enrolment deadline. 'Publicar' freezes the
 * values, plans and contract (the public page `/matriculas` shows what was published, never a draft);
 * the places are read live. The warnings say when the publication is missing, late or out of date.
 */
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import {
  DIAS_ANTECEDENCIA_PUBLICACAO,
  type AvisoAnuidade,
  type ContratoPublicado,
  type PublicacaoMatriculas,
} from '../../../shared/anuidades.schemas.js';
import { addDays, daysInRange } from '../../../shared/calendar.js';
import { formatDate, todayIso } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { anuidadePublicacoes, anuidades } from '../../db/schema/anuidades.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { AppError, notFound } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { getSchoolIdentity } from '../settings/index.js';
import { alteradoDepois, anoPadrao, anuidadesDoAno, conteudoSeries } from './anuidades.service.js';
import { compareSeries, turnoLabels } from '../../../shared/classes.schemas.js';
import { modeloParaContrato } from './modelos-contrato.service.js';

/** `POST /api/matriculas/anuidades/publicar`: publishes a year's values, plans and contract (or again). */
export async function publicarAnuidades(
  db: DbOrTx,
  ano: number,
  contrato: ContratoPublicado | null,
  actor: Actor,
): Promise<{ publicado_em: string }> {
  const lista = await anuidadesDoAno(db, ano);
  if (lista.length === 0)
    throw new AppError('VALIDATION', `Cadastre as anuidades de ${String(ano)} antes de publicar.`);
  const publicadoEm = clock.now();
  await db.transaction(async (tx) => {
    const publicado = contrato && (await versaoGuardada(tx, contrato));
    const conteudo = { series: conteudoSeries(lista), contrato: publicado };
    await tx
      .insert(anuidadePublicacoes)
      .values({ anoLetivo: ano, publicadoEm, conteudo })
      .onConflictDoUpdate({ target: anuidadePublicacoes.anoLetivo, set: { publicadoEm, conteudo } });
    await recordAudit(tx, actor, {
      action: 'publicar',
      entity: 'anuidade',
      entityId: String(ano),
      details: {
        ano_letivo: ano,
        series: lista.map((item) => item.serie),
        contrato: publicado ? { titulo: publicado.titulo, versao: publicado.versao } : null,
      },
    });
  });
  return { publicado_em: publicadoEm.toISOString() };
}

/**
 * The contract as published: version 0 is the system's default the school never saved (its screen
 * reads it so), which the public page showed as 'versão 0'. It is stored as version 1 — the one the
 * first contract would be drawn from anyway — and that is what the families read.
 */
async function versaoGuardada(tx: DbOrTx, contrato: ContratoPublicado): Promise<ContratoPublicado> {
  if (contrato.versao > 0) return contrato;
  const row = await modeloParaContrato(tx);
  return {
    titulo: row.titulo,
    corpo: row.corpo,
    versao: row.versao,
    atualizado_em: row.createdAt.toISOString(),
  };
}

/** Places per class of a year: capacity less the active students in it (never below zero). */
export async function vagasDoAno(db: DbOrTx, ano: number) {
  const rows = await db
    .select({
      turma: classes.nome,
      serie: classes.serie,
      turno: classes.turno,
      capacidade: classes.capacidadeMaxima,
      // Written out: in a one-table select Drizzle leaves columns unqualified, and the subquery would
      // then compare the student's own columns.
      matriculados: sql<
        number | string
      >`(select count(*)::int from ${students} s where s.turma_id = "classes"."id" and s.status = 'ativo')`,
    })
    .from(classes)
    .where(and(eq(classes.anoLetivo, String(ano)), ne(classes.status, 'inativo')))
    .orderBy(classes.nome);
  rows.sort((a, b) => compareSeries(a.serie, b.serie));
  return rows.map((row) => ({
    ...row,
    turno: turnoLabels[row.turno],
    matriculados: Number(row.matriculados),
    vagas: Math.max(0, row.capacidade - Number(row.matriculados)),
  }));
}

/** `GET /api/matriculas/anuidades/publicacao?ano=` (public): the published year, or the latest one. */
export async function publicacaoMatriculas(db: DbOrTx, ano?: number): Promise<PublicacaoMatriculas> {
  const [row] = await db
    .select()
    .from(anuidadePublicacoes)
    .where(ano === undefined ? undefined : eq(anuidadePublicacoes.anoLetivo, ano))
    .orderBy(desc(anuidadePublicacoes.anoLetivo))
    .limit(1);
  if (!row)
    throw notFound(
      ano === undefined
        ? 'A escola ainda não publicou valores de anuidade.'
        : `A escola ainda não publicou os valores de ${String(ano)}.`,
    );
  const [escola, vagas] = await Promise.all([getSchoolIdentity(db), vagasDoAno(db, row.anoLetivo)]);
  return {
    ano_letivo: row.anoLetivo,
    publicado_em: row.publicadoEm.toISOString(),
    escola: { nome: escola.nome, cnpj: escola.cnpj, endereco: escola.endereco },
    // Published before the order was the school's, a snapshot may hold its séries alphabetically.
    series: [...row.conteudo.series].sort((a, b) => compareSeries(a.serie, b.serie)),
    contrato: row.conteudo.contrato,
    vagas,
  };
}

const data = (iso: string) => formatDate(iso);

/**
 * `GET /api/matriculas/anuidades/avisos`: what the school must fix for the law (art. 2º) — for each
 * coming year whose enrolment deadline has not passed, and for next year when nothing is set yet.
 */
export async function avisosAnuidades(db: DbOrTx): Promise<AvisoAnuidade[]> {
  const today = clock.today();
  const proximo = anoPadrao();
  const anos = await db
    .selectDistinct({ ano: anuidades.anoLetivo })
    .from(anuidades)
    .where(gte(anuidades.prazoMatricula, today))
    .orderBy(anuidades.anoLetivo);
  const avisos: AvisoAnuidade[] = [];
  const [temProximo] = await db
    .select({ id: anuidades.id })
    .from(anuidades)
    .where(eq(anuidades.anoLetivo, proximo))
    .limit(1);
  if (!temProximo)
    avisos.push({
      tipo: 'sem_anuidades',
      ano_letivo: proximo,
      nivel: 'info',
      mensagem: `Cadastre as anuidades de ${String(proximo)}: a Lei 9.870, art. 2º, pede que valores, contrato e vagas sejam publicados ao menos ${String(DIAS_ANTECEDENCIA_PUBLICACAO)} dias antes do prazo de matrícula.`,
    });
  for (const { ano } of anos) avisos.push(...(await avisosDoAno(db, ano, today)));
  return avisos;
}

async function avisosDoAno(db: DbOrTx, ano: number, today: string): Promise<AvisoAnuidade[]> {
  const lista = await anuidadesDoAno(db, ano);
  const [publicacao] = await db
    .select()
    .from(anuidadePublicacoes)
    .where(eq(anuidadePublicacoes.anoLetivo, ano));
  const pendentes = lista.filter((item) => item.prazo_matricula >= today);
  if (pendentes.length === 0) return [];
  const prazo = pendentes.reduce(
    (first, item) => (item.prazo_matricula < first ? item.prazo_matricula : first),
    pendentes[0]!.prazo_matricula,
  );
  const limite = addDays(prazo, -DIAS_ANTECEDENCIA_PUBLICACAO);
  const aviso = (
    tipo: AvisoAnuidade['tipo'],
    mensagem: string,
    nivel: AvisoAnuidade['nivel'] = 'alerta',
  ) => ({
    tipo,
    ano_letivo: ano,
    nivel,
    mensagem,
  });
  if (!publicacao)
    return [
      today <= limite
        ? aviso(
            'nao_publicado',
            `As anuidades de ${String(ano)} ainda não foram publicadas: publique até ${data(limite)}, ${String(DIAS_ANTECEDENCIA_PUBLICACAO)} dias antes do prazo de matrícula (${data(prazo)}), como pede a Lei 9.870, art. 2º.`,
          )
        : aviso(
            'nao_publicado',
            `As anuidades de ${String(ano)} não foram publicadas e o prazo legal já passou: a publicação deveria ter saído até ${data(limite)}, ${String(DIAS_ANTECEDENCIA_PUBLICACAO)} dias antes do prazo de matrícula (${data(prazo)}) — Lei 9.870, art. 2º. Publique agora e considere adiar o prazo de matrícula.`,
          ),
    ];
  const avisos: AvisoAnuidade[] = [];
  const publicadoDia = todayIso(publicacao.publicadoEm);
  const tarde = pendentes.filter(
    (item) => addDays(item.prazo_matricula, -DIAS_ANTECEDENCIA_PUBLICACAO) < publicadoDia,
  );
  if (tarde.length > 0) {
    const dias = daysInRange(publicadoDia, prazo) - 1;
    const series = tarde.map((item) => item.serie).join(', ');
    avisos.push(
      aviso(
        'publicado_tarde',
        `A publicação de ${String(ano)} saiu em ${data(publicadoDia)}, ${dias <= 0 ? 'depois do' : `só ${String(dias)} ${dias === 1 ? 'dia' : 'dias'} antes do`} prazo de matrícula (${data(prazo)}) — ${series}. A Lei 9.870, art. 2º, pede ${String(DIAS_ANTECEDENCIA_PUBLICACAO)} dias: adie o prazo de matrícula para ${data(addDays(publicadoDia, DIAS_ANTECEDENCIA_PUBLICACAO))} ou depois.`,
      ),
    );
  }
  if (alteradoDepois(lista, publicacao.conteudo))
    avisos.push(
      aviso(
        'alterado',
        `Valores, planos ou prazos de ${String(ano)} mudaram depois da publicação de ${data(publicadoDia)}: publique de novo para a página pública mostrar o que vale (os ${String(DIAS_ANTECEDENCIA_PUBLICACAO)} dias contam da nova publicação).`,
      ),
    );
  // Version 0 (the unsaved default, kept by older publications) is not shown to families.
  if (publicacao.conteudo.contrato === null || publicacao.conteudo.contrato.versao === 0)
    avisos.push(
      aviso(
        'sem_contrato',
        `A publicação de ${String(ano)} saiu sem o texto do contrato: cadastre o modelo de contrato em Configurações e publique de novo.`,
      ),
    );
  return avisos;
}
