// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { differentiatorItemSchema, footerLinkSchema, sobreSchema } from '../../../shared/content.schemas';
import { AppToaster } from '../../app/providers';
import { ApiError } from '../../lib/api-client';
import { ItemListEditor, StringListEditor, type ItemField } from './list-editors';

afterEach(cleanup);

/** A field's label, with or without the required mark. */
const labelled = (name: string) => new RegExp(`^${name}( \\*)?$`);

const featureFields: ItemField[] = [
  { key: 'titulo', label: 'Título', kind: 'text', required: true },
  { key: 'descricao', label: 'Descrição', kind: 'textarea', required: true },
  { key: 'icone', label: 'Ícone', kind: 'icon' },
];

function renderFeatures(onSave: (items: Record<string, unknown>[]) => Promise<unknown>, max?: number) {
  const items = [
    { titulo: 'Ensino integral', descricao: 'Das 7h às 17h', icone: 'BookOpen', extra: 'mantido' },
  ];
  render(
    <>
      <ItemListEditor
        label="Diferenciais"
        itemLabel="Diferencial"
        items={items}
        fields={featureFields}
        schema={differentiatorItemSchema}
        newItem={() => ({ titulo: '', descricao: '', icone: 'Star' })}
        summary={(item) => String(item.titulo)}
        {...(max === undefined ? {} : { max, maxMessage: 'Máximo de 1 diferencial' })}
        onSave={onSave}
      />
      <AppToaster />
    </>,
  );
  return items;
}

describe('ItemListEditor', () => {
  it("shows the shared schema's messages under the empty fields and saves nothing", async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderFeatures(onSave);
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar diferencial' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar diferencial' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Título é obrigatório')).toBeVisible();
    expect(within(dialog).getByText('Descrição é obrigatória')).toBeVisible();
    expect(within(dialog).getByLabelText(labelled('Título'))).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('adds the typed item (trimmed, as the server stores it) at the end and closes the form', async () => {
    const onSave = vi.fn<(items: Record<string, unknown>[]) => Promise<unknown>>(() => Promise.resolve());
    const items = renderFeatures(onSave);
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar diferencial' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar diferencial' });
    await userEvent.type(within(dialog).getByLabelText(labelled('Título')), '  Robótica ');
    await userEvent.type(within(dialog).getByLabelText(labelled('Descrição')), 'Aulas no contraturno');
    await userEvent.selectOptions(within(dialog).getByLabelText(labelled('Ícone')), 'Award');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSave).toHaveBeenCalledWith([
      ...items,
      { titulo: 'Robótica', descricao: 'Aulas no contraturno', icone: 'Award' },
    ]);
  });

  it("edits in place, keeps the item's other keys, and puts the server's field error under its field", async () => {
    const onSave = vi.fn<(items: Record<string, unknown>[]) => Promise<unknown>>(() =>
      Promise.reject(
        new ApiError(400, 'VALIDATION', 'Dados inválidos', [
          { path: 'diferenciais.0.descricao', message: 'Máximo de 600 caracteres.' },
        ]),
      ),
    );
    renderFeatures(onSave);
    await userEvent.click(screen.getByRole('button', { name: 'Editar diferencial Ensino integral' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar diferencial' });
    expect(within(dialog).getByLabelText(labelled('Título'))).toHaveValue('Ensino integral');
    await userEvent.clear(within(dialog).getByLabelText(labelled('Título')));
    await userEvent.type(within(dialog).getByLabelText(labelled('Título')), 'Tempo integral');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Máximo de 600 caracteres.')).toBeVisible();
    expect(within(dialog).getByLabelText(labelled('Descrição'))).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).toHaveBeenCalledWith([
      { titulo: 'Tempo integral', descricao: 'Das 7h às 17h', icone: 'BookOpen', extra: 'mantido' },
    ]);
    expect(screen.getByRole('dialog', { name: 'Editar diferencial' })).toBeVisible();
  });

  it('refuses to open a new item past the maximum, saying why', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderFeatures(onSave, 1);
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar diferencial' }));
    expect(await screen.findByText('Máximo de 1 diferencial')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("checks a link with the shared schema's rule before sending it", async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(
      <ItemListEditor
        label="Links Rápidos"
        itemLabel="Link"
        items={[]}
        fields={[
          { key: 'nome', label: 'Nome', kind: 'text', required: true },
          { key: 'href', label: 'URL', kind: 'text', required: true },
        ]}
        schema={footerLinkSchema}
        newItem={() => ({ nome: '', href: '' })}
        summary={(item) => String(item.nome)}
        onSave={onSave}
      />,
    );
    expect(
      screen.getByText('Nenhum item. A seção não aparece no site enquanto estiver vazia.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar link' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar link' });
    await userEvent.type(within(dialog).getByLabelText(labelled('Nome')), 'Matrículas');
    await userEvent.type(within(dialog).getByLabelText(labelled('URL')), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Use um link http(s)://, mailto:, tel:, /caminho ou #âncora.'),
    ).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('StringListEditor', () => {
  function renderValues(onSave: (items: string[]) => Promise<unknown>) {
    render(
      <StringListEditor
        label="Nossos Valores"
        itemLabel="Valor"
        items={['Respeito']}
        schema={sobreSchema.shape.valores.element}
        onSave={onSave}
      />,
    );
    return screen.getByRole('textbox', { name: 'Novo valor' });
  }

  it('asks for the text when it is blank', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const input = renderValues(onSave);
    await userEvent.type(input, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe o valor.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('adds the trimmed text with Enter and empties the box', async () => {
    const onSave = vi.fn<(items: string[]) => Promise<unknown>>(() => Promise.resolve());
    const input = renderValues(onSave);
    await userEvent.type(input, ' Ética {Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    expect(onSave).toHaveBeenCalledWith(['Respeito', 'Ética']);
  });

  it('keeps the text when the save fails', async () => {
    const onSave = vi.fn(() => Promise.reject(new ApiError(400, 'VALIDATION', 'Máximo de 12 valores.')));
    const input = renderValues(onSave);
    await userEvent.type(input, 'Ética');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(input).toHaveValue('Ética');
  });
});

describe('StringListEditor of a feminine noun (the séries of Matrícula)', () => {
  it("says 'Nova série' and 'Informe a série.'", async () => {
    render(
      <StringListEditor
        label="Séries"
        itemLabel="Série"
        feminine
        items={[]}
        schema={z.string()}
        onSave={() => Promise.resolve()}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Nova série' });
    expect(input).toHaveAttribute('placeholder', 'Nova série');
    await userEvent.type(input, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe a série.');
  });
});
