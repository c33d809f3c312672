/** The section editor's field builders: each a field of the section's data, saved through `save(path)`. */
import { fontNames, fontSizeLabels, fontSizes } from '../../../shared/content.constants';
import { footerLinkSchema, matriculaSectionSchema } from '../../../shared/content.schemas';
import {
  CheckboxEditor,
  ColorEditor,
  EditorGroup,
  ImageEditor,
  numberParser,
  SelectEditor,
  TextEditor,
} from './field-editors';
import { ItemListEditor, StringListEditor } from './list-editors';

import {
  getPath,
  str,
  themeColors,
  type Data,
  type LabelSpec,
  type TextOptions,
  type TextSpec,
  linkFields,
} from './section-editor-fields';

/** Builds the editors of one section's fields over its data `values`; `save(path)` saves one field. */
export function sectionFieldKit(values: Data, save: (path: string) => (value: unknown) => Promise<unknown>) {
  const text = (path: string, label: string, options: TextOptions = {}) => (
    <TextEditor
      key={path}
      label={label}
      value={str(getPath(values, path))}
      onSave={save(path)}
      {...options}
    />
  );
  const texts = (...specs: TextSpec[]) => specs.map(([path, label, options]) => text(path, label, options));
  const number = (
    path: string,
    label: string,
    options: Parameters<typeof numberParser>[0] & { hint?: string },
  ) => (
    <TextEditor
      key={path}
      label={label}
      type="number"
      value={str(getPath(values, path))}
      onSave={save(path)}
      parse={numberParser(options)}
      {...(options.hint ? { hint: options.hint } : {})}
    />
  );
  const images = (...specs: LabelSpec[]) =>
    specs.map(([path, label]) => (
      <ImageEditor key={path} label={label} value={str(getPath(values, path))} onSave={save(path)} />
    ));
  const colors = (...specs: LabelSpec[]) =>
    specs.map(([path, label]) => (
      <ColorEditor key={path} label={label} value={str(getPath(values, path))} onSave={save(path)} />
    ));
  const checkbox = (path: string, label: string) => (
    <CheckboxEditor label={label} value={getPath(values, path) === true} onSave={save(path)} />
  );
  /** A list's items and how to save it, for an ItemListEditor. */
  const list = (path: string) => ({
    items: (getPath(values, path) as Data[] | undefined) ?? [],
    onSave: save(path),
  });
  const linkList = (path: string, label: string) => (
    <ItemListEditor
      label={label}
      itemLabel="Link"
      {...list(path)}
      fields={linkFields}
      schema={footerLinkSchema}
      newItem={() => ({ nome: '', href: '' })}
      summary={(item) => `${str(item.nome)} (${str(item.href)})`}
    />
  );
  return { text, texts, number, images, colors, checkbox, list, linkList };
}

/** The Configurações section's fields: the school, its images, colours, typography and theme. */
export function SettingsSectionFields({
  kit,
  values,
  save,
}: {
  kit: ReturnType<typeof sectionFieldKit>;
  values: Data;
  save: (path: string) => (value: unknown) => Promise<unknown>;
}) {
  const { texts, images, colors, checkbox } = kit;
  return (
    <>
      <EditorGroup title="Escola">
        {texts(
          ['nome_escola', 'Nome da escola'],
          ['slogan', 'Slogan'],
          ['ano_fundacao', 'Ano de fundação'],
          ['cnpj', 'CNPJ'],
          ['codigo_inep', 'Código INEP'],
        )}
      </EditorGroup>
      <EditorGroup title="Imagens">
        {images(
          ['logo_principal', 'Logo principal'],
          ['logo_alternativo', 'Logo alternativo'],
          ['favicon', 'Ícone da aba do navegador'],
          ['mascote_hori', 'Mascote (topo)'],
          ['mascote_horizon', 'Mascote (rodapé)'],
        )}
        {checkbox('mostrar_mascotes', 'Mostrar mascotes')}
      </EditorGroup>
      <EditorGroup title="Cores">
        {colors(
          ...themeColors,
          ['cor_accent', 'Cor de destaque'],
          ['cor_texto', 'Cor do texto'],
          ['cor_fundo', 'Cor de fundo'],
          ['gradiente_cor1', 'Fundo do topo do site (gradiente) — cor 1'],
          ['gradiente_cor2', 'Fundo do topo do site (gradiente) — cor 2'],
          ['gradiente_cor3', 'Fundo do topo do site (gradiente) — cor 3'],
        )}
      </EditorGroup>
      <EditorGroup title="Tipografia e tema">
        <SelectEditor
          label="Fonte principal"
          value={str(values.fonte_principal)}
          options={fontNames.map((name) => ({ value: name, label: name }))}
          onSave={save('fonte_principal')}
        />
        <SelectEditor
          label="Tamanho da fonte"
          value={str(values.tamanho_fonte)}
          options={fontSizes.map((size) => ({ value: size, label: fontSizeLabels[size] }))}
          onSave={save('tamanho_fonte')}
        />
        {checkbox('modo_escuro', 'Modo escuro')}
      </EditorGroup>
    </>
  );
}

/** 'Agende uma visita / Quero matricular' (issue 34): on/off, its texts and the séries a family may pick. */
export function MatriculaSectionFields({
  kit,
  onSaveSeries,
}: {
  kit: ReturnType<typeof sectionFieldKit>;
  onSaveSeries: (value: string[]) => Promise<unknown>;
}) {
  return (
    <>
      <EditorGroup title="Formulário no site">
        {kit.checkbox('ativo', 'Mostrar o formulário “Agende uma visita / Quero matricular” no site')}
        {kit.texts(['titulo', 'Título'], ['texto', 'Texto', { multiline: true }])}
      </EditorGroup>
      <EditorGroup title="Séries oferecidas">
        <StringListEditor
          label="Séries que a família pode escolher (sem nenhuma, ela escreve a série)"
          itemLabel="Série"
          feminine
          items={kit.list('series').items as unknown as string[]}
          schema={matriculaSectionSchema.shape.series.element}
          onSave={onSaveSeries}
        />
      </EditorGroup>
    </>
  );
}
