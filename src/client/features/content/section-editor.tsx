import type { ReactNode } from 'react';
import { z } from 'zod';
import {
  fontNames,
  fontSizeLabels,
  fontSizes,
  MAX_GALLERY_PHOTOS,
  type ContentSection,
} from '../../../shared/content.constants';
import {
  differentiatorItemSchema,
  footerLinkSchema,
  photoSchema,
  serviceItemSchema,
  sobreSchema,
  testimonialSchema,
  type SiteContent,
} from '../../../shared/content.schemas';
import { useSaveSection } from './content.api';
import {
  CheckboxEditor,
  ColorEditor,
  EditorGroup,
  ImageEditor,
  numberParser,
  SelectEditor,
  TextEditor,
} from './field-editors';
import { ItemListEditor, StringListEditor, type ItemField } from './list-editors';
import { PhotoTagsButton, PhotoTagsField } from './photo-tags';

type Data = Record<string, unknown>;

const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function setPath(data: Data, path: string, value: unknown): Data {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...data, [head!]: value };
  return { ...data, [head!]: setPath((data[head!] as Data | undefined) ?? {}, rest.join('.'), value) };
}

function getPath(data: Data, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => (current as Data | undefined)?.[key], data);
}

/** The form asks for the image first: 'Envie a imagem da foto' before the server's own check. */
const photoItemSchema = photoSchema.extend({
  url: z
    .string()
    .refine((value) => value.trim() !== '', 'Envie a imagem da foto')
    .pipe(photoSchema.shape.url),
});

type TextOptions = { multiline?: boolean; type?: 'email' | 'tel'; hint?: string };
/** A field as `[path, label, options]`: a section is a few groups of these. */
type TextSpec = readonly [path: string, label: string, options?: TextOptions];
type LabelSpec = readonly [path: string, label: string];
const multiline = { multiline: true };
const tel = { type: 'tel' } as const;
const email = { type: 'email' } as const;
const title: TextSpec = ['titulo', 'Título'];
const description: TextSpec = ['descricao', 'Descrição', multiline];
/** The hero's colours are the theme's first two (Configurações shows them with the rest). */
const themeColors: LabelSpec[] = [
  ['cor_primaria', 'Cor primária'],
  ['cor_secundaria', 'Cor secundária'],
];

const photoFields: ItemField[] = [
  { key: 'url', label: 'Imagem', kind: 'image', required: true },
  { key: 'titulo', label: 'Título', kind: 'text', required: true },
  { key: 'descricao', label: 'Descrição', kind: 'textarea' },
];
const testimonialFields: ItemField[] = [
  { key: 'nome', label: 'Nome', kind: 'text', required: true },
  { key: 'cargo', label: 'Cargo', kind: 'text', required: true },
  { key: 'depoimento', label: 'Depoimento', kind: 'textarea', required: true },
  { key: 'foto', label: 'Foto', kind: 'image' },
];
const featureFields: ItemField[] = [
  { key: 'titulo', label: 'Título', kind: 'text', required: true },
  { key: 'descricao', label: 'Descrição', kind: 'textarea', required: true },
  { key: 'icone', label: 'Ícone', kind: 'icon' },
];
const linkFields: ItemField[] = [
  { key: 'nome', label: 'Nome', kind: 'text', required: true },
  { key: 'href', label: 'URL', kind: 'text', required: true },
];

