// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AcademicSettings, defaultAcademicSettings } from '../../../shared/academic-settings.schemas';
import { renderAt, reply, stubApi } from '../../test/render';
import { AcademicTab } from './academic-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The school's saved rules: the defaults (0 a 10, média 6, 75 % de frequência), at version 3. */
const saved: AcademicSettings = {
  ...defaultAcademicSettings,
  version: 3,
  updated_at: '2026-03-01T12:00:00.000Z',
};

/** The settings routes over the network (the server's own tests cover the rules): GET answers `saved`. */
function stubServer(answer: (body: unknown) => { status: number; body: unknown }) {
  const puts: unknown[] = [];
  stubApi(
    {
      '/api/configuracoes/academico': ({ method, body }) => {
        if (method !== 'PUT') return saved;
        puts.push(body);
        const answered = answer(body);
        return reply(answered.status, answered.body);
      },
      // The tab's other sections, empty: the school's subjects and the students' accounts.
      '/api/disciplinas': [],
      '/api/contas-aluno/configuracao': { serie_minima: '6º ano' },
    },
    null,
  );
  return puts;
}

describe('Configurações → Acadêmico', () => {
  it('shows the saved rules and sends decimals typed with a comma, the weights and the version', async () => {
    const puts = stubServer((body) => ({
      status: 200,
      body: { success: true, data: { ...saved, ...(body as object), version: 4 }, message: 'Salvo' },
    }));
    renderAt(<AcademicTab />);
    const average = await screen.findByLabelText(/Média para aprovação/);
    // Written as the boletim writes it, with its decimal.
    expect(average).toHaveProperty('value', '6,0');
    expect(screen.queryByLabelText('Peso de cada período')).toBeNull();
    expect(screen.queryByText('Valor de cada conceito (0 a 10)')).toBeNull();

    await userEvent.clear(average);
    await userEvent.type(average, '6,5');
    await userEvent.selectOptions(screen.getByLabelText('Média anual'), 'pesos');
    await userEvent.type(screen.getByLabelText('Peso de cada período'), '2; 3; 2; 3');
    await userEvent.selectOptions(screen.getByLabelText('Recuperação do período'), 'media');
    // The failing by absence is the law's (LDB art. 24, VI): said on the form, never a box to untick.
    expect(screen.getByText(/A lei não permite desligá-la/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar regras acadêmicas' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      escala: '0-10',
      conceitos: { A: 9, B: 7, C: 6, D: 4, E: 0 },
      recuperacao: 'media',
      media_anual: 'pesos',
      pesos_periodos: [2, 3, 2, 3],
      media_aprovacao: 6.5,
      // The recuperação final as saved (ADR 0097): the defaults, the needed average blank.
      recuperacao_final: 'substitui_se_maior',
      media_recuperacao_final: null,
      frequencia_minima: true,
      version: 3,
    });
  });

  it('refuses in place what the shared schema refuses, before any request', async () => {
    const puts = stubServer(() => ({ status: 200, body: { success: true, data: saved } }));
    renderAt(<AcademicTab />);
    await userEvent.selectOptions(await screen.findByLabelText('Escala de notas'), 'conceitos');
    // The concepts appear with their values; B must be worth more than C.
    const b = screen.getByLabelText('B');
    await userEvent.clear(b);
    await userEvent.type(b, '5');
    await userEvent.selectOptions(screen.getByLabelText('Média anual'), 'pesos');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar regras acadêmicas' }));
    expect(await screen.findByText('B deve valer mais que C')).toBeTruthy();
    expect(screen.getByText('Informe o peso de cada período')).toBeTruthy();
    expect(puts).toHaveLength(0);
  });

  it('shows on the weights field that there must be one weight per period of the year', async () => {
    const message = 'Informe um peso para cada um dos 4 bimestres de 2026: foram informados 2.';
    stubServer(() => ({
      status: 400,
      body: { success: false, code: 'VALIDATION', message, details: [{ path: 'pesos_periodos', message }] },
    }));
    renderAt(<AcademicTab />);
    await userEvent.selectOptions(await screen.findByLabelText('Média anual'), 'pesos');
    await userEvent.type(screen.getByLabelText('Peso de cada período'), '2; 3');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar regras acadêmicas' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Peso de cada período')).toHaveAccessibleDescription(message),
    );
  });

  it('shows the server’s refusal (a scale change after grades were given)', async () => {
    stubServer(() => ({
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        message: 'Já há notas lançadas: a escala não pode mudar neste ano.',
      },
    }));
    renderAt(<AcademicTab />);
    await userEvent.selectOptions(await screen.findByLabelText('Escala de notas'), '0-100');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar regras acadêmicas' }));
    expect(await screen.findByText('Já há notas lançadas: a escala não pode mudar neste ano.')).toBeTruthy();
  });

  it('sends the recuperação final of the school and of a stage (ADR 0097)', async () => {
    const user = userEvent.setup();
    const puts = stubServer((body) => ({
      status: 200,
      body: { success: true, data: { ...saved, ...(body as object) } },
    }));
    renderAt(<AcademicTab />);
    await user.selectOptions(
      await screen.findByLabelText('Recuperação final (depois do último período)'),
      'media',
    );
    await user.type(screen.getByLabelText('Média exigida depois da recuperação final'), '5,0');
    await user.click(screen.getByRole('button', { name: 'Salvar regras acadêmicas' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ recuperacao_final: 'media', media_recuperacao_final: 5 });

    const stage = screen.getByRole('group', { name: /Fundamental II/ });
    await user.selectOptions(
      within(stage).getByLabelText('Recuperação final da etapa'),
      'substitui_se_maior',
    );
    await user.type(within(stage).getByLabelText('Média da etapa depois da recuperação final'), '5');
    await user.click(screen.getByRole('button', { name: 'Salvar regras por etapa' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({
      etapas: {
        fundamental_2: { recuperacao_final: 'substitui_se_maior', media_recuperacao_final: 5 },
        fundamental_1: { recuperacao_final: null, media_recuperacao_final: null },
      },
    });
  });

  it('sends the ciclo de alfabetização of Fundamental I, which no other stage offers (ADR 0125)', async () => {
    const user = userEvent.setup();
    const puts = stubServer((body) => ({
      status: 200,
      body: { success: true, data: { ...saved, ...(body as object) } },
    }));
    renderAt(<AcademicTab />);
    const label = 'Ciclo de alfabetização: sem reprovação por nota';
    const stage = await screen.findByRole('group', { name: /Fundamental I \(/ });
    await user.selectOptions(within(stage).getByLabelText(label), 'Até o 2º ano');
    expect(screen.getAllByLabelText(label)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Salvar regras por etapa' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ etapas: { fundamental_1: { ciclo_sem_reprovacao_ate: 2 } } });
    expect((puts[0] as { etapas: Record<string, object> }).etapas.fundamental_2).not.toHaveProperty(
      'ciclo_sem_reprovacao_ate',
    );
  });
});
