import type { ReactNode } from 'react';
import { MAX_GALLERY_PHOTOS, type ContentSection } from '../../../shared/content.constants';
import {
  differentiatorItemSchema,
  serviceItemSchema,
  sobreSchema,
  testimonialSchema,
  type SiteContent,
} from '../../../shared/content.schemas';
import { useSaveSection } from './content.api';
import { EditorGroup } from './field-editors';
import { ItemListEditor, StringListEditor } from './list-editors';
import { PhotoTagsButton, PhotoTagsField } from './photo-tags';

import { Button } from '../../components/button';
import {
  photoFields,
  testimonialFields,
  featureFields,
  title,
  description,
  multiline,
  tel,
  email,
  str,
  setPath,
  photoItemSchema,
  type Data,
} from './section-editor-fields';
import { MatriculaSectionFields, sectionFieldKit, SettingsSectionFields } from './section-field-kit';

/** Every field of one section, each saved as the spec says (text on confirm, the rest at once). */
export function SectionEditor<S extends ContentSection>({
  section,
  data,
  onOpenSection,
}: {
  section: S;
  data: SiteContent[S];
  /** Opens another section's editor (the hero's colours are the site's, in Configurações). */
  onOpenSection?: (section: ContentSection) => void;
}) {
  const saveSection = useSaveSection();
  const values = data as unknown as Data;
  const save = (path: string) => (value: unknown) =>
    saveSection.mutateAsync({ section, data: setPath(values, path, value) });

  const kit = sectionFieldKit(values, save);
  const { texts, number, images, list, linkList } = kit;
  /** The title and description most sections open with. */
  const textsGroup = <EditorGroup title="Textos">{texts(title, description)}</EditorGroup>;

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
            {/* Its own two colours were saved and never shown: the top is the site's gradient. */}
            <p className="text-sm text-gray-700">
              Sem imagem, o fundo do topo é o gradiente das cores do site, em Configurações → Cores.
            </p>
            {onOpenSection && (
              <Button variant="secondary" onClick={() => onOpenSection('configuracoes')}>
                Alterar as cores do site
              </Button>
            )}
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
    case 'matricula':
      body = <MatriculaSectionFields kit={kit} onSaveSeries={save('series')} />;
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
      body = <SettingsSectionFields kit={kit} values={values} save={save} />;
      break;
  }
  return <div className="space-y-6">{body}</div>;
}
