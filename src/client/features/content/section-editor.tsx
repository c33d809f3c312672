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

  const text = (
    path: string,
    label: string,
    options: { multiline?: boolean; type?: 'email' | 'tel'; hint?: string } = {},
  ) => (
    <TextEditor
      key={path}
      label={label}
      value={str(getPath(values, path))}
      onSave={save(path)}
      {...options}
    />
  );
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
  const image = (path: string, label: string) => (
    <ImageEditor key={path} label={label} value={str(getPath(values, path))} onSave={save(path)} />
  );
  const color = (path: string, label: string) => (
    <ColorEditor key={path} label={label} value={str(getPath(values, path))} onSave={save(path)} />
  );
  const items = (path: string) => (getPath(values, path) as Data[] | undefined) ?? [];

  let body: ReactNode;
  switch (section) {
    case 'hero':
      body = (
        <>
          <EditorGroup title="Textos">
            {text('titulo', 'Título')}
            {text('subtitulo', 'Subtítulo')}
            {text('descricao', 'Descrição', { multiline: true })}
            {text('botao_texto', 'Texto do botão')}
          </EditorGroup>
          <EditorGroup title="Aparência">
            {image('imagem_fundo', 'Imagem de fundo')}
            {color('cor_primaria', 'Cor primária')}
            {color('cor_secundaria', 'Cor secundária')}
          </EditorGroup>
        </>
      );
      break;
    case 'sobre':
      body = (
        <>
          <EditorGroup title="Textos">
            {text('titulo', 'Título')}
            {text('descricao', 'Descrição', { multiline: true })}
            {text('missao', 'Missão', { multiline: true })}
            {text('visao', 'Visão', { multiline: true })}
          </EditorGroup>
          <EditorGroup title="Números">
            {number('anos_experiencia', 'Anos de experiência', { optional: true, min: 0, integer: true })}
            {number('alunos_formados', 'Alunos formados', { optional: true, min: 0, integer: true })}
          </EditorGroup>
          <EditorGroup title="Valores e imagem">
            <StringListEditor
              label="Nossos Valores"
              itemLabel="Valor"
              items={items('valores') as unknown as string[]}
              schema={sobreSchema.shape.valores.element}
              onSave={save('valores')}
            />
            {image('imagem', 'Imagem')}
          </EditorGroup>
        </>
      );
      break;
    case 'galeria':
      body = (
        <>
          <EditorGroup title="Textos">
            {text('titulo', 'Título')}
            {text('descricao', 'Descrição', { multiline: true })}
          </EditorGroup>
          <ItemListEditor
            label="Fotos"
            itemLabel="Foto"
            items={items('fotos')}
            max={MAX_GALLERY_PHOTOS}
            maxMessage="Máximo de 10 fotos permitido"
            schema={photoItemSchema}
            fields={[
              { key: 'url', label: 'Imagem', kind: 'image', required: true },
              { key: 'titulo', label: 'Título', kind: 'text', required: true },
              { key: 'descricao', label: 'Descrição', kind: 'textarea' },
            ]}
            newItem={() => ({ id: `foto-${Date.now()}`, url: '', titulo: '', descricao: '' })}
            summary={(item) => str(item.titulo)}
            onSave={save('fotos')}
            rowExtra={(item) => <PhotoTagsButton url={item.url} title={str(item.titulo)} />}
            formExtra={(item) => <PhotoTagsField url={item.url} />}
          />
        </>
      );
      break;
    case 'servicos':
    case 'diferenciais': {
      const key = section === 'servicos' ? 'servicos' : 'diferenciais';
      body = (
        <>
          <EditorGroup title="Textos">
            {text('titulo', 'Título')}
            {text('descricao', 'Descrição', { multiline: true })}
          </EditorGroup>
          <ItemListEditor
            label={section === 'servicos' ? 'Serviços' : 'Diferenciais'}
            itemLabel={section === 'servicos' ? 'Serviço' : 'Diferencial'}
            items={items(key)}
            fields={featureFields}
            schema={section === 'servicos' ? serviceItemSchema : differentiatorItemSchema}
            newItem={() => ({ titulo: '', descricao: '', icone: 'Star' })}
            summary={(item) => str(item.titulo)}
            onSave={save(key)}
          />
        </>
      );
      break;
    }
    case 'depoimentos':
      body = (
        <>
          <EditorGroup title="Textos">{text('titulo', 'Título')}</EditorGroup>
          <ItemListEditor
            label="Depoimentos"
            itemLabel="Depoimento"
            items={items('depoimentos')}
            schema={testimonialSchema}
            fields={[
              { key: 'nome', label: 'Nome', kind: 'text', required: true },
              { key: 'cargo', label: 'Cargo', kind: 'text', required: true },
              { key: 'depoimento', label: 'Depoimento', kind: 'textarea', required: true },
              { key: 'foto', label: 'Foto', kind: 'image' },
            ]}
            newItem={() => ({ nome: '', cargo: '', depoimento: '', foto: '' })}
            summary={(item) => `${str(item.nome)} — ${str(item.cargo)}`}
            onSave={save('depoimentos')}
          />
        </>
      );
      break;
    case 'contato':
      body = (
        <>
          <EditorGroup title="Contato">
            {text('titulo', 'Título')}
            {text('endereco', 'Endereço', { multiline: true })}
            {text('telefone', 'Telefone', { type: 'tel' })}
            {text('whatsapp', 'WhatsApp', { type: 'tel' })}
            {text('email', 'E-mail', { type: 'email' })}
            {text('horario_funcionamento', 'Horário de funcionamento')}
            {text('facebook', 'Facebook (link)')}
            {text('instagram', 'Instagram (usuário)', { hint: 'Só o usuário, sem @ nem link.' })}
          </EditorGroup>
          <EditorGroup title="Mapa">
            {text('mapa_embed_url', 'Link de incorporação do mapa', {
              hint: 'Google Maps: Compartilhar → Incorporar um mapa → copie o endereço em src="...".',
            })}
            {text('mapa_url', 'Link do mapa')}
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
            {text('titulo', 'Título')}
            {text('descricao', 'Descrição', { multiline: true })}
            {text('email', 'E-mail', { type: 'email' })}
            {text('telefone', 'Telefone', { type: 'tel' })}
            {text('endereco', 'Endereço')}
            {text('copyright', 'Copyright')}
            {text('politica_privacidade', 'Política de privacidade (rótulo)')}
            {text('termos_uso', 'Termos de uso (rótulo)')}
          </EditorGroup>
          <EditorGroup title="Links">
            <ItemListEditor
              label="Links Rápidos"
              itemLabel="Link"
              items={items('links_rapidos')}
              fields={linkFields}
              schema={footerLinkSchema}
              newItem={() => ({ nome: '', href: '' })}
              summary={(item) => `${str(item.nome)} (${str(item.href)})`}
              onSave={save('links_rapidos')}
            />
            <ItemListEditor
              label="Acadêmico"
              itemLabel="Link"
              items={items('links_academicos')}
              fields={linkFields}
              schema={footerLinkSchema}
              newItem={() => ({ nome: '', href: '' })}
              summary={(item) => `${str(item.nome)} (${str(item.href)})`}
              onSave={save('links_academicos')}
            />
          </EditorGroup>
          <EditorGroup title="Redes sociais (links)">
            {text('redes_sociais.facebook', 'Facebook')}
            {text('redes_sociais.instagram', 'Instagram')}
            {text('redes_sociais.whatsapp', 'WhatsApp')}
            {text('redes_sociais.youtube', 'YouTube')}
          </EditorGroup>
        </>
      );
      break;
    case 'privacidade':
    case 'termos':
      body = (
        <EditorGroup title={section === 'privacidade' ? 'Aviso de Privacidade' : 'Termos de Uso'}>
          {text('titulo', 'Título')}
          {text('texto', 'Texto', {
            multiline: true,
            hint: `Publicado em ${section === 'privacidade' ? '/privacidade' : '/termos'}. Linhas com "## " viram títulos e "- " itens de lista. Cada versão salva é pedida de novo ao aceite dos responsáveis.`,
          })}
        </EditorGroup>
      );
      break;
    case 'configuracoes':
      body = (
        <>
          <EditorGroup title="Escola">
            {text('nome_escola', 'Nome da escola')}
            {text('slogan', 'Slogan')}
            {text('ano_fundacao', 'Ano de fundação')}
            {text('cnpj', 'CNPJ')}
            {text('codigo_inep', 'Código INEP')}
          </EditorGroup>
          <EditorGroup title="Imagens">
            {image('logo_principal', 'Logo principal')}
            {image('logo_alternativo', 'Logo alternativo')}
            {image('favicon', 'Favicon')}
            {image('mascote_hori', 'Mascote (topo)')}
            {image('mascote_horizon', 'Mascote (rodapé)')}
            <CheckboxEditor
              label="Mostrar mascotes"
              value={values.mostrar_mascotes === true}
              onSave={save('mostrar_mascotes')}
            />
          </EditorGroup>
          <EditorGroup title="Cores">
            {color('cor_primaria', 'Cor primária')}
            {color('cor_secundaria', 'Cor secundária')}
            {color('cor_accent', 'Cor de destaque')}
            {color('cor_texto', 'Cor do texto')}
            {color('cor_fundo', 'Cor de fundo')}
            {color('gradiente_cor1', 'Gradiente — cor 1')}
            {color('gradiente_cor2', 'Gradiente — cor 2')}
            {color('gradiente_cor3', 'Gradiente — cor 3')}
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
            <CheckboxEditor
              label="Modo escuro"
              value={values.modo_escuro === true}
              onSave={save('modo_escuro')}
            />
          </EditorGroup>
        </>
      );
      break;
  }
  return <div className="space-y-6">{body}</div>;
}
