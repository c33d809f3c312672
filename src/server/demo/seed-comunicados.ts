import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { daysInRange } from '../../shared/calendar.js';
import type { Publico } from '../../shared/comunicados.schemas.js';
import { richTextSummary } from '../../shared/rich-text.js';
import type { DbOrTx } from '../db/client.js';
import { clock } from '../lib/clock.js';
import { hashPassword } from '../features/auth/passwords.js';
import { classes } from '../features/classes/classes.table.js';
import { audienceQuery } from '../features/comunicados/comunicados.audience.js';
import { recordVersion } from '../features/comunicados/comunicados.publish.js';
import {
  comunicadoCientes,
  comunicadoDestinatarios,
  comunicados,
} from '../features/comunicados/comunicados.table.js';
import { conversaLeituras, conversas, mensagens } from '../features/mensagens/mensagens.table.js';
import { notificacoes } from '../features/notificacoes/notificacoes.table.js';
import { guardians, studentGuardians, students } from '../features/students/students.table.js';
import { teachers } from '../features/teachers/teachers.table.js';
import { users } from '../features/users/users.table.js';

const DAY = 86_400_000;

interface DemoUsers {
  administrador: string;
  professor: string;
  responsavel: string;
}

/** A deterministic 0..1 per text (the same demo every time). */
function share(text: string): number {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash / 1_000_003;
}

/**
 * A school year's notices, each on its day of the year (MM-DD): the demo shows the twelve latest before
 * today, from this year and the last, so each notice reads as news of its own season.
 */
const notices: {
  quando: string;
  titulo: string;
  corpo: string;
  publico: 'escola' | 'turmas-demo' | 'professor' | 'equipe';
  ciente?: boolean;
}[] = [
  {
    quando: '01-29',
    titulo: 'Boas-vindas ao ano letivo',
    corpo:
      'Queridas famílias, **sejam bem-vindas** a mais um ano letivo!\n\n- As aulas começam às 7h30 (manhã) e 13h (tarde).\n- O uniforme completo é obrigatório a partir da segunda semana.\n\nContamos com vocês.',
    publico: 'escola',
  },
  {
    quando: '02-06',
    titulo: 'Lista de materiais e prazo de entrega',
    corpo:
      'Os materiais de uso coletivo devem ser entregues **até sexta-feira** na secretaria, identificados com o nome do aluno.',
    publico: 'escola',
  },
  {
    quando: '02-20',
    titulo: 'Reunião de pais do 1º bimestre',
    corpo:
      'Convidamos para a reunião de pais no **sábado, às 9h**, no auditório. Pauta:\n\n- Apresentação dos professores\n- Calendário de avaliações\n- Dúvidas',
    publico: 'escola',
    ciente: true,
  },
  {
    quando: '03-13',
    titulo: 'Autorização: passeio ao Museu Catavento',
    corpo:
      'A turma fará um passeio pedagógico ao Museu Catavento. Confirme a ciência e envie a autorização assinada pela agenda.',
    publico: 'professor',
    ciente: true,
  },
  {
    quando: '03-27',
    titulo: 'Campanha de vacinação na escola',
    corpo:
      'A UBS do bairro fará vacinação contra a gripe na escola. Traga a **carteira de vacinação** na data marcada.',
    publico: 'escola',
  },
  {
    quando: '04-03',
    titulo: 'Semana de provas do 1º bimestre',
    corpo: 'As provas acontecem na próxima semana. O calendário completo está no portal, em Calendário.',
    publico: 'turmas-demo',
  },
  {
    quando: '04-24',
    titulo: 'Formação pedagógica — sábado',
    corpo: 'Encontro de formação da equipe no sábado, das 8h às 12h, na sala dos professores.',
    publico: 'equipe',
  },
  {
    quando: '04-30',
    titulo: 'Boletins do 1º bimestre disponíveis',
    corpo:
      'Os boletins do 1º bimestre estão disponíveis no portal. Em caso de dúvidas, agende um horário com a coordenação.',
    publico: 'escola',
  },
  {
    quando: '06-01',
    titulo: 'Festa Junina: convite e regras',
    corpo:
      'Nossa Festa Junina será no sábado, das 14h às 19h.\n\n- Cada família contribui com um prato típico\n- Não é permitido entrar com bebida alcoólica\n\nMais informações em [nosso site](https://www.exemplo.com.br).',
    publico: 'escola',
    ciente: true,
  },
  {
    quando: '06-22',
    titulo: 'Alteração no horário de saída',
    corpo:
      'Na próxima sexta-feira a saída será às **11h30** por causa do conselho de classe. Organize a retirada do seu filho.',
    publico: 'escola',
    ciente: true,
  },
  {
    quando: '06-26',
    titulo: 'Tarefa de leitura para as férias',
    corpo: 'Cada aluno deve escolher um livro da lista enviada e preparar um pequeno resumo para agosto.',
    publico: 'professor',
  },
  {
    quando: '06-29',
    titulo: 'Recesso escolar de julho',
    corpo: 'Lembramos que o recesso começa na próxima semana. Boas férias a todos!',
    publico: 'escola',
  },
  {
    quando: '07-31',
    titulo: 'Volta às aulas do 2º semestre',
    corpo:
      'As aulas do 2º semestre recomeçam na **próxima segunda-feira**, nos mesmos horários. Confira no portal o calendário do 3º bimestre.',
    publico: 'escola',
  },
  {
    quando: '08-21',
    titulo: 'Reunião de pais do 3º bimestre',
    corpo:
      'Convidamos para a reunião de pais no **sábado, às 9h**, no auditório: rendimento do 1º semestre e projetos do 2º.',
    publico: 'escola',
    ciente: true,
  },
  {
    quando: '09-11',
    titulo: 'Jogos interclasses',
    corpo:
      'Os jogos interclasses acontecem na próxima semana, nas aulas de Educação Física. Mande roupa adequada e uma garrafinha de água.',
    publico: 'turmas-demo',
  },
  {
    quando: '10-02',
    titulo: 'Boletins do 3º bimestre disponíveis',
    corpo:
      'Os boletins do 3º bimestre estão no portal. A coordenação atende as famílias com horário marcado.',
    publico: 'escola',
  },
  {
    quando: '10-05',
    titulo: 'Semana da Criança',
    corpo:
      'Na semana do Dia das Crianças teremos atividades especiais no Fundamental I. Nesses dias não haverá lição de casa.',
    publico: 'escola',
  },
  {
    quando: '10-30',
    titulo: 'Feira de Ciências',
    corpo:
      'A Feira de Ciências será no **sábado, das 9h às 13h**. Os grupos apresentam seus trabalhos, e as famílias estão convidadas.',
    publico: 'professor',
  },
  {
    quando: '11-13',
    titulo: 'Feriado da Consciência Negra',
    corpo:
      'Dia 20 de novembro é feriado nacional (Dia Nacional de Zumbi e da Consciência Negra): não haverá aula. Na semana anterior, as turmas fazem atividades sobre o tema.',
    publico: 'escola',
  },
  {
    quando: '11-23',
    titulo: 'Rematrícula para o próximo ano',
    corpo:
      'A rematrícula está aberta até o fim do mês, na secretaria. Confirme a ciência deste aviso para garantir a vaga do seu filho.',
    publico: 'escola',
    ciente: true,
  },
  {
    quando: '12-01',
    titulo: 'Calendário da recuperação final',
    corpo:
      'O calendário da recuperação final está no portal, em Calendário. Os alunos convocados recebem o horário pela agenda.',
    publico: 'turmas-demo',
    ciente: true,
  },
  {
    quando: '12-07',
    titulo: 'Festa de encerramento do ano',
    corpo:
      'Nossa festa de encerramento será no **sábado, às 10h**, na quadra. Contamos com todas as famílias!',
    publico: 'escola',
  },
];

