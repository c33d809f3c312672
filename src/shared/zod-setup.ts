import { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const formats: Record<string, string> = {
  email: 'E-mail inválido',
  url: 'Endereço (URL) inválido',
  uuid: 'Identificador inválido',
  date: 'Data inválida',
  datetime: 'Data e hora inválidas',
  time: 'Horário inválido',
  regex: 'Formato inválido',
};

const plural = (count: number | bigint, one: string, many: string) =>
  `${String(count)} ${Number(count) === 1 ? one : many}`;

/**
 * What a person reads when a schema gives no message of its own: plain Brazilian Portuguese about the
 * field ("Campo obrigatório", "No máximo 100 caracteres"), not the validator's vocabulary ("esperava um
 * vetor, recebeu undefined"). Anything not covered here falls back to zod's pt-BR locale.
 */
function friendlyMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'Campo obrigatório' : 'Valor inválido';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) === 1
          ? 'Campo obrigatório'
          : `Ao menos ${plural(issue.minimum, 'caractere', 'caracteres')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Escolha ao menos ${plural(issue.minimum, 'item', 'itens')}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return `O valor mínimo é ${String(issue.minimum)}`;
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return `No máximo ${plural(issue.maximum, 'caractere', 'caracteres')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `No máximo ${plural(issue.maximum, 'item', 'itens')}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return `O valor máximo é ${String(issue.maximum)}`;
      if (issue.origin === 'file') return 'Arquivo grande demais';
      return undefined;
    case 'invalid_format':
      return formats[issue.format] ?? 'Formato inválido';
    case 'invalid_value':
      return 'Opção inválida';
    case 'unrecognized_keys':
      return `Campo não permitido: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'Valor inválido';
    case 'not_multiple_of':
      return 'Valor inválido';
    default:
      return undefined;
  }
}

/** Portuguese (Brazil) messages for zod's built-in errors (missing fields, wrong types) on both sides. */
z.config({ ...z.locales.ptBR(), customError: friendlyMessage });