/** Every field of one section, each saved as the spec says (text on confirm, the rest at once). */
export function SectionEditor<S extends ContentSection>({
  section,
  data,
}: {
  section: S;
  data: SiteContent[S];
}) {
  const saveSection = useSaveSection();
  const values = data as unknown as Data;
  const save = (path: string) => (value: unknown) =>
    saveSection.mutateAsync({ section, data: setPath(values, path, value) });

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
  /** The title and description most sections open with. */
  const textsGroup = <EditorGroup title="Textos">{texts(title, description)}</EditorGroup>;
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

  let body: ReactNode;
  switch (section) {
    case 'hero':
      body = (
        <>
          <EditorGroup title="Textos">
            {texts(title, ['subtitulo', 'Subtítulo'], description, ['botao_texto', 'Texto do botão'])}
          </EditorGroup>
          <EditorGroup title="Aparência">
            {images(['imagem_fundo', 'Imagem de fundo'])}
            {colors(...themeColors)}
          </EditorGroup>
        </>
      );
      break;
    case 'sobre':
      body = (
        <>
          <EditorGroup title="Textos">
            {texts(title, description, ['missao', 'Missão', multiline], ['visao', 'Visão', multiline])}
          </EditorGroup>
          <EditorGroup title="Números">
            {number('anos_experiencia', 'Anos de experiência', { optional: true, min: 0, integer: true })}
            {number('alunos_formados', 'Alunos formados', { optional: true, min: 0, integer: true })}
          </EditorGroup>
          <EditorGroup title="Valores e imagem">
            <StringListEditor
              label="Nossos Valores"
              itemLabel="Valor"
              items={list('valores').items as unknown as string[]}
              schema={sobreSchema.shape.valores.element}
              onSave={save('valores')}
            />
            {images(['imagem', 'Imagem'])}
          </EditorGroup>
        </>
      );
      break;
    case 'galeria':
      body = (
        <>
          {textsGroup}
          <ItemListEditor
            label="Fotos"
            itemLabel="Foto"
            {...list('fotos')}
            max={MAX_GALLERY_PHOTOS}
            maxMessage="Máximo de 10 fotos permitido"
            schema={photoItemSchema}
            fields={photoFields}
            newItem={() => ({ id: `foto-${Date.now()}`, url: '', titulo: '', descricao: '' })}
            summary={(item) => str(item.titulo)}
            rowExtra={(item) => <PhotoTagsButton url={item.url} title={str(item.titulo)} />}
            formExtra={(item) => <PhotoTagsField url={item.url} />}
          />
        </>
      );
      break;
    case 'servicos':
    case 'diferenciais': {
      const services = section === 'servicos';
      body = (
        <>
          {textsGroup}
          <ItemListEditor
            label={services ? 'Serviços' : 'Diferenciais'}
            itemLabel={services ? 'Serviço' : 'Diferencial'}
            {...list(section)}
            fields={featureFields}
            schema={services ? serviceItemSchema : differentiatorItemSchema}
            newItem={() => ({ titulo: '', descricao: '', icone: 'Star' })}
            summary={(item) => str(item.titulo)}
          />
        </>
      );
      break;
    }
    case 'depoimentos':
      body = (
        <>
          <EditorGroup title="Textos">{texts(title)}</EditorGroup>
          <ItemListEditor
            label="Depoimentos"
            itemLabel="Depoimento"
            {...list('depoimentos')}
            schema={testimonialSchema}
            fields={testimonialFields}
            newItem={() => ({ nome: '', cargo: '', depoimento: '', foto: '' })}
            summary={(item) => `${str(item.nome)} — ${str(item.cargo)}`}
          />
        </>
      );
      break;
    case 'contato':
      body = (
        <>
          <EditorGroup title="Contato">
            {texts(
              title,
              ['endereco', 'Endereço', multiline],
              ['telefone', 'Telefone', tel],
              ['whatsapp', 'WhatsApp', tel],
              ['email', 'E-mail', email],
              ['horario_funcionamento', 'Horário de funcionamento'],
              ['facebook', 'Facebook (link)'],
              ['instagram', 'Instagram (usuário)', { hint: 'Só o usuário, sem @ nem link.' }],
            )}
          </EditorGroup>
          <EditorGroup title="Mapa">
            {texts(
              [
                'mapa_embed_url',
                'Link de incorporação do mapa',
                { hint: 'Google Maps: Compartilhar → Incorporar um mapa → copie o endereço em src="...".' },
              ],
              ['mapa_url', 'Link do mapa'],
            )}
            {number('mapa_latitude', 'Latitude', { optional: true, min: -90, max: 90 })}
            {number('mapa_longitude', 'Longitude', { optional: true, min: -180, max: 180 })}
            {number('mapa_zoom', 'Zoom', {
              min: 1,
              max: 21,
              integer: true,
              hint: 'Entre 10 e 20 (padrão 15).',
            })}
          </EditorGroup>
        </>
      );
      break;
    case 'footer':
      body = (
        <>
          <EditorGroup title="Textos">
            {texts(
              title,
              description,
              ['email', 'E-mail', email],
              ['telefone', 'Telefone', tel],
              ['endereco', 'Endereço'],
              ['copyright', 'Copyright'],
              ['politica_privacidade', 'Política de privacidade (rótulo)'],
              ['termos_uso', 'Termos de uso (rótulo)'],
            )}
          </EditorGroup>
          <EditorGroup title="Links">
            {linkList('links_rapidos', 'Links Rápidos')}
            {linkList('links_academicos', 'Acadêmico')}
          </EditorGroup>
          <EditorGroup title="Redes sociais (links)">
            {texts(
              ['redes_sociais.facebook', 'Facebook'],
              ['redes_sociais.instagram', 'Instagram'],
              ['redes_sociais.whatsapp', 'WhatsApp'],
              ['redes_sociais.youtube', 'YouTube'],
            )}
          </EditorGroup>
        </>
      );
      break;
    case 'privacidade':
    case 'termos': {
      const route = section === 'privacidade' ? '/privacidade' : '/termos';
      body = (
        <EditorGroup title={section === 'privacidade' ? 'Aviso de Privacidade' : 'Termos de Uso'}>
          {texts(title, [
            'texto',
            'Texto',
            {
              multiline: true,
              hint: `Publicado em ${route}. Linhas com "## " viram títulos e "- " itens de lista. Cada versão salva é pedida de novo ao aceite dos responsáveis.`,
            },
          ])}
        </EditorGroup>
      );
      break;
    }
    case 'configuracoes':
      body = (
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
              ['favicon', 'Favicon'],
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
              ['gradiente_cor1', 'Gradiente — cor 1'],
              ['gradiente_cor2', 'Gradiente — cor 2'],
              ['gradiente_cor3', 'Gradiente — cor 3'],
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
      break;
  }
  return <div className="space-y-6">{body}</div>;
}
