// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CensoTarefa } from '../../../shared/censo-tarefas.schemas';
import type { ImportacaoIdsResultado, PendenciasResponse } from '../../../shared/censo.schemas';
import { renderAt, reply, signedInAs, stubApi } from '../../test/render';
import { CensoPainelPage } from './painel-page';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:censo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PENDENCIAS = '/api/censo/2026/pendencias';
const contagens = {
  alunos: 3,
  turmas: 1,
  docentes: 2,
  profissionais: 3,
  por_etapa: [{ etapa: '18', rotulo: 'Ensino Fundamental de 9 anos – 5º ano', alunos: 3 }],
  por_turno: [{ turno: 'manha', rotulo: 'Manhã', alunos: 3 }],
  por_turma: [{ turma_id: 't1', nome: '5º Ano A', etapa: '18', alunos: 3 }],
};
const comPendencias: PendenciasResponse = {
  ano: 2026,
  etapa: 'matricula-inicial',
  data_referencia: '2026-05-27',
  leiaute: 2024,
  contagens,
  pendencias: [
    {
      registro: '00',
      entidade: 'escola',
      entidade_id: null,
      nome: 'Escola',
      campo: 'Código INEP da escola',
      mensagem: 'Campo obrigatório',
      link: '/dashboard/configuracoes?aba=censo',
    },
    {
      registro: '30',
      entidade: 'aluno',
      entidade_id: 'a1',
      nome: 'Ana Conceição',
      campo: 'Cor/raça',
      mensagem: 'Campo obrigatório',
      link: '/dashboard/alunos?censo=a1',
    },
  ],
};
const semPendencias: PendenciasResponse = { ...comPendencias, leiaute: 2026, pendencias: [] };
/**
 * The census task routes: nothing until a POST starts the task, which the stub answers already done
 * (the list then holds it); the file is downloaded from its `arquivo.url`.
 */
function tarefas(etapa: 'matricula-inicial' | 'situacao-do-aluno', pendencias: number) {
  const rotulo = etapa === 'matricula-inicial' ? 'Matrícula Inicial' : 'Situação do Aluno';
  const tarefa: CensoTarefa = {
    id: 't1',
    ano: 2026,
    etapa,
    status: 'concluida',
    feitos: 9,
    total: 9,
    mensagem:
      pendencias > 0
        ? `O arquivo de ${rotulo} tem ${String(pendencias)} pendências: corrija antes de enviar ao INEP.`
        : `Arquivo de ${rotulo} pronto, sem pendências.`,
    pendencias_total: pendencias,
    pendencias: null,
    arquivo: { nome: 'censo.txt', bytes: 10, url: '/api/censo/2026/tarefas/t1/arquivo' },
    erro: null,
    iniciado_por_nome: 'Ana',
    criado_em: new Date().toISOString(),
    concluido_em: new Date().toISOString(),
    url: '/api/censo/2026/tarefas/t1',
  };
  let iniciada = false;
  return {
    '/api/censo/2026/tarefas': (request: { method: string }) => {
      if (request.method === 'POST') iniciada = true;
      return request.method === 'POST' ? tarefa : iniciada ? [tarefa] : [];
    },
    '/api/censo/2026/tarefas/t1/arquivo': 'conteúdo',
  };
}

const secretaria = signedInAs({ permissoes: ['censo.manage', 'reports.secretaria', 'students.read'] });

