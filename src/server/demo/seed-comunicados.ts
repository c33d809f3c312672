import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Publico } from '../../shared/comunicados.schemas.js';
import { richTextSummary } from '../../shared/rich-text.js';
import { addDays, DAY_MS, daysBetween } from '../../shared/calendar.js';
import { formatDate } from '../../shared/format.js';
import { attendanceAbsences, attendanceRolls } from '../db/schema/attendance.js';
import type { DbOrTx } from '../db/client.js';
import { clock } from '../lib/clock.js';
import { hashPassword } from '../features/auth/index.js';
import { giveDefaultPerfil } from '../features/perfis/index.js';
import { calendarEntries } from '../db/schema/calendar.js';
import { classes } from '../db/schema/classes.js';
import { classSubjects } from '../db/schema/curriculum.js';
import { audienceQuery } from '../features/comunicados/index.js';
import { recordVersion } from '../features/comunicados/index.js';
import { comunicadoCientes, comunicadoDestinatarios, comunicados } from '../db/schema/comunicados.js';
import { conversaLeituras, conversas, mensagens } from '../db/schema/mensagens.js';
import { notificacoes } from '../db/schema/notificacoes.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import { teachers } from '../db/schema/teachers.js';
import { users } from '../db/schema/users.js';
import { latestNotices, share } from './seed-comunicados.data.js';

const DAY = DAY_MS;

interface DemoUsers {
  administrador: string;
  professor: string;
  responsavel: string;
}

/**
 * Issue 16's demo: portal accounts for the families of the demo guardian's two classes (so the notices
 * show who read and confirmed) and for those classes' teachers, a dozen notices over the year (four
 * with ciente), three conversations, and the demo guardian's bell with every kind of notification.
 * Written directly, with no e-mail queued: the demo's outbox starts empty.
 */
