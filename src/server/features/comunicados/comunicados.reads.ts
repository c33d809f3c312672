/**
 * Reading notices: the list for each caller, opening one (its first read), the ciente, and for whoever
 * manages it who read and confirmed which version, and every version published.
 */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  Comunicado,
  ComunicadoListItem,
  ComunicadoPage,
  Leituras,
  Versoes,
} from '../../../shared/comunicados.schemas.js';
import { can, sendsComunicados, type Permission } from '../../../shared/permissions.js';
import { richTextSummary } from '../../../shared/rich-text.js';
import type { Db } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { matchesText } from '../../lib/text-search.js';
import { AppError } from '../../lib/errors.js';
import { markReadByLink } from '../notificacoes/index.js';
import { forgetCachedUnread } from '../notificacoes/index.js';
import { scopeOf } from '../students/index.js';
import {
  comunicadoCientes,
  comunicadoDestinatarios,
  comunicados,
  comunicadoVersoes,
} from '../../db/schema/comunicados.js';
import {
  type Author,
  type ListQuery,
  comunicadoNotFound,
  isAdmin,
  reachesSchool,
  linkOf,
  managedByTeacher,
  managedRow,
  noticeAccess,
} from './comunicados.access.js';
import { fanOutPending } from './comunicados.fanout.js';
import { semAcessoOf } from './comunicados.reach.js';
import {
  anexoCounts,
  cientesOf,
  countsOf,
  getComunicadoFor,
  parseTextArray,
  studentNames,
  toBase,
} from './comunicados.presenters.js';

/** Opening a notice records its first read (a recipient's own; never someone else's). */
export async function openComunicado(db: Db, user: Author, id: string): Promise<Comunicado> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const { recipient } = await noticeAccess(tx, user, id);
    if (!recipient || recipient.lidoEm) return;
    await tx
      .update(comunicadoDestinatarios)
      .set({ lidoEm: now })
      .where(
        and(
          eq(comunicadoDestinatarios.comunicadoId, id),
          eq(comunicadoDestinatarios.usuarioId, user.id),
          isNull(comunicadoDestinatarios.lidoEm),
        ),
      );
    await markReadByLink(tx, user.id, linkOf(id));
  });
  forgetCachedUnread(db, user.id);
  return getComunicadoFor(db, user, id);
}

/**
 * A family's 'ciente', on the version in force: once per version (the first time stays); a notice
 * changed since the family read it (`versao` older than the one in force) is refused, so nobody confirms
 * a text they have not seen. The row is read FOR SHARE: an edit (FOR UPDATE) waits, or is waited for.
 */
export async function confirmCiente(
  db: Db,
  user: Author,
  id: string,
  versao?: number,
): Promise<{ ciente_em: string; versao: number }> {
  const now = clock.now();
  const confirmed = await db.transaction(async (tx) => {
    const { row, recipient } = await noticeAccess(tx, user, id, 'share');
    if (!recipient) throw comunicadoNotFound();
    if (!row.exigeCiente) throw new AppError('CONFLICT', 'Este comunicado não pede confirmação de ciente.');
    if (versao !== undefined && versao !== row.versaoTexto)
      throw new AppError(
        'CONFLICT',
        `Este comunicado foi alterado depois que você o abriu (agora está na versão ${String(row.versaoTexto)}). Leia a versão atual antes de confirmar.`,
      );
    const [saved] = await tx
      .update(comunicadoDestinatarios)
      .set({
        cienteEm: sql`coalesce(${comunicadoDestinatarios.cienteEm}, ${now})`,
        lidoEm: sql`coalesce(${comunicadoDestinatarios.lidoEm}, ${now})`,
      })
      .where(
        and(eq(comunicadoDestinatarios.comunicadoId, id), eq(comunicadoDestinatarios.usuarioId, user.id)),
      )
      .returning({ cienteEm: comunicadoDestinatarios.cienteEm });
    await tx
      .insert(comunicadoCientes)
      .values({ comunicadoId: id, usuarioId: user.id, versao: row.versaoTexto, cienteEm: saved!.cienteEm! })
      .onConflictDoNothing();
    await markReadByLink(tx, user.id, linkOf(id));
    return { ciente_em: saved!.cienteEm!.toISOString(), versao: row.versaoTexto };
  });
  forgetCachedUnread(db, user.id);
  return confirmed;
}

