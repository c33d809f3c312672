// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type {
  DashboardEscola,
  DashboardProfessor,
  DashboardResponsavel,
  TuitionSummary,
} from '../../../shared/dashboard.schemas';
import { noTuition } from '../../test/dashboard';
import { renderAt, schoolYearOf, signedInAs, stubApi } from '../../test/render';
import { attendanceNote, DashboardPage } from './dashboard-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The signed-in user and the home's figures over the network (the server's tests cover the figures). */
function stubServer(
  nivel: 'administrador' | 'professor' | 'responsavel',
  stats: DashboardEscola | DashboardProfessor | DashboardResponsavel,
  more: Record<string, unknown> = {},
) {
  const user = { id: 'u1', nome: 'Carlos', email: 'c@escola', nivel, primeiro_login: false };
  stubApi(
    {
      '/api/auth/me': signedInAs(user),
      '/api/dashboard/stats': stats,
      // A family's home also lists its news and its children's own logins: none here.
      '/api/familia/feed': { itens: [], proximo: null },
      '/api/contas-aluno/familia': [],
      // The administration's pendências: nothing waiting.
      '/api/dashboard/pendencias': {
        academico: {
          ano_letivo_cadastrado: true,
          chamadas: { dias: [], aulas: 0, turmas: 0 },
          abaixo_minimo: 0,
          conselho_tutelar: 0,
          notas: null,
          pareceres_faltando: null,
          pareceres_para_revisao: 0,
          retificacoes_pendentes: 0,
        },
        secretaria: null,
        mensagens_nao_lidas: 0,
      },
      // The school years (a teacher's home between two years says when the next starts): none here.
      '/api/anos-letivos': [],
      ...more,
    },
    null,
  );
}

/** The school's figures of 2026 (50 students, 4 teachers, 2 classes, no money owed), `fields` over them. */
const schoolStats = (fields: Partial<DashboardEscola>): DashboardEscola => ({
  escopo: 'escola',
  ano_letivo: 2026,
  total_alunos: 50,
  total_professores: 4,
  total_turmas: 2,
  mensalidades_pendentes: 0,
  taxas_matricula_pendentes: 0,
  receita_mes: 0,
  frequencia_media: 95,
  matriculas_por_mes: [],
  alunos_por_status: [],
  performance_turmas: [],
  atividades: [],
  ...fields,
});

const noRollsToday: DashboardProfessor['chamadas_hoje'] = {
  data: '2026-11-21',
  dia: { data: '2026-11-21', tipo: 'fim_de_semana', letivo: false, descricao: null },
  ultimo_dia_letivo: '2026-11-20',
  pendentes: [],
  feitas: 0,
};

describe('DashboardPage', () => {
  it("shows each class's grade average next to its attendance, and a quick action to Notas", async () => {
    stubServer(
      'administrador',
      schoolStats({
        performance_turmas: [
          { turma: '6º Ano A', media: 7.1, frequencia: 97.4 },
          { turma: '7º Ano B', media: 5.8, frequencia: null },
        ],
      }),
    );
    renderAt(<DashboardPage />);
    const list = await screen.findByRole('list', { name: 'Média e frequência por turma' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['6º Ano Amédia 7,1 · 97,4 %', '7º Ano Bmédia 5,8 · —']);
    expect(screen.getByRole('link', { name: 'Notas' })).toHaveAttribute('href', '/dashboard/notas');
  });

  it('names the pending enrolment fees apart from the pending tuition (ADR 0099)', async () => {
    stubServer('administrador', schoolStats({ mensalidades_pendentes: 2, taxas_matricula_pendentes: 1 }));
    renderAt(<DashboardPage />);
    const banner = await screen.findByText(/pendentes? e 1 taxa/);
    expect(banner.textContent).toBe(
      'Atenção: 2 mensalidades pendentes e 1 taxa de matrícula pendente. Ver no Financeiro',
    );
  });

  it('leaves out the panels a profile may not read instead of showing them empty (the secretaria has no audit trail)', async () => {
    const stats: DashboardEscola = {
      escopo: 'escola',
      ano_letivo: 2026,
      total_alunos: 300,
      total_professores: 19,
      total_turmas: 14,
      mensalidades_pendentes: null,
      taxas_matricula_pendentes: null,
      receita_mes: null,
      frequencia_media: 95.6,
      matriculas_por_mes: [],
      alunos_por_status: [],
      performance_turmas: [{ turma: '1º Ano A', media: 6.3, frequencia: 97.4 }],
      // The server sends none to a profile without audit.read.
      atividades: [],
    };
    const secretaria = { nivel: 'administrador' as const, perfil: 'Secretaria' };
    stubApi(
      {
        '/api/auth/me': signedInAs({
          ...secretaria,
          permissoes: ['students.read', 'classes.read', 'academics.read', 'documents.issue'],
        }),
        '/api/dashboard/stats': stats,
      },
      null,
    );
    renderAt(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Desempenho por turma' })).toBeVisible();
    // The figure is the school year's active students (not next year's, pre-enrolled in December): named
    // with its year, apart from the Alunos page's 'Alunos Ativos' (every active student) and its total.
    expect(screen.getByText('Alunos Ativos em 2026')).toBeVisible();
    expect(screen.getByText('Turmas Ativas em 2026')).toBeVisible();
    // The charts count the same year's students, and say so.
    expect(
      screen.getByRole('heading', { name: 'Matrículas dos alunos de 2026 — últimos 6 meses' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Alunos de 2026 por status' })).toBeVisible();
    expect(screen.queryByText('Total de Alunos')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Atividades Recentes' })).toBeNull();
    expect(screen.queryByText('Nenhuma atividade registrada.')).toBeNull();
    expect(screen.getByText('Frequência Média')).toBeVisible();
    cleanup();

    // Financeiro: neither the classes' grades nor the audit trail.
    stubApi(
      {
        '/api/auth/me': signedInAs({
          nivel: 'administrador',
          permissoes: ['finance.read', 'finance.figures'],
        }),
        '/api/dashboard/stats': { ...stats, performance_turmas: [] },
      },
      null,
    );
    renderAt(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Ações Rápidas' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Desempenho por turma' })).toBeNull();
    expect(screen.queryByText('Nenhuma chamada ou nota registrada ainda')).toBeNull();
    // Nor the school's attendance: no card reading '—'.
    expect(screen.queryByText('Frequência Média')).toBeNull();
  });

  it("lists the teacher's assessments without grades (opening the grid) and periods closing soon", async () => {
    stubServer('professor', {
      escopo: 'professor',
      ano_letivo: 2026,
      total_alunos: 24,
      total_turmas: 1,
      turmas: [],
      chamadas_hoje: noRollsToday,
      avaliacoes_pendentes: [
        {
          id: 'a1',
          nome: 'Prova 2',
          disciplina: 'Matemática',
          data: '2026-11-20',
          turma_id: 't1',
          turma_nome: '6º Ano A',
          periodo_id: 'p4',
          faltam: 3,
        },
      ],
      periodos_fechando: [
        {
          turma_id: 't1',
          turma_nome: '6º Ano A',
          periodo_id: 'p4',
          periodo_nome: '4º bimestre',
          data_fechamento: '2026-12-18',
        },
      ],
    });
    renderAt(<DashboardPage />);
    const link = await screen.findByRole('link', { name: 'Prova 2 — Matemática, 6º Ano A' });
    expect(link).toHaveAttribute('href', '/dashboard/notas?turma=t1&disciplina=Matem%C3%A1tica&periodo=p4');
    expect(screen.getByText('20/11/2026 · faltam 3 notas')).toBeInTheDocument();
    const closing = screen.getByRole('region', { name: 'Períodos fechando em até 7 dias' });
    expect(closing).toHaveTextContent('6º Ano A — 4º bimestre fecha em 18/12/2026');
  });

  /** Lucas (1º Ano A), one absence on the first school day, nothing owed; `overrides` over him. */
  const child = (overrides: Partial<DashboardResponsavel['filhos'][number]>) => ({
    id: 'a1',
    nome: 'Lucas',
    turma_nome: '1º Ano A',
    status: 'ativo',
    frequencia: 0,
    abaixo_minimo: true,
    aulas_dadas: 1,
    faltas: 1,
    por_dia: true,
    previstas_ano: 202,
    limite_faltas_ano: 50,
    mensalidades: noTuition,
    ...overrides,
  });

  it("takes a mother from the home straight to each child's boletim and absences", async () => {
    stubServer('responsavel', {
      escopo: 'responsavel',
      filhos: [
        child({ frequencia: 96.3, abaixo_minimo: false, aulas_dadas: 27 }),
        child({
          id: 'a2',
          nome: 'Luiza',
          turma_nome: '4º Ano A',
          frequencia: 70,
          aulas_dadas: 10,
          faltas: 3,
          por_dia: false,
          previstas_ano: null,
          limite_faltas_ano: null,
        }),
      ],
      ...noTuition,
    });
    renderAt(<DashboardPage />);
    // The Boletim (grades and each subject's absences), not the child's page ('Meu filho').
    expect(await screen.findByRole('link', { name: 'Boletim e faltas de Lucas' })).toHaveAttribute(
      'href',
      '/dashboard/familia/boletim?aluno=a1',
    );
    expect(screen.getByRole('link', { name: 'Boletim e faltas de Luiza' })).toHaveAttribute(
      'href',
      '/dashboard/familia/boletim?aluno=a2',
    );
    expect(screen.getByText('Abaixo de 75 % das aulas dadas até agora.')).toBeInTheDocument();
    // The child's name opens their page (class, teachers), reachable before only through the Boletim.
    expect(screen.getByRole('link', { name: /^Lucas/ })).toHaveAttribute(
      'href',
      '/dashboard/familia/aluno?aluno=a1',
    );
  });

  it('warns a mother of the 75 % line as the server counts it, even when the figure rounds to 75,0 %', async () => {
    // 638 of 851 lessons is 74,97 %: shown as 75,0 %, still below the legal minimum (LDB art. 24, VI).
    stubServer('responsavel', {
      escopo: 'responsavel',
      filhos: [
        child({
          turma_nome: '8º Ano A',
          frequencia: 75,
          aulas_dadas: 851,
          faltas: 213,
          por_dia: false,
          previstas_ano: 851,
          limite_faltas_ano: 212,
        }),
      ],
      ...noTuition,
    });
    renderAt(<DashboardPage />);
    expect(await screen.findByText(/Frequência 75,0 %/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Abaixo de 75 %: 213 faltas passam do limite do ano (212 em 851 aulas previstas). Fale com a escola.',
      ),
    ).toBeInTheDocument();
  });

  it('one absence on the first school day: 0,0 %, read as 1 falta em 1 dia letivo and against the year', async () => {
    stubServer('responsavel', {
      escopo: 'responsavel',
      filhos: [child({})],
      ...noTuition,
    });
    renderAt(<DashboardPage />);
    // The figure stays (the rule is the % of the lessons given so far), in context and not in red.
    const figure = await screen.findByText('Frequência 0,0 %');
    expect(screen.getByText('1 falta em 1 dia letivo')).toBeInTheDocument();
    const note = screen.getByText(
      'Abaixo de 75 % até agora. No ano (202 dias letivos previstos), até 50 faltas mantêm os 75 %: ainda cabem 49.',
    );
    expect(note.parentElement).toHaveClass('text-amber-800');
    expect(figure.parentElement).not.toHaveClass('text-red-700');
  });

  it('tells a mother her child passed the Conselho Tutelar line long before the 75 % (ADR 0120)', async () => {
    // 17 absences in 190 of 202 school days: 91,1 %, far from the 75 %, past the 15 of the line.
    const past = { abaixo_minimo: false, frequencia: 91.1, aulas_dadas: 190, faltas: 17 };
    stubServer('responsavel', {
      escopo: 'responsavel',
      filhos: [child({ ...past, acima_limite_conselho: true, limite_faltas_conselho: 15 })],
      ...noTuition,
    });
    renderAt(<DashboardPage />);
    const notice = await screen.findByTestId('aviso-conselho');
    expect(notice).toHaveTextContent(
      'Mais de 15 faltas no ano: nesse caso, a lei pede que a escola comunique o Conselho Tutelar, que acompanha a frequência escolar das crianças e dos adolescentes. Converse com a coordenação.',
    );
    expect(notice).toHaveClass('text-red-700');
  });

  it('says how the year stands: near the limit, on it, past it, or unknown', () => {
    expect(
      attendanceNote(child({ abaixo_minimo: false, frequencia: 78.3, aulas_dadas: 180, faltas: 39 })),
    ).toBe(null);
    expect(
      attendanceNote(child({ abaixo_minimo: false, frequencia: 75.3, aulas_dadas: 182, faltas: 45 })),
    ).toEqual({
      tone: 'amber',
      text: 'Restam 5 faltas até o limite do ano (50 em 202 dias letivos previstos).',
    });
    expect(attendanceNote(child({ faltas: 50, aulas_dadas: 150, frequencia: 66.7 }))).toEqual({
      tone: 'red',
      text: 'Abaixo de 75 % até agora, e o limite do ano (50 faltas em 202 dias letivos previstos) já foi atingido: nenhuma falta a mais.',
    });
    expect(
      attendanceNote(
        child({ por_dia: false, faltas: 3, aulas_dadas: 5, previstas_ano: null, limite_faltas_ano: null }),
      ),
    ).toEqual({ tone: 'amber', text: 'Abaixo de 75 % das aulas dadas até agora.' });
    expect(attendanceNote(child({ abaixo_minimo: false, faltas: 0, aulas_dadas: 0, frequencia: null }))).toBe(
      null,
    );
  });
  /**
   * The home's tuition card of a family whose one child has no absence: nothing owed and Lucas's October
   * tuition next, `tuition` over it.
   */
  async function tuitionCard(tuition: Partial<TuitionSummary>): Promise<HTMLElement> {
    stubServer('responsavel', {
      escopo: 'responsavel',
      filhos: [child({ frequencia: 100, abaixo_minimo: false, faltas: 0 })],
      ...noTuition,
      proxima_mensalidade: lucasTuition('2026-10'),
      ...tuition,
    });
    renderAt(<DashboardPage />);
    return screen.findByTestId('familia-mensalidades-card');
  }

  /** Lucas's tuition of `mes` (R$ 850,00, due on the 10th), still to pay. */
  const lucasTuition = (mes: string) => ({
    id: `m${mes.slice(5)}`,
    aluno_nome: 'Lucas',
    mes_referencia: mes,
    tipo: 'mensalidade' as const,
    anuidade_ano: null,
    data_vencimento: `${mes}-10`,
    valor_atualizado: 85_000,
    status: 'pendente' as const,
    debito_automatico_em: null,
  });

  it("calls an overdue tuition 'vencida' with its cost today, and the próxima the next one not yet due", async () => {
    const card = await tuitionCard({
      mensalidades_em_aberto: 1,
      mensalidades_vencidas: 1,
      valor_vencido: 88_598,
    });
    expect(card).toHaveTextContent('1 mensalidade vencida · R$ 885,98 hoje, com multa e juros.');
    expect(card).toHaveTextContent('Próxima: Lucas · outubro de 2026 · vence em 10/10/2026 · R$ 850,00');
    expect(card).toHaveTextContent('Em aberto agora: 1 mensalidade.');
    expect(card).not.toHaveTextContent('(s)');
  });

  it('counts an enrolment fee as a fee, never among the mensalidades (ADR 0103)', async () => {
    const card = await tuitionCard({
      mensalidades_em_aberto: 1,
      mensalidades_vencidas: 1,
      taxas_matricula_em_aberto: 1,
      taxas_matricula_vencidas: 1,
      valor_vencido: 139_598,
    });
    expect(card).toHaveTextContent(
      '1 mensalidade vencida e 1 taxa de matrícula vencida · R$ 1.395,98 hoje, com multa e juros.',
    );
    expect(card).toHaveTextContent('Em aberto agora: 1 mensalidade e 1 taxa de matrícula.');
    cleanup();

    // Only the fee owed: it is what the card names, and the family is sent to pay it.
    const onlyFee = await tuitionCard({
      taxas_matricula_em_aberto: 1,
      taxas_matricula_vencidas: 1,
      valor_vencido: 51_000,
    });
    expect(onlyFee).toHaveTextContent('1 taxa de matrícula vencida · R$ 510,00 hoje');
    expect(onlyFee).toHaveTextContent('Em aberto agora: 1 taxa de matrícula.');
    expect(onlyFee).not.toHaveTextContent('0 mensalidade');
    // The fee open beside next month's tuition: the card and its link name both.
    expect(screen.getByRole('region', { name: 'Mensalidades e taxa de matrícula' })).toContainElement(
      onlyFee,
    );
    expect(
      within(onlyFee).getByRole('link', { name: 'Ver mensalidades e taxa de matrícula, pagar com Pix' }),
    ).toBeVisible();
    cleanup();

    // A new family owing only the fee, nothing else generated yet: the card is the fee's.
    const newFamily = await tuitionCard({
      taxas_matricula_em_aberto: 1,
      proxima_mensalidade: {
        ...lucasTuition('2026-10'),
        tipo: 'taxa_matricula',
        anuidade_ano: 2027,
        valor_atualizado: 80_000,
      },
    });
    expect(screen.getByRole('region', { name: 'Taxa de matrícula' })).toContainElement(newFamily);
    expect(newFamily).toHaveTextContent('Próxima: Lucas · taxa de matrícula 2027');
    expect(
      within(newFamily).getByRole('link', { name: 'Ver a taxa de matrícula e pagar com Pix' }),
    ).toBeVisible();
    expect(newFamily).not.toHaveTextContent(/mensalidade/i);
  });

  it('tells a family that paid everything due that nothing is open, with the next month ahead', async () => {
    const card = await tuitionCard({
      proxima_mensalidade: lucasTuition('2026-12'),
    });
    expect(card).toHaveTextContent('Nada em aberto agora.');
    expect(card).not.toHaveTextContent(/vencida/);
    expect(within(card).getByRole('link', { name: 'Ver mensalidades' })).toHaveAttribute(
      'href',
      '/dashboard/financeiro',
    );
  });
  it('says the next one goes by the automatic debit on its day, and does not send the family to pay it by Pix', async () => {
    const card = await tuitionCard({
      mensalidades_em_aberto: 1,
      proxima_mensalidade: { ...lucasTuition('2026-10'), debito_automatico_em: '2026-10-10' },
    });
    expect(card).toHaveTextContent('Próxima: Lucas · outubro de 2026 · vence em 10/10/2026 · R$ 850,00');
    expect(within(card).getByTestId('proxima-debito-automatico')).toHaveTextContent(
      'Será debitada automaticamente (Pix Automático) em 10/10/2026: não é preciso pagar pelo Pix.',
    );
    expect(within(card).getByRole('link', { name: 'Ver mensalidades' })).toHaveAttribute(
      'href',
      '/dashboard/financeiro',
    );
    expect(within(card).queryByRole('link', { name: /pagar com Pix/ })).toBeNull();
  });

  it('without a debit scheduled, the next one open is paid by Pix', async () => {
    const card = await tuitionCard({ mensalidades_em_aberto: 1 });
    expect(within(card).queryByTestId('proxima-debito-automatico')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Ver mensalidades e pagar com Pix' })).toBeVisible();
  });
});

describe("the teacher's home leads with today's rolls", () => {
  const teacher = (chamadas_hoje: DashboardProfessor['chamadas_hoje']): DashboardProfessor => ({
    escopo: 'professor',
    ano_letivo: 2026,
    total_alunos: 80,
    total_turmas: 2,
    turmas: [
      {
        id: 't1',
        nome: '3º Ano A',
        serie: '3º ano',
        turno: 'manha',
        alunos_count: 40,
        capacidade_maxima: 40,
        frequencia: 96,
      },
      {
        id: 't9',
        nome: 'Pré II A',
        serie: 'Pré II',
        turno: 'tarde',
        alunos_count: 18,
        capacidade_maxima: 20,
        frequencia: 92,
        frequencia_minima: 60,
        pareceres: true,
      },
    ],
    chamadas_hoje,
    avaliacoes_pendentes: [],
    periodos_fechando: [],
  });
  const friday = { data: '2026-03-20', tipo: 'letivo' as const, letivo: true, descricao: null };
  /** Friday 20/03/2026's rolls, a school day: none pending and none taken unless told. */
  const onFriday = (
    fields: Partial<DashboardProfessor['chamadas_hoje']>,
  ): DashboardProfessor['chamadas_hoje'] => ({
    data: '2026-03-20',
    dia: friday,
    ultimo_dia_letivo: null,
    pendentes: [],
    feitas: 0,
    ...fields,
  });
  /** 3º Ano A's roll of the day, pending. */
  const dayRollT1 = {
    turma_id: 't1',
    turma_nome: '3º Ano A',
    disciplina: null,
    aula: 0,
    nome: 'Chamada do dia',
  };
  /** The teacher's home, with `chamadas_hoje` as the server counts them. */
  const teacherHome = (chamadas_hoje: DashboardProfessor['chamadas_hoje']) => {
    stubServer('professor', teacher(chamadas_hoje));
    renderAt(<DashboardPage />);
  };

  it('a school day: "Chamadas de hoje: 2 pendentes" before anything else, each a link to its roll', async () => {
    teacherHome(
      onFriday({
        pendentes: [
          dayRollT1,
          {
            turma_id: 't2',
            turma_nome: '7º Ano B',
            disciplina: 'Matemática',
            aula: 2,
            nome: 'Matemática (2ª aula)',
          },
        ],
        feitas: 1,
      }),
    );
    const rolls = await screen.findByRole('region', { name: 'Chamadas de hoje: 2 pendentes' });
    expect(within(rolls).getByRole('link', { name: /3º Ano A.*Chamada do dia/ })).toHaveAttribute(
      'href',
      '/dashboard/frequencia?turma=t1',
    );
    expect(within(rolls).getByRole('link', { name: /7º Ano B.*Matemática \(2ª aula\)/ })).toHaveAttribute(
      'href',
      '/dashboard/frequencia?turma=t2&disciplina=Matem%C3%A1tica&aula=2',
    );
    expect(rolls).toHaveTextContent('1 chamada feita hoje.');
    // Right under the greeting: the first section of the home, ahead of the classes and the grade tasks.
    const [greeting, first] = screen.getAllByRole('region');
    expect(greeting).toHaveTextContent('Carlos!');
    expect(first).toBe(rolls);
  });

  it('shows next year’s classes apart, under their year, never among this year’s', async () => {
    stubServer('professor', {
      ...teacher({ data: '2026-12-07', dia: friday, ultimo_dia_letivo: null, pendentes: [], feitas: 0 }),
      proximo_ano: {
        ano: 2027,
        turmas: [
          {
            id: 't27',
            nome: '4º Ano A',
            serie: '4º ano',
            turno: 'manha',
            alunos_count: 31,
            capacidade_maxima: 35,
          },
        ],
      },
    });
    renderAt(<DashboardPage />);
    const next = await screen.findByRole('region', { name: 'Próximo ano letivo (2027)' });
    expect(next).toHaveTextContent('4º Ano A');
    expect(next).toHaveTextContent('4º ano · Manhã');
    expect(next).toHaveTextContent('31/35 alunos');
    const current = screen.getByRole('region', { name: 'Minhas turmas' });
    expect(current).not.toHaveTextContent('4º Ano A');
    expect(within(current).getAllByRole('listitem')).toHaveLength(2);
  });

  it('without next year’s classes, says nothing of it', async () => {
    teacherHome(onFriday({}));
    await screen.findByRole('region', { name: 'Minhas turmas' });
    expect(screen.queryByRole('region', { name: /Próximo ano letivo/ })).toBeNull();
  });

  it('each of my classes is a card that opens its roll, with its grades and diary a tap away', async () => {
    teacherHome(onFriday({}));
    const classes = await screen.findByRole('region', { name: 'Minhas turmas' });
    expect(within(classes).getByRole('link', { name: '3º Ano A: fazer chamada' })).toHaveAttribute(
      'href',
      '/dashboard/frequencia?turma=t1',
    );
    expect(within(classes).getByRole('link', { name: 'Notas de 3º Ano A' })).toHaveAttribute(
      'href',
      '/dashboard/notas?turma=t1',
    );
    expect(within(classes).getByRole('link', { name: 'Diário de 3º Ano A' })).toHaveAttribute(
      'href',
      '/dashboard/frequencia?aba=diario&turma=t1',
    );
    // An Educação Infantil class has no grades: its card leads to its pareceres.
    expect(within(classes).getByRole('link', { name: 'Pareceres de Pré II A' })).toHaveAttribute(
      'href',
      '/dashboard/pareceres?turma=t9',
    );
  });

  it('no two links of my class cards read alike out of their card (each names its class)', async () => {
    teacherHome({ data: '2026-03-20', dia: friday, ultimo_dia_letivo: null, pendentes: [], feitas: 0 });
    const classes = await screen.findByRole('region', { name: 'Minhas turmas' });
    const names = [
      '3º Ano A: fazer chamada',
      'Notas de 3º Ano A',
      'Diário de 3º Ano A',
      'Pré II A: fazer chamada',
      'Pareceres de Pré II A',
      'Diário de Pré II A',
    ];
    const cardLinks = within(classes)
      .getAllByRole('listitem')
      .flatMap((card) => within(card).getAllByRole('link'));
    expect(cardLinks).toHaveLength(names.length);
    // getByRole finds one link of each name, or fails: no two alike.
    for (const name of names) expect(within(classes).getByRole('link', { name })).toBeInTheDocument();
  });

  it('one pending roll reads in the singular', async () => {
    teacherHome(onFriday({ pendentes: [dayRollT1] }));
    expect(await screen.findByRole('region', { name: 'Chamadas de hoje: 1 pendente' })).toBeInTheDocument();
  });

  it('a Saturday says there is no lesson, and nothing is pending', async () => {
    teacherHome({
      data: '2026-03-21',
      dia: { data: '2026-03-21', tipo: 'fim_de_semana', letivo: false, descricao: null },
      ultimo_dia_letivo: '2026-03-20',
      pendentes: [],
      feitas: 0,
    });
    const today = await screen.findByRole('region', { name: 'Hoje não há aula (sábado)' });
    expect(today).toHaveTextContent('21/03/2026 não é dia letivo: nenhuma chamada a fazer.');
    expect(screen.queryByText(/pendente/)).toBeNull();
    // 'Another day' is the last one with class, not today's locked roll again.
    expect(
      within(today).getByRole('link', { name: 'Chamadas do último dia letivo (20/03)' }),
    ).toHaveAttribute('href', '/dashboard/frequencia?data=2026-03-20');
  });

  it('between two school years says when the classes start, as the roll screen does', async () => {
    stubServer(
      'professor',
      teacher({
        data: '2026-12-06',
        dia: { data: '2026-12-06', tipo: 'fim_de_semana', letivo: false, descricao: null },
        ultimo_dia_letivo: null,
        pendentes: [],
        feitas: 0,
      }),
      {
        '/api/anos-letivos': [
          schoolYearOf({ id: 'y27', ano: 2027, inicio: '2027-02-01', fim: '2027-12-10' }),
        ],
      },
    );
    renderAt(<DashboardPage />);
    const today = await screen.findByRole('region', { name: 'Hoje não há aula (domingo)' });
    // It said only that today was a Sunday.
    expect(await within(today).findByText('As aulas de 2027 começam em 01/02/2027.')).toBeVisible();
  });

  it('a holiday is named', async () => {
    teacherHome({
      data: '2026-04-21',
      dia: { data: '2026-04-21', tipo: 'feriado_nacional', letivo: false, descricao: 'Tiradentes' },
      ultimo_dia_letivo: null,
      pendentes: [],
      feitas: 0,
    });
    expect(
      await screen.findByRole('region', { name: 'Hoje não há aula (Tiradentes, feriado nacional)' }),
    ).toBeInTheDocument();
  });

  it('every roll of the day taken: none pending, how many were taken', async () => {
    teacherHome(onFriday({ feitas: 3 }));
    const rolls = await screen.findByRole('region', { name: 'Chamadas de hoje: nenhuma pendente' });
    expect(rolls).toHaveTextContent('3 chamadas feitas hoje.');
  });
});
