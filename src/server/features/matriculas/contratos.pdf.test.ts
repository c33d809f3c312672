import { describe, expect, it } from 'vitest';
import { pdfLines } from '../../test/pdf-text.js';
import { renderContratoPdf } from './contratos.pdf.js';

const base = {
  titulo: 'Contrato de prestação de serviços educacionais',
  escola: { nome: 'Escola Modelo', cnpj: null, endereco: null },
  codigo: 'ABCD-1234',
  url: 'https://escola.test/validar/ABCD-1234',
};

/** The PDF's text as a reader copies it: its lines joined by a space, runs of spaces as one. */
const flat = (lines: string[]) => lines.join(' ').replace(/\s+/g, ' ');

describe('the contract PDF (rich text)', () => {
  it('keeps the space after a bold heading, in a paragraph and in a list item', async () => {
    const pdf = await renderContratoPdf({
      ...base,
      texto:
        '**CONTRATANTE:** Carla Mendes, CPF 123.456.789-09, e-mail carla@familia.test, residente em Rua das Flores, 123 - Centro - São Paulo/SP, responsável financeiro pelo estudante **Lucas Mendes**, com data de nascimento em 12/04/2019.\n\n' +
        '**Cláusula 4ª — Atraso.** A parcela paga após o vencimento terá multa de 2%, limitada a 2% (Código de Defesa do Consumidor, art. 52, § 1º), e juros de mora de 1% ao mês, calculados dia a dia.\n\n' +
        '**Cláusula 5ª — Inadimplência.** O atraso não suspende as provas, não retém documentos escolares e não aplica penalidade pedagógica ao estudante (Lei nº 9.870/1999, art. 6º).\n\n' +
        '- **Inadimplência.** O contrato segue a Lei 9.870/1999.\n\n' +
        'Texto com **negrito no meio** da frase.',
    });
    const text = flat(pdfLines(pdf));
    expect(text).toContain('CONTRATANTE: Carla Mendes');
    expect(text).toContain('Atraso. A parcela');
    expect(text).toContain('Inadimplência. O atraso');
    expect(text).toContain('estudante Lucas Mendes, com');
    expect(text).not.toMatch(/:[A-Z]|\.[A-Z]/);
    expect(text).toContain('Inadimplência. O contrato');
    expect(text).toContain('com negrito no meio da frase');
  });
});
