// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '../../shared/auth.schemas';
import type { ReportCard } from '../../shared/report-card.schemas';
import { reportCardAnswer, schoolYearAnswer } from '../test/answers';
import { pinDate, renderAt, searchOf, signedInAs, stubApi, stubScreen } from '../test/render';
import { ReportCardView, yearParamOf } from './report-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const alunoId = '00000000-0000-4000-8000-000000000001';

function cardOf(ano: number): ReportCard {
  return reportCardAnswer({
    turma: { id: 't', nome: ano === 2026 ? '6º A' : '5º A', serie: ano === 2026 ? '6º ano' : '5º ano' },
    ano,
    ano_letivo_id: `ano-${String(ano)}`,
    ano_encerrado: ano < 2026,
  });
}

/**
 * The server as the browser sees it: the school's years (2024–2026), a signed-in guardian and the
 * boletim of the year asked (the current one, 2026, when none is). Keeps the boletim URLs asked.
 */
function stubServer(card: (ano: number) => ReportCard = cardOf, nivel: CurrentUser['nivel'] = 'responsavel') {
  const asked: string[] = [];
  stubApi({
    [`/api/boletins/alunos/${alunoId}`]: ({ url }) => {
      asked.push(url);
      const ano = new URL(url, 'http://escola.test').searchParams.get('ano');
      return card(ano ? Number(ano) : 2026);
    },
    '/api/anos-letivos': [2024, 2025, 2026].map((ano) => schoolYearAnswer({ ano })),
    '/api/auth/me': signedInAs({ nome: 'Responsável', nivel }),
  });
  return asked;
}

