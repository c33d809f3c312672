import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.js';
import { insertStudent } from '../../test/records-fixtures.js';
import { classWithFamily } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { chaveOf, insertNote } from './danfse.test-fixtures.js';

const t = setupTestApp();
const { get } = requestsOf(() => t.app);

function parses(xml: string): string {
  const errors: string[] = [];
  const document = new DOMParser({
    errorHandler: {
      error: (message: string) => errors.push(message),
      fatalError: (message: string) => errors.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  expect(errors).toEqual([]);
  return document.documentElement.localName;
}

describe('GET /api/fiscal/nfse/xml.zip', () => {
  it('zips each issued note’s NFS-e, signed DPS and cancel event, named by number and key, with an index', async () => {
    const s = await classWithFamily(t);
    const sibling = await insertStudent(t, s.turma.id, s.family.guardian.id);
    const spec = {
      competencia: '2026-03',
      tomador: { nome: 'Mariana Souza', cpf: '52998224725' },
      descricao: 'Mensalidade escolar de março de 2026',
      valor: 150_000,
    };
    await insertNote(t, s.family.child.id, { ...spec, numero: 42 });
    await insertNote(t, sibling.id, { ...spec, numero: 43 }, 'cancelada');
    const third = await insertStudent(t, s.turma.id, s.family.guardian.id);
    await insertNote(t, third.id, { ...spec, numero: 44 }, 'rejeitada');
    // Another month's note stays out.
    await insertNote(t, s.family.child.id, { ...spec, numero: 45, competencia: '2026-04' });

    const response = await get('/api/fiscal/nfse/xml.zip?competencia=2026-03', s.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('nfse-xml-2026-03.zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const k42 = `000042_${chaveOf(42, '2026-03')}`;
    const k43 = `000043_${chaveOf(43, '2026-03')}`;
    expect(Object.keys(files).sort()).toEqual(
      [
        `dps/${k42}_dps.xml`,
        `dps/${k43}_dps.xml`,
        `eventos/${k43}_cancelamento.xml`,
        'indice.csv',
        `nfse/${k42}.xml`,
        `nfse/${k43}.xml`,
      ].sort(),
    );
    expect(parses(strFromU8(files[`nfse/${k42}.xml`]!))).toBe('NFSe');
    expect(parses(strFromU8(files[`dps/${k42}_dps.xml`]!))).toBe('DPS');
    expect(parses(strFromU8(files[`eventos/${k43}_cancelamento.xml`]!))).toBe('evento');
    const index = strFromU8(files['indice.csv']!)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(index[0]).toBe(
      'numero;chave_acesso;competencia;situacao;tomador;cpf_tomador;valor;emitida_em;cancelada_em;arquivo_nfse',
    );
    expect(index.filter((line) => line.startsWith('43;'))[0]).toContain(
      ';cancelada;Mariana Souza;52998224725;1500,00;',
    );
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'nfse'));
    expect(audit).toMatchObject([{ action: 'exportar', details: { competencia: '2026-03', notas: 2 } }]);
  });

  it('answers 404 with the month when nothing was issued, 400 for a bad month, 403 to a family', async () => {
    const s = await classWithFamily(t);
    const empty = await get('/api/fiscal/nfse/xml.zip?competencia=2026-02', s.admin.cookie);
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({ message: expect.stringContaining('fevereiro de 2026') });
    expect((await get('/api/fiscal/nfse/xml.zip?competencia=2026-13', s.admin.cookie)).statusCode).toBe(400);
    expect((await get('/api/fiscal/nfse/xml.zip', s.admin.cookie)).statusCode).toBe(400);
    expect((await get('/api/fiscal/nfse/xml.zip?competencia=2026-03', s.family.cookie)).statusCode).toBe(403);
    expect((await get('/api/fiscal/nfse/xml.zip?competencia=2026-03', s.teacher.cookie)).statusCode).toBe(
      403,
    );
  });
});
