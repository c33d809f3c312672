// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RestorePlan } from '../../../shared/settings.schemas';
import { inTurn, renderAt, reply, stubApi, type StubRequest } from '../../test/render';
import { BackupTab } from './backup-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KEY = '0123456789abcdef'.repeat(4);
const FOREIGN =
  'Este backup foi cifrado por outra instalação e só pode ser lido com a chave de backup dela. Nada foi restaurado.';
const WRONG = 'A chave de backup informada não abre este arquivo. Nada foi restaurado.';
const refusal = (message: string) =>
  reply(400, { success: false, code: 'VALIDATION', message, details: [{ path: 'chave_backup', message }] });

const plan: RestorePlan = {
  backup: {
    formato: 'sistema-escolar-backup',
    versao_formato: 2,
    versao_app: '1.0.0',
    criado_em: '2026-12-01T10:00:00.000Z',
    tabelas: { students: 3 },
    total_registros: 3,
  },
  atual: { students: 0 },
  substituidas: ['students'],
  preservadas: [],
  origem: {
    situacao: 'outra_instalacao',
    confirmacao_necessaria: true,
    administradores: [{ nome: 'Marta Ribeiro', email: 'marta@escola.test', status: 'ativo', novo: true }],
  },
  auditoria_importada: 0,
};

describe('Configurações → Backup → Chave de backup (ADR 0104)', () => {
  it('explains the key, shows it in 16 groups of 4 only when asked, and copies it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = stubApi({
      '/api/configuracoes/backups': [],
      '/api/configuracoes/backup/chave': { chave: KEY, chave_id: 'abcd' },
    });
    renderAt(<BackupTab schoolName="Escola Girassol" />);

    const section = screen.getByRole('region', { name: 'Chave de backup' });
    expect(
      within(section).getByText(/só poderá ser restaurado em outro servidor com esta chave/),
    ).toBeTruthy();
    expect(within(section).getByText(/impressa, no cofre da escola/)).toBeTruthy();
    expect(api.requests.some((request) => request.path === '/api/configuracoes/backup/chave')).toBe(false);

    await userEvent.click(within(section).getByRole('button', { name: 'Mostrar chave de backup' }));
    const shown = await within(section).findByTestId('chave-backup');
    const groups = shown.textContent.split(' ');
    expect(groups).toHaveLength(16);
    expect(groups.every((group) => /^[0-9A-F]{4}$/.test(group))).toBe(true);
    expect(groups.join('').toLowerCase()).toBe(KEY);

    await userEvent.click(within(section).getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith(shown.textContent);
  });
});

describe('Restaurar Backup: a file another installation encrypted (ADR 0104)', () => {
  it('asks for the source installation’s key, shows a wrong one on the field, then goes to the confirmation', async () => {
    const sent: StubRequest[] = [];
    const answers = inTurn(refusal(FOREIGN), refusal(WRONG), plan);
    stubApi({
      '/api/configuracoes/backups': [],
      '/api/configuracoes/restore': (request) => (sent.push(request), answers(request)),
    });
    renderAt(<BackupTab schoolName="Escola Girassol" />);

    const file = new File(['{}'], 'backup-2026-12-01.json', { type: 'application/json' });
    await userEvent.upload(screen.getByTestId('restore-file'), file);
    await userEvent.type(screen.getByLabelText('Sua senha'), 'segredo-da-marta');
    await userEvent.click(screen.getByRole('button', { name: 'Analisar backup' }));

    const field = await screen.findByLabelText('Chave de backup da instalação de origem');
    expect(screen.queryByLabelText('Sua senha')).toBeNull();
    // A malformed key is stopped on the screen, with the shared schema's message.
    await userEvent.type(field, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Analisar backup' }));
    expect(await screen.findByText(/A chave de backup tem 64 caracteres/)).toBeTruthy();
    expect(sent).toHaveLength(1);

    await userEvent.clear(field);
    await userEvent.type(
      field,
      `${KEY.slice(0, 4).toUpperCase()} - ${KEY.slice(4).match(/.{4}/g)!.join(' ')}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Analisar backup' }));
    expect(await screen.findByText(WRONG)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Analisar backup' }));
    await screen.findByRole('dialog', { name: 'Confirmar restauração' });
    expect(screen.getByText(/Marta Ribeiro/)).toBeTruthy();
    expect(sent).toHaveLength(3);
    const form = sent[2]!.init!.body as FormData;
    expect(form.get('chave_backup')).toBe(KEY);
    expect(form.get('senha')).toBe('segredo-da-marta');
    expect(sent[2]!.url).toContain('dryRun=true');
    await waitFor(() =>
      expect(screen.queryByLabelText('Chave de backup da instalação de origem')).toBeNull(),
    );
  });
});