describe('Relatórios → Censo Escolar', () => {
  it('lists the pendências by record with links, and the Secretaria cannot download with them', async () => {
    stubApi({ '/api/auth/me': secretaria, [PENDENCIAS]: comPendencias });
    renderAt(<CensoPainelPage />, '/lista?ano=2026');
    const registro = await screen.findByRole('region', { name: /Registro 30/ });
    const link = within(registro).getByRole('link', { name: 'Corrigir Cor/raça de Ana Conceição' });
    expect(link.getAttribute('href')).toBe('/dashboard/alunos?censo=a1');
    expect(screen.getByRole('region', { name: /Registro 00/ }).textContent).toContain(
      'Código INEP da escola',
    );
    expect(screen.getByText('27/05/2026')).toBeTruthy();
    expect(screen.getByText(/O leiaute de 2026 ainda não está no sistema: usamos o de 2024/)).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Montar e baixar o arquivo' }).disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Baixar mesmo assim' })).toBeNull();
    expect(screen.getByRole('row', { name: /5º Ano A/ }).textContent).toContain('3');
  });

  it("gives the Direção 'baixar mesmo assim' behind a confirmation that says it is audited", async () => {
    const fetchMock = stubApi({
      '/api/auth/me': signedInAs(),
      [PENDENCIAS]: comPendencias,
      ...tarefas('matricula-inicial', 2),
    });
    renderAt(<CensoPainelPage />, '/lista?ano=2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar mesmo assim' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/2 pendências.*registrado na auditoria/);
    expect(fetchMock.requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Baixar mesmo assim' }));
    // The file is built in the background (a task), then downloaded from it, forced.
    await waitFor(() =>
      expect(fetchMock.requests.map((request) => request.url)).toContain(
        '/api/censo/2026/tarefas/t1/arquivo?forcar=true',
      ),
    );
    expect(screen.getByRole('progressbar', { name: 'Progresso do arquivo do Censo' })).toBeTruthy();
  });

  it('downloads when the list is empty, per stage', async () => {
    const fetchMock = stubApi({
      '/api/auth/me': secretaria,
      [PENDENCIAS]: (request) =>
        request.url.endsWith('situacao-do-aluno')
          ? { ...semPendencias, etapa: 'situacao-do-aluno' }
          : semPendencias,
      ...tarefas('situacao-do-aluno', 0),
    });
    renderAt(<CensoPainelPage />, '/lista?ano=2026&etapa=situacao-do-aluno');
    expect(await screen.findByText(/Nenhuma pendência/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Montar e baixar o arquivo' }));
    await waitFor(() =>
      expect(fetchMock.requests.map((request) => request.url)).toContain(
        '/api/censo/2026/tarefas/t1/arquivo',
      ),
    );
    const started = fetchMock.requests.find((request) => request.method === 'POST');
    expect(started?.body).toEqual({ etapa: 'situacao-do-aluno' });
    expect(await screen.findByText('Arquivo de Situação do Aluno pronto, sem pendências.')).toBeTruthy();
  });

  it('says when the check could not run', async () => {
    stubApi({ '/api/auth/me': secretaria }, reply(500, { success: false, message: 'Erro interno' }));
    renderAt(<CensoPainelPage />, '/lista?ano=2026');
    expect(await screen.findByText(/Não foi possível conferir os dados do Censo/)).toBeTruthy();
  });

  it('imports the INEP IDs and shows what matched, what did not and the duplicates', async () => {
    const resultado: ImportacaoIdsResultado = {
      escola: { codigo_inep: '35012345', confere: true },
      vinculados: { alunos: 2, profissionais: 1, turmas: 1, matriculas: 2 },
      inalterados: 0,
      nao_encontrados: [{ registro: '30', codigo: 'ABC', nome: 'Pedro' }],
      divergentes: [
        {
          registro: '30',
          entidade_id: 'a1',
          nome: 'Ana',
          inep_atual: '111111111111',
          inep_arquivo: '222222222222',
        },
      ],
      duplicados: [{ inep_id: '333333333333', nomes: ['Bia', 'Beatriz'] }],
    };
    const fetchMock = stubApi({
      '/api/auth/me': secretaria,
      [PENDENCIAS]: semPendencias,
      '/api/censo/2026/importar-ids': resultado,
    });
    renderAt(<CensoPainelPage />, '/lista?ano=2026');
    const section = await screen.findByRole('region', { name: 'Importar IDs do INEP' });
    const file = new File(['00|35012345|'], 'retorno.txt', { type: 'text/plain' });
    fireEvent.change(within(section).getByLabelText(/Arquivo do Educacenso/), { target: { files: [file] } });
    fireEvent.click(within(section).getByRole('button', { name: 'Importar' }));
    const status = await within(section).findByRole('status');
    expect(status.textContent).toMatch(/2 alunos, 1 profissional, 1 turma e 2 matrículas/);
    expect(status.textContent).toContain('Registro 30: código ABC (Pedro)');
    expect(status.textContent).toContain('Ana: no sistema 111111111111, no arquivo 222222222222');
    expect(status.textContent).toContain('ID 333333333333: Bia, Beatriz');
    const post = fetchMock.requests.find((request) => request.method === 'POST')!;
    expect(post.init?.body).toBeInstanceOf(FormData);
  });
});