/** The twelve notices of the last days before `today` (this year's and last year's), oldest first. */
function latestNotices(today: string): ((typeof notices)[number] & { dias: number })[] {
  const year = Number(today.slice(0, 4));
  const dated = [year - 1, year].flatMap((ano) =>
    notices.map((notice) => ({ ...notice, data: `${String(ano)}-${notice.quando}` })),
  );
  return dated
    .filter((notice) => notice.data < today)
    .slice(-12)
    .map(({ data, ...notice }) => ({ ...notice, dias: daysInRange(data, today) - 1 }));
}

/**
 * Issue 16's demo: portal accounts for the families of the demo guardian's two classes (so the notices
 * show who read and confirmed), a dozen notices over the year (four with ciente), three conversations,
 * and the demo guardian's bell with every kind of notification. Written directly, with no e-mail queued:
 * the demo's outbox starts empty.
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
  for (const [index, notice] of chosen.entries()) {
    const newest = index >= chosen.length - 2;
    const published = at(notice.dias, 8 + (index % 4));
    const byTeacher = notice.publico === 'professor';
    const publico: Publico = {
      tipo: notice.publico === 'escola' ? 'escola' : notice.publico === 'equipe' ? 'equipe' : 'turmas',
      segmentos: [],
      series: [],
      turmas: byTeacher ? [familyClasses[0]!] : notice.publico === 'turmas-demo' ? familyClasses : [],
      alunos: [],
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
        corpo: notice.corpo,
        resumo: richTextSummary(notice.corpo),
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
      tipo: 'falta',
      titulo: `Falta registrada: ${(second ?? first)!.nome}`,
      texto: `${(second ?? first)!.nome} teve falta registrada ontem.`,
      link: `/dashboard/alunos?aluno=${(second ?? first)!.id}`,
      lidaEm: null,
      createdAt: at(1, 10),
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
