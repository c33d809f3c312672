// @vitest-environment jsdom
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createGuardianInputSchema } from '../../shared/students.schemas';
import { ApiError } from '../lib/api-client';
import { applyMask } from '../lib/masks';
import { useSchemaForm } from '../lib/use-schema-form';
import { publicSettingsAnswer } from '../test/answers';
import { renderAt, reply, stubApi } from '../test/render';
import { Form, FormSelect } from './form-fields';
import { AddressField, GuardianFields } from './form-groups';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('masks', () => {
  it('formats CPF, CNPJ (numeric and alphanumeric), phones, CEP and reais', () => {
    expect(applyMask('cpf', '12345678909')).toBe('123.456.789-09');
    expect(applyMask('cnpj', '11222333000181')).toBe('11.222.333/0001-81');
    // From July 2026: letters in the first twelve characters, shown in capitals; the check digits stay digits.
    expect(applyMask('cnpj', '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(applyMask('cnpj', '12ABC34501DEXY')).toBe('12.ABC.345/01DE');
    expect(applyMask('phone', '1131234567')).toBe('(11) 3123-4567');
    expect(applyMask('phone', '11912345678')).toBe('(11) 91234-5678');
    // Pasted already formatted: all eleven digits stay.
    expect(applyMask('phone', '(11) 91234-5678')).toBe('(11) 91234-5678');
    expect(applyMask('phone', '(11) 3123-4567')).toBe('(11) 3123-4567');
    expect(applyMask('cpf', '123.456.789-09')).toBe('123.456.789-09');
    expect(applyMask('money', '1.234,56')).toBe('1.234,56');
    expect(applyMask('cep', '01001000')).toBe('01001-000');
    expect(applyMask('money', '1234,5')).toBe('1.234,5');
    expect(applyMask('money', '850')).toBe('850');
    expect(applyMask('money', 'R$ 1.234,567')).toBe('1.234,56');
    expect(applyMask('money', '0,5')).toBe('0,5');
    expect(applyMask('cpf', 'CPF: 123.456.789-09 (titular)')).toBe('123.456.789-09');
    expect(applyMask('cep', '0100')).toBe('0100');
  });
});

type Saver = (values: unknown) => Promise<void>;

function GuardianForm({ save, endereco = '' }: { save: Saver; endereco?: string }) {
  const form = useSchemaForm(createGuardianInputSchema, {
    nome: '',
    telefone: '',
    cpf: '',
    email: '',
    endereco,
    eh_principal: true,
  });
  return (
    <Form form={form} label="Responsável" onSubmit={form.submit(save)}>
      <GuardianFields cpfRequired />
      <button type="submit">Salvar</button>
    </Form>
  );
}

/** The public settings (CEP lookup on or off) for every request, and `cep` for a CEP lookup. */
function stubSettings(consultaCep: boolean, cep?: object) {
  const settings = publicSettingsAnswer({ consulta_cep: consultaCep, manutencao: false });
  return stubApi({}, (request) => (request.path.startsWith('/api/cep/') ? cep : settings));
}

describe('one form style', () => {
  it('masks as the user types and sends what the shared schema parses (digits, nulls)', async () => {
    stubSettings(false);
    const save = vi.fn<Saver>(() => Promise.resolve());
    renderAt(<GuardianForm save={save} />);
    await userEvent.type(screen.getByLabelText(/^Nome do responsável/), 'Rita Souza');
    await userEvent.selectOptions(screen.getByLabelText(/^Parentesco/), 'mae');
    await userEvent.type(screen.getByLabelText(/^Telefone do responsável/), '11987654321');
    expect(screen.getByLabelText(/^Telefone do responsável/)).toHaveValue('(11) 98765-4321');
    await userEvent.type(screen.getByLabelText(/^CPF do responsável/), '12345678909');
    expect(screen.getByLabelText(/^CPF do responsável/)).toHaveValue('123.456.789-09');
    // Pasting (or autofill) over what is there keeps every digit of the new number.
    const phone = screen.getByLabelText(/^Telefone do responsável/);
    await userEvent.tripleClick(phone);
    await userEvent.paste('(21) 3123-4567');
    expect(phone).toHaveValue('(21) 3123-4567');
    await userEvent.tripleClick(phone);
    await userEvent.paste('(11) 98765-4321');
    expect(phone).toHaveValue('(11) 98765-4321');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![0]).toMatchObject({
      nome: 'Rita Souza',
      parentesco: 'mae',
      telefone: '11987654321',
      cpf: '12345678909',
      email: null,
      endereco: null,
      eh_principal: true,
    });
  });

  it("shows the schema's messages under the fields before asking the server", async () => {
    stubSettings(false);
    const save = vi.fn<Saver>(() => Promise.resolve());
    renderAt(<GuardianForm save={save} />);
    await userEvent.type(screen.getByLabelText(/^CPF do responsável/), '12345678900');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome do responsável é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Parentesco é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText(/^CPF do responsável/)).toHaveAccessibleDescription('CPF inválido');
    expect(save).not.toHaveBeenCalled();
  });

  it("puts the server's field errors under their fields and other failures in the banner", async () => {
    stubSettings(false);
    const save = vi
      .fn<Saver>()
      .mockRejectedValueOnce(
        new ApiError(409, 'CONFLICT', 'Dados inválidos', [{ path: 'cpf', message: 'CPF já cadastrado' }]),
      )
      .mockRejectedValueOnce(new ApiError(412, 'PRECONDITION_FAILED', 'Outra pessoa salvou antes.'));
    renderAt(<GuardianForm save={save} />);
    await userEvent.type(screen.getByLabelText(/^Nome do responsável/), 'Rita');
    await userEvent.selectOptions(screen.getByLabelText(/^Parentesco/), 'mae');
    await userEvent.type(screen.getByLabelText(/^Telefone do responsável/), '1132345678');
    await userEvent.type(screen.getByLabelText(/^CPF do responsável/), '12345678909');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^CPF do responsável/)).toHaveAccessibleDescription('CPF já cadastrado'),
    );
    expect(screen.queryByText('Dados inválidos')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Outra pessoa salvou antes.')).toBeInTheDocument();
  });
});