describe('ReportCardView: the year in the URL', () => {
  it('picking a year puts it in the URL beside the screen’s own state; Back returns to the year before', async () => {
    stubScreen(true);
    const asked = stubServer();
    const router = renderAt(<ReportCardView alunoId={alunoId} />, `/lista?aluno=${alunoId}&page=2`);
    const boletim = await screen.findByRole('region', { name: 'Boletim 2026 — 6º A' });
    expect(asked).toEqual([`/api/boletins/alunos/${alunoId}`]);
    // Under the staff's dialog title (h2) it stays an h3; the family's page moves it up itself.
    expect(screen.getByRole('heading', { name: 'Boletim 2026 — 6º A' }).tagName).toBe('H3');

    await userEvent.selectOptions(within(boletim).getByLabelText('Ano do boletim'), '2025');
    expect(await screen.findByRole('heading', { name: 'Boletim 2025 — 5º A' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ aluno: alunoId, page: '2', ano: '2025' });
    expect(asked.at(-1)).toBe(`/api/boletins/alunos/${alunoId}?ano=2025`);
    expect(screen.getByLabelText('Ano do boletim')).toHaveValue('2025');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Boletim 2026 — 6º A' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ aluno: alunoId, page: '2' });
  });

  it('a reload or a shared link with ?ano= opens that year straight away', async () => {
    stubScreen(false);
    const asked = stubServer();
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista?ano=2024');
    expect(await screen.findByRole('heading', { name: 'Boletim 2024 — 5º A' })).toBeInTheDocument();
    expect(asked).toEqual([`/api/boletins/alunos/${alunoId}?ano=2024`]);
    expect(screen.getByLabelText('Ano do boletim')).toHaveValue('2024');
  });

  it('a hand-edited year that is not a year is ignored: the current boletim', () => {
    expect(yearParamOf('2025')).toBe(2025);
    expect(yearParamOf(null)).toBeUndefined();
    expect(yearParamOf('')).toBeUndefined();
    expect(yearParamOf('abc')).toBeUndefined();
    expect(yearParamOf('20251')).toBeUndefined();
    expect(yearParamOf('2025; drop')).toBeUndefined();
  });
});

/** A 2º ano (daily roll): the absences are days, no subject has its own. */
function dailyCard(): ReportCard {
  const period = (numero: number, media: string | null) => ({
    numero,
    nome: `${String(numero)}º bimestre`,
    publicado: true,
    fechado: true,
    media: media === null ? null : Number(media.replace(',', '.')),
    media_texto: media,
    recuperacao: null,
    recuperacao_texto: null,
    antes_recuperacao_texto: null,
    faltas: null,
  });
  const subject = (disciplina: string, media: string) => ({
    disciplina,
    area: null,
    itinerario: null,
    carga_horaria: null,
    periodos: [period(1, media), period(2, null)],
    media_anual: Number(media.replace(',', '.')),
    media_anual_texto: media,
    recuperacao_final: null,
    recuperacao_final_texto: null,
    media_final: null,
    media_final_texto: null,
    faltas: null,
    frequencia: null,
    situacao: 'cursando' as const,
    situacao_calculada: null,
    conselho: null,
  });
  return {
    ...cardOf(2026),
    turma: { id: 't', nome: '2º Ano A', serie: '2º ano' },
    periodos: [1, 2].map((numero) => ({
      numero,
      nome: `${String(numero)}º bimestre`,
      publicado: true,
      fechado: numero === 1,
    })),
    disciplinas: [subject('Matemática', '8,5'), subject('Português', '7,0')],
    frequencia: { aulas_dadas: 86, faltas: 3, frequencia: 96.5, por_dia: true, minima: 75 },
  };
}

describe('ReportCardView: a daily-roll class', () => {
  it('shows — for each subject’s absences and the days in the frequency line, on a desktop', async () => {
    stubScreen(true);
    stubServer(dailyCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const table = await screen.findByRole('table');
    const math = within(table).getByRole('row', { name: /Matemática/ });
    const cells = within(math).getAllByRole('cell');
    // 2 periods, annual average, absences, frequency, situation.
    expect(cells[3]).toHaveTextContent('—');
    expect(within(math).queryByText('0')).toBeNull();
    expect(screen.getByText(/Frequência geral/)).toHaveTextContent(
      'Frequência geral: 96,5 % (3 faltas em 86 dias letivos)',
    );
    expect(
      screen.getByText('Chamada diária: as faltas são contadas por dia letivo, não por disciplina.'),
    ).toBeInTheDocument();
  });

  it('says so when the year is in the school’s ciclo de alfabetização (ADR 0125), and not otherwise', async () => {
    stubScreen(true);
    stubServer(() => ({ ...dailyCard(), ciclo_sem_reprovacao: true }));
    renderAt(<ReportCardView alunoId={alunoId} />);
    expect(await screen.findByTestId('legenda-ciclo')).toHaveTextContent(
      'Ciclo de alfabetização: neste ano não há reprovação por nota.',
    );
    cleanup();
    stubServer(dailyCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    await screen.findByRole('table');
    expect(screen.queryByTestId('legenda-ciclo')).toBeNull();
  });

  it('leaves absences out of each subject’s card on a phone', async () => {
    stubScreen(false);
    stubServer(dailyCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const cards = await screen.findByRole('list', { name: /por disciplina/ });
    expect(within(cards).queryByText('Faltas')).toBeNull();
    expect(screen.getByText(/Frequência geral/)).toHaveTextContent('3 faltas em 86 dias letivos');
  });
});

/** A 7º ano with a recuperação and a decision of the conselho de classe with its (long) reason. */
function decidedCard(): ReportCard {
  const base = dailyCard();
  const motivo = 'Evolução consistente nas avaliações e participação; aprovado(a) conforme ata do conselho.';
  const [math, portuguese] = base.disciplinas;
  return {
    ...base,
    turma: { id: 't', nome: '7º Ano A', serie: '7º ano' },
    frequencia: { aulas_dadas: 270, faltas: 14, frequencia: 94.8, por_dia: false, minima: 75 },
    disciplinas: [
      {
        ...math!,
        faltas: 3,
        frequencia: 95.1,
        periodos: [
          {
            ...math!.periodos[0]!,
            media: 5.9,
            media_texto: '5,9',
            recuperacao: 7.7,
            recuperacao_texto: '7,7',
            antes_recuperacao_texto: '4,1',
            faltas: 3,
          },
          { ...math!.periodos[1]!, faltas: 0 },
        ],
      },
      {
        ...portuguese!,
        faltas: 0,
        frequencia: 100,
        situacao: 'aprovado',
        situacao_calculada: 'em_recuperacao',
        conselho: {
          id: 'c',
          aluno_id: alunoId,
          ano: 2026,
          disciplina: 'Português',
          resultado: 'aprovado',
          motivo,
          por: 'Secretaria',
          em: '2026-07-01T15:00:00.000Z',
        },
      },
    ],
  };
}

describe('ReportCardView: layout that fits the student modal and a phone', () => {
  it('keeps the Situação column narrow: the conselho reason goes below the table, the recuperação reads “rec.”', async () => {
    stubScreen(true);
    stubServer(decidedCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const table = await screen.findByRole('table');
    const portuguese = within(table).getByRole('row', { name: /Português/ });
    expect(portuguese).toHaveTextContent('Aprovado (Conselho de Classe)');
    expect(portuguese).toHaveTextContent('Pelas regras: Em recuperação.');
    expect(portuguese).not.toHaveTextContent('Evolução consistente');
    expect(screen.getByText(/decisão do Conselho de Classe: Evolução consistente/)).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Matemática/ })).toHaveTextContent('5,9rec. 7,7antes 4,1');
  });

  it('a recuperação that left the grade where it was shows no “antes” repeating the grade', async () => {
    stubScreen(true);
    stubServer(() => {
      const card = decidedCard();
      const math = card.disciplinas[0]!;
      math.periodos[0] = {
        ...math.periodos[0]!,
        media: 6,
        media_texto: '6,0',
        recuperacao: 5.4,
        recuperacao_texto: '5,4',
        antes_recuperacao_texto: '6,0',
      };
      return card;
    });
    renderAt(<ReportCardView alunoId={alunoId} />);
    const row = within(await screen.findByRole('table')).getByRole('row', { name: /Matemática/ });
    expect(row).toHaveTextContent('6,0rec. 5,4');
    expect(row).not.toHaveTextContent('antes');
  });

  it('shows each subject’s periods side by side on a phone, with short labels, and the average and absences on one line', async () => {
    stubScreen(false);
    stubServer(decidedCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const cards = await screen.findByRole('list', { name: /por disciplina/ });
    const math = within(cards).getAllByRole('listitem')[0]!;
    // The periods' grid, then the line with the annual average and the absences.
    const [periods, totals] = [...math.querySelectorAll('dl')];
    expect(periods).toHaveTextContent('1º bim.5,9rec. 7,7antes 4,1');
    expect(within(periods!).getByTitle('1º bimestre')).toBeInTheDocument();
    // The 2º bimestre is still open and blank: the average so far, not the year's.
    expect(totals).toHaveTextContent('Média parcial8,5Faltas3 (95,1 %)');
    expect(screen.getByText(/decisão do Conselho de Classe: Evolução consistente/)).toBeInTheDocument();
    // On a phone 'rec.' has no tooltip: a line says what it is.
    expect(screen.getByTestId('legenda-recuperacao')).toHaveTextContent(
      'rec.: nota da prova de recuperação do período',
    );
  });

  it('shows the recuperação final and the final average under the annual average, on a desktop and a phone', async () => {
    const withFinal = () => {
      const card = decidedCard();
      card.disciplinas[0] = {
        ...card.disciplinas[0]!,
        media_anual: 4,
        media_anual_texto: '4,0',
        recuperacao_final: 7,
        recuperacao_final_texto: '7,0',
        media_final: 7,
        media_final_texto: '7,0',
        situacao: 'aprovado',
      };
      return card;
    };
    stubScreen(true);
    stubServer(withFinal);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const row = within(await screen.findByRole('table')).getByRole('row', { name: /Matemática/ });
    expect(row).toHaveTextContent('4,0Rec. final 7,0Média final 7,0');
    cleanup();
    stubScreen(false);
    stubServer(withFinal);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const cards = await screen.findByRole('list', { name: /por disciplina/ });
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent(
      'Recuperação final7,0 (média final 7,0)',
    );
  });

  it('says nothing of recuperação when no period had one', async () => {
    stubScreen(false);
    stubServer(dailyCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    await screen.findByRole('list', { name: /por disciplina/ });
    expect(screen.queryByTestId('legenda-recuperacao')).toBeNull();
  });
});

describe("ReportCardView: the year's average or the average so far (ADR 0085)", () => {
  /** dailyCard with both bimestres graded and closed: the year's periods are all in. */
  function finishedCard(): ReportCard {
    const card = dailyCard();
    const done = (period: ReportCard['disciplinas'][number]['periodos'][number]) => ({
      ...period,
      fechado: true,
      media: period.media ?? 7,
      media_texto: period.media_texto ?? '7,0',
    });
    return {
      ...card,
      periodos: card.periodos.map((period) => ({ ...period, fechado: true })),
      disciplinas: card.disciplinas.map((subject) => ({ ...subject, periodos: subject.periodos.map(done) })),
    };
  }

  it("says 'Média parcial' while a period is open and blank, 'Média anual' once every period is graded and closed", async () => {
    stubScreen(true);
    stubServer(dailyCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Média parcial' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Média anual' })).toBeNull();
    cleanup();

    stubServer(finishedCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const finished = await screen.findByRole('table');
    expect(within(finished).getByRole('columnheader', { name: 'Média anual' })).toBeInTheDocument();
    expect(within(finished).queryByRole('columnheader', { name: 'Média parcial' })).toBeNull();
  });

  it('on a phone each subject says which: the one whose periods are all in reads the year’s', async () => {
    stubScreen(false);
    stubServer(() => {
      const card = finishedCard();
      // Português's 2º bimestre still without a grade.
      card.disciplinas[1]!.periodos[1] = {
        ...card.disciplinas[1]!.periodos[1]!,
        media: null,
        media_texto: null,
      };
      return card;
    });
    renderAt(<ReportCardView alunoId={alunoId} />);
    const cards = await screen.findByRole('list', { name: /por disciplina/ });
    const [math, portuguese] = within(cards).getAllByRole('listitem');
    expect(math).toHaveTextContent('Média anual8,5');
    expect(portuguese).toHaveTextContent('Média parcial7,0');
  });

  it('a closed year is the year’s average, unless the family sees only some of its periods', async () => {
    stubScreen(true);
    stubServer(() => ({ ...dailyCard(), ano_encerrado: true }));
    renderAt(<ReportCardView alunoId={alunoId} />);
    expect(await screen.findByRole('columnheader', { name: 'Média anual' })).toBeInTheDocument();
    cleanup();

    stubServer(() => {
      const card = dailyCard();
      return {
        ...card,
        ano_encerrado: true,
        somente_publicados: true,
        periodos: card.periodos.map((period) => ({ ...period, publicado: period.numero === 1 })),
      };
    });
    renderAt(<ReportCardView alunoId={alunoId} />);
    expect(await screen.findByRole('columnheader', { name: 'Média parcial' })).toBeInTheDocument();
  });
});

describe('ReportCardView: nothing to show yet', () => {
  const noYear = (): ReportCard => ({ ...cardOf(2026), ano_letivo_id: null });
  const periods = [1, 2, 3, 4].map((numero) => ({
    numero,
    nome: `${String(numero)}º bimestre`,
    publicado: false,
    fechado: false,
  }));

  it('no school year: the administrator is sent to open it in the Calendário; a family reads it is not open', async () => {
    stubScreen(true);
    stubServer(noYear, 'administrador');
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista');
    expect(await screen.findByText('O ano letivo 2026 não foi aberto')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Abrir o ano letivo 2026 no Calendário' })).toHaveAttribute(
      'href',
      '/dashboard/calendario?mes=2026-02',
    );
    expect(screen.queryByText(/Nenhuma nota publicada/)).toBeNull();
    cleanup();
    stubServer(noYear);
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista');
    expect(await screen.findByText('A escola ainda não abriu o ano letivo 2026.')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a class without a grade curricular: the administrator gets the link to it', async () => {
    stubScreen(true);
    stubServer(() => ({ ...cardOf(2026), periodos: periods }), 'administrador');
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista');
    expect(await screen.findByText('6º A ainda não tem grade curricular')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Abrir a grade curricular de 6º A' })).toHaveAttribute(
      'href',
      '/dashboard/turmas?grade=t',
    );
  });

  it('a student in no class that year: the administrator is sent to Turmas', async () => {
    stubScreen(true);
    stubServer(() => ({ ...cardOf(2026), turma: null, periodos: periods }), 'administrador');
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista');
    expect(await screen.findByText('Ana Souza não esteve em nenhuma turma em 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para Turmas' })).toHaveAttribute('href', '/dashboard/turmas');
  });

  it('a family before the first period is published reads when the grades come', async () => {
    stubScreen(false);
    stubServer(() => ({ ...dailyCard(), periodos: periods.slice(0, 2), somente_publicados: true }));
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista');
    expect(
      await screen.findByText(
        'Nenhum período publicado ainda: as notas do 1º bimestre aparecem aqui quando a escola publicá-lo.',
      ),
    ).toBeVisible();
  });
});

describe('ReportCardView: a year left for the next one', () => {
  // A new school on 02/12/2026 that opened 2027 and never 2026; a student not yet in a class.
  pinDate('2026-12-02T15:00:00Z');

  it('tells the staff when 2027 starts, as Frequência does, and never offers to open 2026', async () => {
    stubScreen(true);
    stubApi({
      [`/api/boletins/alunos/${alunoId}`]: reportCardAnswer({ turma: null, ano_letivo_id: null }),
      '/api/anos-letivos': [schoolYearAnswer({ ano: 2027 })],
      '/api/auth/me': signedInAs({ nivel: 'administrador' }),
    });
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista');
    expect(await screen.findByText('As aulas de 2027 começam em 02/02/2027')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver o ano letivo 2027 no Calendário' })).toHaveAttribute(
      'href',
      '/dashboard/calendario?mes=2027-02',
    );
    expect(screen.queryByText('O ano letivo 2026 não foi aberto')).toBeNull();
  });
});

describe('ReportCardView: a year in Educação Infantil', () => {
  /** Ana, now in the 1º ano, looking at 2025 when she was in the Pré II A (closed year, no grades). */
  const infantil = (ano: number): ReportCard => ({
    ...cardOf(ano),
    turma: { id: 't', nome: 'Pré II A', serie: 'Pré II' },
    educacao_infantil: true,
    situacao: ano < 2026 ? 'concluiu_ano' : 'cursando',
    somente_publicados: true,
    periodos: [1, 2, 3, 4].map((numero) => ({
      numero,
      nome: `${String(numero)}º bimestre`,
      publicado: false,
      fechado: ano < 2026,
    })),
    frequencia: { aulas_dadas: 0, faltas: 0, frequencia: null, por_dia: true, minima: 60 },
  });
  const parecer = (ano: number, id: number) => ({
    id: `00000000-0000-4000-8000-00000000010${String(id)}`,
    aluno_id: alunoId,
    aluno: { id: alunoId, nome: 'Ana Souza', matricula: 'M-1' },
    periodo_id: `00000000-0000-4000-8000-00000000020${String(id)}`,
    periodo: { id: `00000000-0000-4000-8000-00000000020${String(id)}`, nome: '1º bimestre', ano },
    turma_id: '00000000-0000-4000-8000-000000000300',
    turma: { id: '00000000-0000-4000-8000-000000000300', nome: 'Pré II A', serie: 'Pré II' },
    texto: `Parecer de ${String(ano)}: a Ana reconta histórias com detalhes.`,
    campos: {},
    status: 'publicado' as const,
    enviado_em: null,
    autor: null,
    revisor: null,
    revisado_em: null,
    publicado_em: `${String(ano)}-05-01T12:00:00.000Z`,
    updated_at: `${String(ano)}-05-01T12:00:00.000Z`,
    version: 1,
    fotos: [],
  });

  it('says plainly there are no grades that year and shows that year’s pareceres, with no ‘ainda’ promise', async () => {
    stubScreen(false);
    stubApi({
      [`/api/boletins/alunos/${alunoId}`]: infantil(2025),
      '/api/anos-letivos': [2025, 2026].map((ano) => schoolYearAnswer({ ano })),
      '/api/auth/me': signedInAs({ nome: 'Responsável', nivel: 'responsavel' }),
      '/api/pareceres': [parecer(2025, 1), parecer(2026, 2)],
    });
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista?ano=2025');
    expect(
      await screen.findByRole('heading', { name: 'Educação Infantil em 2025 — Pré II A' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Em 2025, Ana esteve na Educação Infantil (Pré II A) e concluiu o ano. Nessa etapa não há notas nem boletim',
    );
    expect(screen.getByRole('link', { name: 'Ver os pareceres descritivos de 2025' })).toHaveAttribute(
      'href',
      `#pareceres-${alunoId}`,
    );
    const pareceres = await screen.findByRole('region', { name: 'Pareceres descritivos de 2025' });
    expect(pareceres).toHaveTextContent('Parecer de 2025');
    expect(pareceres).not.toHaveTextContent('Parecer de 2026');
    // Nothing of a boletim that contradicts it.
    for (const text of [
      /Nenhum período publicado/,
      /ainda não cadastrou/,
      /Frequência geral/,
      /Situação final/,
    ])
      expect(screen.queryByText(text)).toBeNull();
    expect(screen.queryByRole('button', { name: /Baixar PDF/ })).toBeNull();
  });

  it('a past year of Educação Infantil without pareceres says none was published, promising nothing', async () => {
    stubScreen(true);
    stubApi({
      [`/api/boletins/alunos/${alunoId}`]: infantil(2025),
      '/api/anos-letivos': [2025, 2026].map((ano) => schoolYearAnswer({ ano })),
      '/api/auth/me': signedInAs({ nome: 'Responsável', nivel: 'responsavel' }),
      '/api/pareceres': [],
    });
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista?ano=2025');
    expect(await screen.findByText('Nenhum parecer de 2025 publicado')).toBeVisible();
    expect(screen.queryByText(/ainda/)).toBeNull();
  });
});

describe('ReportCardView: a finished year the family saw nothing of', () => {
  it('says no period was published, not that it will be', async () => {
    stubScreen(false);
    stubServer(() => ({
      ...dailyCard(),
      ano: 2025,
      ano_encerrado: true,
      somente_publicados: true,
      periodos: dailyCard().periodos.map((period) => ({ ...period, publicado: false, fechado: true })),
    }));
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista?ano=2025');
    expect(await screen.findByText(/A escola não publicou nenhum período de 2025\./)).toBeVisible();
    expect(screen.queryByText(/Nenhum período publicado ainda/)).toBeNull();
    // Not a table of dashes reading 'Cursando' for a year that is over.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Cursando')).toBeNull();
  });
});

describe('ReportCardView: the conselho de classe', () => {
  /** decidedCard with every period closed and the given attendance. */
  const closedCard = (frequencia: ReportCard['frequencia']): ReportCard => {
    const card = decidedCard();
    return {
      ...card,
      periodos: card.periodos.map((period) => ({ ...period, fechado: true })),
      frequencia,
    };
  };

  it('while a period of the year is open, says the decision waits for it and records nothing', async () => {
    stubScreen(true);
    stubServer(decidedCard, 'administrador');
    renderAt(<ReportCardView alunoId={alunoId} />);
    await userEvent.click(await screen.findByRole('button', { name: /Conselho de classe/ }));
    const dialog = screen.getByRole('dialog', { name: 'Conselho de classe' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'O conselho de classe registra o resultado final depois que todos os períodos de 2026 estão fechados: 2º bimestre ainda está aberto para 7º Ano A.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Registrar decisão' })).toBeNull();
  });

  it('offers ‘Reprovado por falta’ only below the stage’s minimum attendance', async () => {
    stubScreen(true);
    stubServer(
      () => closedCard({ aulas_dadas: 270, faltas: 3, frequencia: 98.9, por_dia: false, minima: 75 }),
      'administrador',
    );
    renderAt(<ReportCardView alunoId={alunoId} />);
    await userEvent.click(await screen.findByRole('button', { name: /Conselho de classe/ }));
    const decision = within(screen.getByRole('dialog', { name: 'Conselho de classe' })).getByLabelText(
      /Decisão/,
    );
    expect([...(decision as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Aprovado',
      'Reprovado por nota',
    ]);
    expect(decision).toHaveAccessibleDescription(
      'A frequência de Ana Souza é 98,9 %, e o mínimo da etapa é 75 %: não há reprovação por falta.',
    );
    cleanup();

    stubServer(
      () => closedCard({ aulas_dadas: 270, faltas: 90, frequencia: 66.7, por_dia: false, minima: 75 }),
      'administrador',
    );
    renderAt(<ReportCardView alunoId={alunoId} />);
    await userEvent.click(await screen.findByRole('button', { name: /Conselho de classe/ }));
    const below = within(screen.getByRole('dialog', { name: 'Conselho de classe' })).getByLabelText(
      /Decisão/,
    );
    expect([...(below as HTMLSelectElement).options].map((option) => option.text)).toContain(
      'Reprovado por falta',
    );
  });
});

describe('ReportCardView: a transferred student', () => {
  it('says the day of the transfer and gives “Transferido” as the situation, not “Cursando”', async () => {
    stubScreen(true);
    stubServer((ano) => ({ ...cardOf(ano), transferido_em: '2026-08-14' }));
    renderAt(<ReportCardView alunoId={alunoId} />);
    const boletim = await screen.findByRole('region', { name: 'Boletim 2026 — 6º A' });
    expect(boletim).toHaveTextContent('Transferido em 14/08/2026: as notas e a frequência vão até a saída.');
    expect(boletim).toHaveTextContent('Situação final: Transferido');
    expect(boletim).not.toHaveTextContent('Cursando');
  });
});

describe('ReportCardView: an itinerário the student left (ADR 0110)', () => {
  /** A 1ª série: Matemática (FGB), the current itinerário's Oficina, the Laboratório of the one left. */
  function changedCard(): ReportCard {
    const base = dailyCard();
    const [math] = base.disciplinas;
    const subject = (disciplina: string, itinerario: string, extra: object) => ({
      ...math!,
      disciplina,
      area: 'Linguagens' as const,
      itinerario,
      carga_horaria: 200,
      ...extra,
    });
    return {
      ...base,
      turma: { id: 't', nome: '1ª série A', serie: '1ª série' },
      ensino_medio: true,
      itinerario: { nome: 'Linguagens', tecnico: false },
      disciplinas: [
        { ...math!, area: 'Matemática' as const, carga_horaria: 200 },
        subject('Oficina de Escrita', 'Linguagens', {}),
        subject('Laboratório de Ciências', 'Ciências', {
          itinerario_trocado_em: '2026-04-01',
          carga_horaria: 2,
        }),
      ],
    };
  }

  it('groups its subjects after the current itinerário, until the change, with no result of their own', async () => {
    stubScreen(true);
    stubServer(changedCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const table = await screen.findByRole('table');
    const heading = within(table).getByText(/Itinerário anterior: Ciências/);
    expect(heading).toHaveTextContent('Itinerário anterior: Ciências (trocado em 01/04/2026) · 2 h');
    const lab = within(table).getByRole('row', { name: /Laboratório de Ciências/ });
    expect(within(lab).getByText('Itinerário anterior')).toBeInTheDocument();
    expect(within(lab).queryByText('Cursando')).toBeNull();
    const oficina = within(table).getByRole('row', { name: /Oficina de Escrita/ });
    expect(within(oficina).getByText('Cursando')).toBeInTheDocument();
    // The year's hours add up its lines: the hours had in the itinerário left are in them (ADR 0115).
    expect(screen.getByText(/Carga horária anual/)).toHaveTextContent(
      'Carga horária anual: formação geral básica 200 h · itinerário formativo 200 h · itinerário anterior 2 h · total 402 h',
    );
  });

  it('on a phone the card says it too', async () => {
    stubScreen(false);
    stubServer(changedCard);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const cards = await screen.findByRole('list', { name: /por disciplina/ });
    expect(
      within(cards).getByText(/Itinerário anterior: Ciências \(trocado em 01\/04\/2026\)/),
    ).toBeInTheDocument();
    const lab = within(cards).getByRole('heading', { name: 'Laboratório de Ciências' }).closest('li')!;
    expect(within(lab as HTMLElement).getByText('Itinerário anterior')).toBeInTheDocument();
  });
});

describe('ReportCardView: a subject of a class the student left (ADR 0136)', () => {
  /** The card with Espanhol, of the class left on 04/05: no result of its own. */
  const withLeft = (): ReportCard => {
    const base = dailyCard();
    const [first] = base.disciplinas;
    return {
      ...base,
      disciplinas: [
        ...base.disciplinas,
        { ...first!, disciplina: 'Espanhol', situacao: 'cursando', turma_deixada_em: '2026-05-04' },
      ],
    };
  };

  it('says “Turma anterior” instead of a result', async () => {
    stubScreen(true);
    stubServer(withLeft);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Espanhol/ });
    expect(within(row).getByText('Turma anterior')).toBeInTheDocument();
    expect(within(row).queryByText('Cursando')).toBeNull();
  });

  it('on a phone the card says it too', async () => {
    stubScreen(false);
    stubServer(withLeft);
    renderAt(<ReportCardView alunoId={alunoId} />);
    const cards = await screen.findByRole('list', { name: /por disciplina/ });
    const card = within(cards).getByRole('heading', { name: 'Espanhol' }).closest('li')!;
    expect(within(card as HTMLElement).getByText('Turma anterior')).toBeInTheDocument();
  });
});