export async function listComunicados(
  db: Db,
  user: Author & { permissoes: readonly Permission[] },
  query: ListQuery,
): Promise<ComunicadoPage> {
  const writes = can(user.permissoes, sendsComunicados);
  const caixa = query.caixa ?? (writes && user.nivel !== 'responsavel' ? 'enviados' : 'recebidos');
  const now = clock.now();
  const offset = (query.page - 1) * query.pageSize;
  const search = query.q ? matchesText(comunicados.titulo, query.q) : undefined;
  const visible = and(
    eq(comunicadoDestinatarios.usuarioId, user.id),
    isNull(comunicados.removidoEm),
    sql`(${comunicados.expiraEm} is null or ${comunicados.expiraEm} > ${now})`,
  );
  const unreadReceived = () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comunicadoDestinatarios)
      .innerJoin(comunicados, eq(comunicados.id, comunicadoDestinatarios.comunicadoId))
      .where(and(visible, isNull(comunicadoDestinatarios.lidoEm)));
  if (caixa === 'enviados') {
    if (!writes) throw new AppError('FORBIDDEN', 'Você não envia comunicados.');
    let mine: SQL | undefined;
    // Staff sending only to classes manage the class notices, whoever wrote them (noticeAccess).
    if (isAdmin(user) && !reachesSchool(user)) mine = sql`${comunicados.publico}->>'tipo' = 'turmas'`;
    if (!isAdmin(user)) {
      const scope = await scopeOf(db, user);
      mine = and(
        eq(comunicados.autorId, user.id),
        managedByTeacher(scope.kind === 'teacher' ? scope.teacherId : null),
      );
    }
    const where = and(mine, search);
    const [rows, [total], [unread]] = await Promise.all([
      db
        .select()
        .from(comunicados)
        .where(where)
        .orderBy(desc(comunicados.publicarEm), desc(comunicados.id))
        .limit(query.pageSize)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(comunicados)
        .where(where),
      unreadReceived(),
    ]);
    const counts = await countsOf(
      db,
      rows.map((row) => row.id),
    );
    const anexos = await anexoCounts(
      db,
      rows.map((row) => row.id),
    );
    return {
      items: rows.map((row) => ({
        ...toBase(row, true),
        resumo: row.resumo ?? richTextSummary(row.corpo),
        anexos_total: anexos.get(row.id) ?? 0,
        recebido: null,
        contagem: counts.get(row.id) ?? { destinatarios: 0, lidos: 0, cientes: 0 },
      })),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      nao_lidos: unread?.n ?? 0,
    };
  }
  const where = and(
    visible,
    query.aluno_id ? sql`${query.aluno_id}::uuid = any(${comunicadoDestinatarios.alunoIds})` : undefined,
    query.nao_lidos === 'true' ? isNull(comunicadoDestinatarios.lidoEm) : undefined,
    search,
  );
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select({ comunicado: comunicados, recipient: comunicadoDestinatarios })
      .from(comunicadoDestinatarios)
      .innerJoin(comunicados, eq(comunicados.id, comunicadoDestinatarios.comunicadoId))
      .where(where)
      .orderBy(desc(comunicadoDestinatarios.entregueEm), desc(comunicados.id))
      .limit(query.pageSize)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comunicadoDestinatarios)
      .innerJoin(comunicados, eq(comunicados.id, comunicadoDestinatarios.comunicadoId))
      .where(where),
    unreadReceived(),
  ]);
  const ids = rows.map((row) => row.comunicado.id);
  const names = await studentNames(
    db,
    rows.flatMap((row) => row.recipient.alunoIds),
  );
  const anexos = await anexoCounts(db, ids);
  const cientes = await cientesOf(db, ids, user.id);
  const items: ComunicadoListItem[] = rows.map(({ comunicado, recipient }) => ({
    // In a family's inbox nobody manages (an administrator's own notices are in 'enviados').
    ...toBase(comunicado, isAdmin(user)),
    resumo: comunicado.resumo ?? richTextSummary(comunicado.corpo),
    anexos_total: anexos.get(comunicado.id) ?? 0,
    recebido: {
      lido_em: recipient.lidoEm?.toISOString() ?? null,
      ciente_em: recipient.cienteEm?.toISOString() ?? null,
      cientes: cientes.get(`${comunicado.id}:${user.id}`) ?? [],
      alunos: recipient.alunoIds.map((aluno) => ({ id: aluno, nome: names.get(aluno) ?? '' })),
    },
    contagem: null,
  }));
  return {
    items,
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    nao_lidos: unread?.n ?? 0,
  };
}