/** A form with the one-line address field (users, the school). */
function OneLineAddressForm() {
  const form = useSchemaForm(z.object({ endereco: z.string() }), { endereco: '' });
  return (
    <Form form={form} label="Cadastro" onSubmit={form.submit(() => Promise.resolve())}>
      <AddressField name="endereco" label="Endereço" />
    </Form>
  );
}

const SE_FOUND = { cep: '01001-000', logradouro: 'Praça da Sé', bairro: 'Sé', cidade: 'São Paulo', uf: 'SP' };

describe('one-line address by CEP', () => {
  it('has no CEP box while the school has not turned the lookup on', async () => {
    const fetchMock = stubSettings(false);
    renderAt(<OneLineAddressForm />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByLabelText('CEP')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Endereço')).toBeInTheDocument();
  });

  it('fills the address from the CEP when on, and never overwrites what was typed', async () => {
    const fetchMock = stubSettings(true, SE_FOUND);
    renderAt(<OneLineAddressForm />);
    const cep = await screen.findByLabelText('CEP');
    await userEvent.type(cep, '01001000');
    expect(cep).toHaveValue('01001-000');
    await waitFor(() =>
      expect(screen.getByLabelText('Endereço')).toHaveValue('Praça da Sé, Sé, São Paulo - SP, CEP 01001-000'),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/cep/01001000', expect.anything());

    const address = screen.getByLabelText('Endereço');
    await userEvent.clear(address);
    await userEvent.type(address, 'Rua das Flores, 10');
    await userEvent.clear(cep);
    await userEvent.type(cep, '01001000');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(address).toHaveValue('Rua das Flores, 10');
  });

  it('says the lookup failed, not that the CEP does not exist, when the CEP service does not answer', async () => {
    stubSettings(true, reply(503, { success: false, code: 'UNAVAILABLE', message: 'Fora do ar.' }));
    renderAt(<OneLineAddressForm />);
    const cep = await screen.findByLabelText('CEP');
    await userEvent.type(cep, '01001000');
    await waitFor(() =>
      expect(cep).toHaveAccessibleDescription('A consulta de CEP não respondeu agora: digite o endereço.'),
    );
  });
});

describe("a guardian's address in parts", () => {
  async function fillGuardian() {
    await userEvent.type(screen.getByLabelText(/^Nome do responsável/), 'Rita Souza');
    await userEvent.selectOptions(screen.getByLabelText(/^Parentesco/), 'mae');
    await userEvent.type(screen.getByLabelText(/^Telefone do responsável/), '11987654321');
    await userEvent.type(screen.getByLabelText(/^CPF do responsável/), '12345678909');
  }

  it('is typed by hand when the lookup is off, and sent as the schema parses it', async () => {
    const fetchMock = stubSettings(false);
    const save = vi.fn<Saver>(() => Promise.resolve());
    renderAt(<GuardianForm save={save} />);
    await fillGuardian();
    expect(screen.getByRole('group', { name: 'Endereço do responsável' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('CEP'), '20040020');
    await userEvent.type(screen.getByLabelText('Rua (logradouro)'), 'Avenida Rio Branco');
    await userEvent.type(screen.getByLabelText('Número'), 's/n');
    await userEvent.type(screen.getByLabelText('Bairro'), 'Centro');
    await userEvent.type(screen.getByLabelText('Cidade'), 'Rio de Janeiro');
    await userEvent.selectOptions(screen.getByLabelText('UF'), 'RJ');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![0]).toMatchObject({
      cep: '20040020',
      logradouro: 'Avenida Rio Branco',
      numero: 'S/N',
      complemento: null,
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
    });
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/cep/'))).toBe(false);
  });

  it('fills rua, bairro, cidade and UF from the CEP, moves on to the número, and keeps what was typed', async () => {
    const fetchMock = stubSettings(true, SE_FOUND);
    renderAt(<GuardianForm save={() => Promise.resolve()} />);
    const cep = await screen.findByLabelText('CEP');
    await userEvent.type(cep, '01001000');
    await waitFor(() => expect(screen.getByLabelText('Rua (logradouro)')).toHaveValue('Praça da Sé'));
    expect(screen.getByLabelText('Bairro')).toHaveValue('Sé');
    expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo');
    expect(screen.getByLabelText('UF')).toHaveValue('SP');
    expect(screen.getByLabelText('Número')).toHaveFocus();
    expect(cep).toHaveAccessibleDescription(/Endereço encontrado: Praça da Sé, Sé, São Paulo\/SP/);

    const rua = screen.getByLabelText('Rua (logradouro)');
    await userEvent.clear(rua);
    await userEvent.type(rua, 'Rua Digitada');
    await userEvent.clear(cep);
    await userEvent.type(cep, '01001000');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(cep).toHaveAccessibleDescription(/foi mantido/));
    expect(rua).toHaveValue('Rua Digitada');
  });

  it('says in one sentence whether the CEP does not exist or the lookup failed, and the form stays open to typing', async () => {
    const unknown = reply(404, { success: false, code: 'NOT_FOUND', message: 'CEP não encontrado.' });
    const failed = reply(503, {
      success: false,
      code: 'UNAVAILABLE',
      message: 'O serviço de consulta de CEP não respondeu. Tente de novo em alguns minutos.',
    });
    const settings = publicSettingsAnswer({ consulta_cep: true, manutencao: false });
    stubApi({}, (request) =>
      request.path === '/api/cep/99999999'
        ? unknown
        : request.path.startsWith('/api/cep/')
          ? failed
          : settings,
    );
    renderAt(<GuardianForm save={() => Promise.resolve()} />);
    const cep = await screen.findByLabelText('CEP');
    await userEvent.type(cep, '99999999');
    await waitFor(() =>
      expect(cep).toHaveAccessibleDescription(
        'CEP não encontrado: confira o número ou preencha os campos abaixo.',
      ),
    );
    await userEvent.clear(cep);
    await userEvent.type(cep, '01001000');
    // It said 'Não foi possível consultar o CEP agora. Preencha o endereço. Preencha os campos abaixo.'
    await waitFor(() =>
      expect(cep).toHaveAccessibleDescription(
        'A consulta de CEP não respondeu agora: preencha os campos abaixo.',
      ),
    );
    await userEvent.type(screen.getByLabelText('Rua (logradouro)'), 'Praça da Sé');
    expect(screen.getByLabelText('Rua (logradouro)')).toHaveValue('Praça da Sé');
  });

  it('asks for the missing parts of half an address before saving', async () => {
    stubSettings(false);
    const save = vi.fn<Saver>(() => Promise.resolve());
    renderAt(<GuardianForm save={save} />);
    await fillGuardian();
    await userEvent.type(screen.getByLabelText('CEP'), '01001000');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o número ou s/n')).toBeInTheDocument();
    expect(screen.getByLabelText('Bairro')).toHaveAccessibleDescription('Informe o bairro');
    expect(screen.getByLabelText('UF')).toHaveAccessibleDescription('Informe a UF');
    expect(save).not.toHaveBeenCalled();
  });

  it('shows an older one-line address until the parts are typed', async () => {
    stubSettings(false);
    renderAt(<GuardianForm save={() => Promise.resolve()} endereco="Rua Antiga, 5, Campinas" />);
    expect(screen.getByText('Rua Antiga, 5, Campinas')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('CEP'), '1');
    expect(screen.queryByText('Rua Antiga, 5, Campinas')).not.toBeInTheDocument();
  });
});

const teacherSchema = z.object({ professor_id: z.string().nullable() });

/** A select whose options come from a query that answers after the form was built (the teachers). */
function LateOptionsForm({ save }: { save: Saver }) {
  const form = useSchemaForm(teacherSchema, { professor_id: 'prof-2' });
  const [teachers, setTeachers] = useState<Record<string, string>>({});
  useEffect(() => {
    const timer = setTimeout(() => setTeachers({ 'prof-1': 'Ana Lima', 'prof-2': 'Bruno Costa' }), 20);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Form form={form} label="Professor" onSubmit={form.submit(save)}>
      <FormSelect
        name="professor_id"
        label="Professor"
        empty="Sem professor"
        emptyAsNull
        options={teachers}
      />
      <button type="submit">Salvar</button>
    </Form>
  );
}

describe('FormSelect', () => {
  it('shows the saved value once its option arrives, and still lets the user change it', async () => {
    const save = vi.fn<Saver>(() => Promise.resolve());
    renderAt(<LateOptionsForm save={save} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Professor' });
    await screen.findByRole('option', { name: 'Bruno Costa' });
    await waitFor(() => expect(select.value).toBe('prof-2'));
    expect(screen.getByRole('option', { name: 'Bruno Costa', selected: true })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'Sem professor');
    expect(select.value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ professor_id: null }));
  });
});