export async function seedComunicados(tx: DbOrTx, ids: DemoUsers): Promise<void> {
  const now = clock.now();
  const at = (dias: number, horas = 9) => new Date(now.getTime() - dias * DAY + (horas - 12) * 3_600_000);
  const [demoGuardian] = await tx.select().from(guardians).where(eq(guardians.usuarioId, ids.responsavel));
  const children = await tx
    .select({ id: students.id, nome: students.nome, turmaId: students.turmaId })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(eq(studentGuardians.responsavelId, demoGuardian!.id))
    .orderBy(asc(students.matricula));
  const familyClasses = [...new Set(children.map((child) => child.turmaId!))];

  // The other families of those classes get accounts (a random password: they exist to read notices).
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const others = await tx
    .selectDistinct({ id: guardians.id, nome: guardians.nome, email: guardians.email })
    .from(guardians)
    .innerJoin(studentGuardians, eq(studentGuardians.responsavelId, guardians.id))
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(and(inArray(students.turmaId, familyClasses), isNull(guardians.usuarioId)));
  for (const guardian of others) {
    if (!guardian.email) continue;
    const [user] = await tx
      .insert(users)
      .values({ nome: guardian.nome, email: guardian.email, nivel: 'responsavel', passwordHash })
      .returning({ id: users.id });
    await tx.update(guardians).set({ usuarioId: user!.id }).where(eq(guardians.id, guardian.id));
  }
  // And their teachers — each class's own and those of its grid —, so the demo mother finds each child's
  // teachers under Mensagens → Professor (only a teacher with a portal account answers there).
  const staff = await tx
    .select({ id: teachers.id, nome: teachers.nome, email: teachers.email })
    .from(teachers)
    .where(
      and(
        isNull(teachers.usuarioId),
        eq(teachers.status, 'ativo'),
        or(
          inArray(
            teachers.id,
            tx
              .select({ id: classes.professorResponsavelId })
              .from(classes)
              .where(inArray(classes.id, familyClasses)),
          ),
          inArray(
            teachers.id,
            tx
              .select({ id: classSubjects.professorId })
              .from(classSubjects)
              .where(inArray(classSubjects.turmaId, familyClasses)),
          ),
        ),
      ),
    )
    .orderBy(asc(teachers.email));
  for (const teacher of staff) {
    const [user] = await tx
      .insert(users)
      .values({ nome: teacher.nome, email: teacher.email, nivel: 'professor', passwordHash })
      .returning();
    await giveDefaultPerfil(tx, user!);
    await tx.update(teachers).set({ usuarioId: user!.id }).where(eq(teachers.id, teacher.id));
  }

  const [admin] = await tx.select().from(users).where(eq(users.id, ids.administrador));
  const [professor] = await tx.select().from(users).where(eq(users.id, ids.professor));
  const [teacher] = await tx.select().from(teachers).where(eq(teachers.usuarioId, ids.professor));
  const classNames = await tx
    .select({ id: classes.id, nome: classes.nome })
    .from(classes)
    .where(inArray(classes.id, familyClasses))
    .orderBy(asc(classes.nome));
  const bell: (typeof notificacoes.$inferInsert)[] = [];

  const chosen = latestNotices(clock.today());
  const entries = await tx
    .select({ titulo: calendarEntries.titulo, inicio: calendarEntries.inicio, fim: calendarEntries.fim })
    .from(calendarEntries);
  /** The notice's text, with the days it names taken from the calendar of its year. */
  const textOf = (notice: (typeof chosen)[number]) => {
    if (typeof notice.corpo === 'string') return notice.corpo;
    return notice.corpo((titulo) => {
      const found = entries.find(
        (row) => row.titulo === titulo && row.inicio.startsWith(`${String(notice.ano)}-`),
      );
      if (!found) throw new Error(`Demo: o calendário de ${String(notice.ano)} não tem '${titulo}'.`);
      return found;
    });
  };
  for (const [index, notice] of chosen.entries()) {
    const corpo = textOf(notice);
    const newest = index >= chosen.length - 2;
    const published = at(notice.dias, 8 + (index % 4));
    const byTeacher = notice.publico === 'professor';
    const publico: Publico = {
      tipo: notice.publico === 'escola' ? 'escola' : notice.publico === 'equipe' ? 'equipe' : 'turmas',
      segmentos: [],
      series: [],
      turmas: byTeacher ? [familyClasses[0]!] : notice.publico === 'turmas-demo' ? familyClasses : [],
      alunos: [],
      destinatarios: notice.alunos ? 'familias_e_alunos' : 'familias',
    };
    const descricao =
      publico.tipo === 'escola'
        ? 'Toda a escola'
        : publico.tipo === 'equipe'
          ? 'Equipe da escola'
          : `Turma${publico.turmas.length > 1 ? 's' : ''} ${classNames
              .filter((turma) => publico.turmas.includes(turma.id))
              .map((turma) => turma.nome)
              .join(', ')}`;
    const author = byTeacher ? professor! : admin!;
    const [row] = await tx
      .insert(comunicados)
      .values({
        titulo: notice.titulo,
        corpo,
        resumo: richTextSummary(corpo),
        publico,
        publicoDescricao: descricao,
        exigeCiente: notice.ciente ?? false,
        publicarEm: published,
        publicadoEm: published,
        autorId: author.id,
        autorNome: author.nome,
        createdAt: published,
        updatedAt: published,
      })
      .returning();
    await recordVersion(tx, row!, published, author);
    await tx.execute(sql`
      insert into comunicado_destinatarios (comunicado_id, usuario_id, aluno_ids, entregue_em)
      select ${row!.id}::uuid, a.usuario_id, a.aluno_ids, ${published}
      from (${audienceQuery(publico)}) a`);
    // Most families read within a day or two; of those asked, most confirm. The demo guardian has read
    // all but the newest two.
    const recipients = await tx
      .select({ usuarioId: comunicadoDestinatarios.usuarioId })
      .from(comunicadoDestinatarios)
      .where(eq(comunicadoDestinatarios.comunicadoId, row!.id));
    for (const { usuarioId } of recipients) {
      const demo = usuarioId === ids.responsavel;
      const chance = share(`${row!.titulo}${usuarioId}`);
      const lido = new Date(published.getTime() + (2 + Math.floor(chance * 40)) * 3_600_000);
      const read = demo ? !newest : chance < 0.8 && lido <= now;
      if (!read) continue;
      const ciente = notice.ciente && (demo || chance < 0.6) ? new Date(lido.getTime() + 600_000) : null;
      await tx
        .update(comunicadoDestinatarios)
        .set({ lidoEm: lido, cienteEm: ciente })
        .where(
          and(
            eq(comunicadoDestinatarios.comunicadoId, row!.id),
            eq(comunicadoDestinatarios.usuarioId, usuarioId),
          ),
        );
      if (ciente)
        await tx
          .insert(comunicadoCientes)
          .values({ comunicadoId: row!.id, usuarioId, versao: 1, cienteEm: ciente });
    }
    if (recipients.some((recipient) => recipient.usuarioId === ids.responsavel))
      bell.push({
        usuarioId: ids.responsavel,
        tipo: 'comunicado',
        titulo: `Novo comunicado: ${notice.titulo}`,
        texto: `${author.nome} publicou “${notice.titulo}”.${
          notice.ciente ? ' A escola pede que você confirme a leitura (Ciente).' : ''
        }`,
        link: `/dashboard/comunicados?id=${row!.id}`,
        lidaEm: newest ? null : new Date(published.getTime() + 3 * 3_600_000),
        createdAt: published,
      });
  }

  // Conversations: the demo guardian with the secretaria and with the demo teacher; another family
  // waiting for the secretaria's answer.
  const [first, second] = children;
  const guardianName = demoGuardian!.nome;
  const talk = async (
    conversa: { aluno: string; familia: string; destino: 'secretaria' | 'professor'; assunto: string },
    lines: { lado: 'familia' | 'escola'; autor: { id: string; nome: string }; texto: string; dias: number }[],
    readUpTo: { usuarioId: string; dias: number }[],
  ) => {
    const last = lines[lines.length - 1]!;
    const [row] = await tx
      .insert(conversas)
      .values({
        alunoId: conversa.aluno,
        responsavelUsuarioId: conversa.familia,
        destino: conversa.destino,
        professorId: conversa.destino === 'professor' ? teacher!.id : null,
        assunto: conversa.assunto,
        ultimaMensagemEm: at(last.dias, 15),
        createdAt: at(lines[0]!.dias, 10),
      })
      .returning({ id: conversas.id });
    await tx.insert(mensagens).values(
      lines.map((line, index) => ({
        conversaId: row!.id,
        autorId: line.autor.id,
        autorNome: line.autor.nome,
        lado: line.lado,
        texto: line.texto,
        createdAt: at(line.dias, index === lines.length - 1 ? 15 : 10 + index),
      })),
    );
    for (const reader of readUpTo)
      await tx
        .insert(conversaLeituras)
        .values({ conversaId: row!.id, usuarioId: reader.usuarioId, lidaAte: at(reader.dias, 16) });
    return row!.id;
  };
  const me = { id: ids.responsavel, nome: guardianName };
  const secretaria = await talk(
    { aluno: first!.id, familia: ids.responsavel, destino: 'secretaria', assunto: 'Declaração de matrícula' },
    [
      {
        lado: 'familia',
        autor: me,
        texto: `Bom dia! Preciso de uma declaração de matrícula de ${first!.nome} para o convênio.`,
        dias: 3,
      },
      {
        lado: 'escola',
        autor: admin!,
        texto: 'Bom dia! A declaração já está disponível em Documentos, no cadastro do aluno.',
        dias: 2,
      },
    ],
    [{ usuarioId: ids.responsavel, dias: 3 }],
  );
  await talk(
    { aluno: first!.id, familia: ids.responsavel, destino: 'professor', assunto: 'Tarefa de Matemática' },
    [
      {
        lado: 'familia',
        autor: me,
        texto: 'Professor, a tarefa da página 42 é para quinta ou para sexta?',
        dias: 9,
      },
      { lado: 'escola', autor: professor!, texto: 'Para sexta-feira. Obrigado por avisar!', dias: 8 },
      { lado: 'familia', autor: me, texto: 'Combinado, obrigada.', dias: 8 },
    ],
    [
      { usuarioId: ids.responsavel, dias: 8 },
      { usuarioId: ids.professor, dias: 8 },
    ],
  );
  const [otherFamily] = await tx
    .select({ usuarioId: guardians.usuarioId, nome: guardians.nome, alunoId: students.id })
    .from(guardians)
    .innerJoin(studentGuardians, eq(studentGuardians.responsavelId, guardians.id))
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(and(inArray(students.turmaId, familyClasses), sql`${guardians.usuarioId} <> ${ids.responsavel}`))
    .orderBy(asc(students.matricula))
    .limit(1);
  if (otherFamily?.usuarioId)
    await talk(
      {
        aluno: otherFamily.alunoId,
        familia: otherFamily.usuarioId,
        destino: 'secretaria',
        assunto: 'Transporte escolar',
      },
      [
        {
          lado: 'familia',
          autor: { id: otherFamily.usuarioId, nome: otherFamily.nome },
          texto: 'A escola indica algum transporte escolar que atenda o bairro?',
          dias: 1,
        },
      ],
      [{ usuarioId: otherFamily.usuarioId, dias: 1 }],
    );

  // The rest of the demo guardian's bell: one of each kind the school sends.
  // Worded and linked as the roll call's own notice (notifyAbsences), for an absence the boletim shows.
  const absent = (second ?? first)!;
  const absence = await latestAbsence(tx, absent.id);
  if (absence)
    bell.push({
      usuarioId: ids.responsavel,
      tipo: 'falta',
      titulo: `Falta registrada: ${absent.nome}`,
      texto: `${absent.nome} teve falta registrada em ${formatDate(absence.data)}${absence.disciplina ? ` (aula de ${absence.disciplina})` : ''}.`,
      link: `/dashboard/alunos?aluno=${absent.id}&falta=${absence.data}`,
      lidaEm: null,
      createdAt: at(daysBetween(absence.data, clock.today()), 18),
    });
  bell.push(
    {
      usuarioId: ids.responsavel,
      tipo: 'boletim',
      titulo: 'Boletim publicado: 1º bimestre',
      texto: `As notas do 1º bimestre de ${children.map((child) => child.nome).join(', ')} estão disponíveis no portal.`,
      link: '/dashboard/alunos',
      lidaEm: at(39),
      createdAt: at(40),
    },
    {
      usuarioId: ids.responsavel,
      tipo: 'mensagem',
      titulo: 'Nova mensagem: Declaração de matrícula',
      texto: `${admin!.nome} enviou uma mensagem.`,
      link: `/dashboard/mensagens?id=${secretaria}`,
      lidaEm: null,
      createdAt: at(2, 15),
    },
    {
      usuarioId: ids.responsavel,
      tipo: 'mensalidade',
      titulo: `Mensalidade a vencer: ${first!.nome}`,
      texto: `A mensalidade de ${first!.nome} vence nos próximos dias. O Pix e o boleto estão em Financeiro.`,
      link: '/dashboard/financeiro',
      lidaEm: at(4),
      createdAt: at(5, 8),
    },
    {
      usuarioId: ids.responsavel,
      tipo: 'seguranca',
      titulo: 'Novo acesso à sua conta',
      texto:
        'Sua conta foi acessada de um dispositivo novo (Chrome no Android). Se não foi você, troque sua senha.',
      link: '/trocar-senha',
      lidaEm: at(20),
      createdAt: at(21, 19),
    },
  );
  await tx.insert(notificacoes).values(bell);
}

/** The child's latest absence in the seeded rolls before today, for the bell's 'Falta registrada'. */
async function latestAbsence(tx: DbOrTx, alunoId: string) {
  const [roll] = await tx
    .select({ data: attendanceRolls.data, disciplina: attendanceRolls.disciplina })
    .from(attendanceAbsences)
    .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
    .where(
      and(eq(attendanceAbsences.alunoId, alunoId), lte(attendanceRolls.data, addDays(clock.today(), -1))),
    )
    .orderBy(desc(attendanceRolls.data))
    .limit(1);
  return roll ?? null;
}
