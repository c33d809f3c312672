/**
 * The demo's notices as data: a school year's notices, each on its day of the year, and the choice of
 * the twelve latest before today (deterministic, the same demo every time).
 */
import { daysInRange } from '../../shared/calendar.js';
import { noticeDay, YEAR_END } from './seed-calendar.js';

/** A deterministic 0..1 per text (the same demo every time). */
export function share(text: string): number {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash / 1_000_003;
}

/** An entry of the demo's calendar in the notice's year, by its title (seed-calendar.ts). */
export type EntryOf = (titulo: string) => { inicio: string; fim: string };

/** '2026-12-14' → '14/12'. */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/**
 * A school year's notices, each on its day of the year (MM-DD): the demo shows the twelve latest before
 * today, from this year and the last, so each notice reads as news of its own season. A notice that
 * names a day takes it from the calendar (`corpo` as a function of the year's entries): the date is
 * written once, in the calendar, and the notice cannot contradict it.
 */
const notices: {
  quando: string;
  titulo: string;
  corpo: string | ((entryOf: EntryOf) => string);
  publico: 'escola' | 'turmas-demo' | 'professor' | 'equipe';
  ciente?: boolean;
  /** Also for the students' own accounts (what a student needs to know: dates, events, homework). */
  alunos?: true;
}[] = [
  {
    quando: '01-29',
    titulo: 'Boas-vindas ao ano letivo',
    corpo:
      'Queridas famílias, **sejam bem-vindas** a mais um ano letivo!\n\n- As aulas começam às 7h30 (manhã) e 13h (tarde).\n- O uniforme completo é obrigatório a partir da segunda semana.\n\nContamos com vocês.',
    publico: 'escola',
    alunos: true,
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
    alunos: true,
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
    corpo: (entryOf) =>
      `Nossa Festa Junina será no **${noticeDay(entryOf('Festa Junina').inicio)}**, das 14h às 19h.\n\n- Cada família contribui com um prato típico\n- Não é permitido entrar com bebida alcoólica\n\nMais informações em [nosso site](https://www.exemplo.com.br).`,
    publico: 'escola',
    alunos: true,
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
    alunos: true,
  },
  {
    quando: '06-29',
    titulo: 'Recesso escolar de julho',
    corpo: 'Lembramos que o recesso começa na próxima semana. Boas férias a todos!',
    publico: 'escola',
    alunos: true,
  },
  {
    quando: '07-31',
    titulo: 'Volta às aulas do 2º semestre',
    corpo:
      'As aulas do 2º semestre recomeçam na **próxima segunda-feira**, nos mesmos horários. Confira no portal o calendário do 3º bimestre.',
    publico: 'escola',
    alunos: true,
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
    alunos: true,
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
    alunos: true,
  },
  {
    quando: '10-30',
    titulo: 'Feira de Ciências',
    corpo:
      'A Feira de Ciências será no **sábado, das 9h às 13h**. Os grupos apresentam seus trabalhos, e as famílias estão convidadas.',
    publico: 'professor',
    alunos: true,
  },
  {
    quando: '11-13',
    titulo: 'Feriado da Consciência Negra',
    corpo:
      'Dia 20 de novembro é feriado nacional (Dia Nacional de Zumbi e da Consciência Negra): não haverá aula. Na semana anterior, as turmas fazem atividades sobre o tema.',
    publico: 'escola',
    alunos: true,
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
    corpo: (entryOf) => {
      const recuperacao = entryOf(YEAR_END.recuperacao);
      return `As aulas terminam na **${noticeDay(entryOf(YEAR_END.ultimoDia).inicio)}**. A recuperação final será de **${dayMonth(recuperacao.inicio)} a ${dayMonth(recuperacao.fim)}**, e o resultado final sai na ${noticeDay(entryOf(YEAR_END.resultado).inicio)}.\n\nAs datas estão no portal, em Calendário. Os alunos convocados recebem o horário pela agenda.`;
    },
    publico: 'turmas-demo',
    alunos: true,
    ciente: true,
  },
  {
    quando: '12-07',
    titulo: 'Festa de encerramento do ano',
    corpo: (entryOf) =>
      `Nossa festa de encerramento será no **${noticeDay(entryOf(YEAR_END.festa).inicio)}, às 10h**, na quadra. Contamos com todas as famílias!`,
    publico: 'escola',
    alunos: true,
  },
];

/**
 * The twelve notices of the last days before `today` (this year's and last year's), oldest first, each
 * with its year (`ano`: the calendar its dates come from) and how many days ago it was published.
 */
export function latestNotices(today: string): ((typeof notices)[number] & { ano: number; dias: number })[] {
  const year = Number(today.slice(0, 4));
  const dated = [year - 1, year].flatMap((ano) =>
    notices.map((notice) => ({ ...notice, ano, data: `${String(ano)}-${notice.quando}` })),
  );
  return dated
    .filter((notice) => notice.data < today)
    .slice(-12)
    .map(({ data, ...notice }) => ({ ...notice, dias: daysInRange(data, today) - 1 }));
}
