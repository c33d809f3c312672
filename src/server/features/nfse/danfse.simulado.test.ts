import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NfseList } from '../../../shared/fiscal.schemas.js';
import { mensalidades } from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { pdfText } from '../../test/pdf-text.js';
import { dataOf, insertClass, insertGuardian, insertStudent } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { gerarA1, startNfseSimulada, type NfseSimulada } from '../nfse-simulado/index.js';
import { confiarNaAcDeTeste } from './fiscal-config.service.js';
import { FISCAL_SETTINGS } from './nfse.test-setup.js';

/**
 * The documents of a note the simulated national API really issued (part 3's emission end to end): the
 * DANFSe reads what the returned NFS-e XML says, and the zip carries it with the signed DPS.
 */
const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
let simulada: NfseSimulada;

beforeAll(async () => {
  simulada = await startNfseSimulada();
});
afterAll(() => simulada.close());

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('DANFSe and zip of a note issued by the simulated national API', () => {
  it('prints the returned number, key, parties and values, and zips its XMLs', async () => {
    confiarNaAcDeTeste(t.app.ctx, simulada.ac.certificadoPem);
    const admin = (await signedIn(t, 'administrador')).cookie;
    const a1 = gerarA1(simulada.ac, { cnpj: '11222333000181', senha: 'senha-A1-danfse' });
    const saved = await send('PUT', '/api/fiscal/configuracao', admin, {
      ...FISCAL_SETTINGS,
      proximo_numero_dps: 9001,
      somente_pagas: false,
      url_producao_restrita: simulada.baseUrl,
      certificado_pfx: a1.pfxBase64,
      senha_certificado: 'senha-A1-danfse',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const competencia = clock.today().slice(0, 7);
    const turma = await insertClass(t, null, 30, { anoLetivo: competencia.slice(0, 4) });
    const guardian = await insertGuardian(t);
    const aluno = await insertStudent(t, turma.id, guardian.id);
    await t.database.db.insert(mensalidades).values({
      alunoId: aluno.id,
      turmaId: turma.id,
      mesReferencia: competencia,
      dataVencimento: `${competencia}-10`,
      valorOriginal: 123_450,
      valor: 123_450,
    });
    const emitted = await send('POST', '/api/fiscal/nfse/emitir', admin, { competencia });
    expect(emitted.statusCode, emitted.body).toBe(200);
    await t.app.ctx.jobs.drain();
    const [nota] = dataOf<NfseList>(await get(`/api/fiscal/nfse?competencia=${competencia}`, admin));
    expect(nota).toMatchObject({ status: 'emitida' });

    const pdf = await get(`/api/fiscal/nfse/${nota!.id}/danfse.pdf`, admin);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = flat(pdfText(pdf.rawPayload));
    expect(nota!.chave_acesso).toMatch(/^\d{50}$/);
    expect(text).toContain(`NFS-e nº ${nota!.numero!}`);
    expect(text).toContain(nota!.chave_acesso!.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(text).toContain('11.222.333/0001-81');
    expect(text).toContain(guardian.nome);
    expect(text).toContain('R$ 1.234,50');
    expect(text).toContain('2,5%');
    expect(text).toContain('SEM VALOR FISCAL');

    const zip = await get(`/api/fiscal/nfse/xml.zip?competencia=${competencia}`, admin);
    expect(zip.statusCode, zip.body).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const base = `${nota!.numero!.padStart(6, '0')}_${nota!.chave_acesso!}`;
    expect(strFromU8(files[`nfse/${base}.xml`]!)).toContain(`NFS${nota!.chave_acesso!}`);
    expect(strFromU8(files[`dps/${base}_dps.xml`]!)).toContain('<Signature');
  });
});