/**
 * Who received the notice, read it and confirmed which version, and which students of its audience
 * it did not reach for want of portal access (for whoever manages it).
 */
export async function listReads(
  db: Db,
  user: Author,
  id: string,
  situacao: 'todos' | 'pendentes',
): Promise<Leituras> {
  const row = await managedRow(db, user, id);
  const pending = row.exigeCiente ? sql`d.ciente_em is null` : sql`d.lido_em is null`;
  const rows = await db.execute(sql`
    select d.usuario_id, u.nome, d.lido_em, d.ciente_em, d.lembrete_em,
      coalesce((select array_agg(s.nome order by fold_text(s.nome)) from students s where s.id = any(d.aluno_ids)), '{}') as alunos
    from comunicado_destinatarios d join users u on u.id = d.usuario_id
    where d.comunicado_id = ${id}::uuid ${situacao === 'pendentes' ? sql`and ${pending}` : sql``}
    order by (d.ciente_em is not null), (d.lido_em is not null), fold_text(u.nome), u.id`);
  const counts = (await countsOf(db, [id])).get(id) ?? { destinatarios: 0, lidos: 0, cientes: 0 };
  const cientes = await cientesOf(db, [id]);
  const iso = (value: unknown) =>
    value === null || value === undefined ? null : new Date(value as string).toISOString();
  return {
    contagem: counts,
    exige_ciente: row.exigeCiente,
    versao_texto: row.versaoTexto,
    enviando: await fanOutPending(db, id),
    sem_acesso: await semAcessoOf(db, row.publico, id),
    itens: (rows as { rows: Record<string, unknown>[] }).rows.map((item) => ({
      usuario_id: String(item.usuario_id),
      nome: String(item.nome),
      alunos: parseTextArray(item.alunos),
      lido_em: iso(item.lido_em),
      ciente_em: iso(item.ciente_em),
      cientes: cientes.get(`${id}:${String(item.usuario_id)}`) ?? [],
      lembrete_em: iso(item.lembrete_em),
    })),
  };
}

/** Every text the notice was published with, newest first, for whoever may see the notice. */
export async function listVersions(db: Db, user: Author, id: string): Promise<Versoes> {
  const { row, manages } = await noticeAccess(db, user, id);
  const versions = await db
    .select()
    .from(comunicadoVersoes)
    .where(eq(comunicadoVersoes.comunicadoId, id))
    .orderBy(desc(comunicadoVersoes.numero));
  const perVersion = manages
    ? new Map(
        (
          await db
            .select({ versao: comunicadoCientes.versao, n: sql<number>`count(*)::int` })
            .from(comunicadoCientes)
            .where(eq(comunicadoCientes.comunicadoId, id))
            .groupBy(comunicadoCientes.versao)
        ).map((item) => [item.versao, item.n]),
      )
    : null;
  return {
    atual: row.versaoTexto,
    versoes: versions.map((version) => ({
      numero: version.numero,
      titulo: version.titulo,
      corpo: version.corpo,
      exige_ciente: version.exigeCiente,
      anexos: version.anexos.map((anexo) => ({
        ...anexo,
        url: `/api/comunicados/${id}/anexos/${anexo.id}`,
      })),
      publicada_em: version.publicadaEm.toISOString(),
      autor_nome: version.autorNome,
      cientes: perVersion ? (perVersion.get(version.numero) ?? 0) : null,
    })),
  };
}
