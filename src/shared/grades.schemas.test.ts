import { describe, expect, it } from 'vitest';
import './zod-setup';
import { councilInputSchema } from './report-card.schemas.js';
import { rectificationInputSchema } from './grades.schemas.js';
import {
  rectificationRefusalInputSchema,
  rectificationRequestInputSchema,
} from './rectification-requests.schemas.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('reasons of a retificação and of the conselho de classe', () => {
  it('says what to write when the reason is missing, not a type error', () => {
    expect(messagesOf(rectificationInputSchema.safeParse({ valor: '8' }))).toEqual([
      'Explique o motivo da retificação (ao menos 5 caracteres)',
    ]);
    expect(
      messagesOf(
        rectificationRequestInputSchema.safeParse({ avaliacao_id: uuid(1), aluno_id: uuid(2), valor: '8' }),
      ),
    ).toEqual(['Explique o motivo da retificação (ao menos 5 caracteres)']);
    expect(messagesOf(rectificationRefusalInputSchema.safeParse({}))).toEqual([
      'Explique por que a solicitação foi recusada (ao menos 5 caracteres)',
    ]);
    expect(messagesOf(councilInputSchema.safeParse({ resultado: 'aprovado' }))).toEqual([
      'Registre o motivo da decisão (ao menos 10 caracteres)',
    ]);
  });

  it('still trims, refuses a short or multi-line reason, and keeps a good one', () => {
    expect(messagesOf(rectificationInputSchema.safeParse({ valor: '8', motivo: '  abc  ' }))).toEqual([
      'Explique o motivo da retificação (ao menos 5 caracteres)',
    ]);
    expect(rectificationInputSchema.safeParse({ valor: '8', motivo: 'linha 1\nlinha 2' }).success).toBe(
      false,
    );
    expect(rectificationInputSchema.parse({ valor: '8', motivo: '  Erro de digitação ' }).motivo).toBe(
      'Erro de digitação',
    );
  });
});
