/** What the section editor is made of: reading and writing a path in a section's data, and the field specs. */
import { z } from 'zod';
import { photoSchema } from '../../../shared/content.schemas';
import type { ItemField } from './list-editors';

export type Data = Record<string, unknown>;

export const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export function setPath(data: Data, path: string, value: unknown): Data {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...data, [head!]: value };
  return { ...data, [head!]: setPath((data[head!] as Data | undefined) ?? {}, rest.join('.'), value) };
}

export function getPath(data: Data, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => (current as Data | undefined)?.[key], data);
}

/** The form asks for the image first: 'Envie a imagem da foto' before the server's own check. */
export const photoItemSchema = photoSchema.extend({
  url: z
    .string()
    .refine((value) => value.trim() !== '', 'Envie a imagem da foto')
    .pipe(photoSchema.shape.url),
});

export type TextOptions = { multiline?: boolean; type?: 'email' | 'tel'; hint?: string };
/** A field as `[path, label, options]`: a section is a few groups of these. */
export type TextSpec = readonly [path: string, label: string, options?: TextOptions];
export type LabelSpec = readonly [path: string, label: string];
export const multiline = { multiline: true };
export const tel = { type: 'tel' } as const;
export const email = { type: 'email' } as const;
export const title: TextSpec = ['titulo', 'Título'];
export const description: TextSpec = ['descricao', 'Descrição', multiline];
/** The theme's first two colours (Configurações shows them with the rest). */
export const themeColors: LabelSpec[] = [
  ['cor_primaria', 'Cor primária'],
  ['cor_secundaria', 'Cor secundária'],
];

export const photoFields: ItemField[] = [
  { key: 'url', label: 'Imagem', kind: 'image', required: true },
  { key: 'titulo', label: 'Título', kind: 'text', required: true },
  { key: 'descricao', label: 'Descrição', kind: 'textarea' },
];
export const testimonialFields: ItemField[] = [
  { key: 'nome', label: 'Nome', kind: 'text', required: true },
  { key: 'cargo', label: 'Cargo', kind: 'text', required: true },
  { key: 'depoimento', label: 'Depoimento', kind: 'textarea', required: true },
  { key: 'foto', label: 'Foto', kind: 'image' },
];
export const featureFields: ItemField[] = [
  { key: 'titulo', label: 'Título', kind: 'text', required: true },
  { key: 'descricao', label: 'Descrição', kind: 'textarea', required: true },
  { key: 'icone', label: 'Ícone', kind: 'icon' },
];
export const linkFields: ItemField[] = [
  { key: 'nome', label: 'Nome', kind: 'text', required: true },
  { key: 'href', label: 'URL', kind: 'text', required: true },
];
