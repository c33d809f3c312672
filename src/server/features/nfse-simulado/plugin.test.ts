import { describe, expect, it } from 'vitest';
import type { FiscalConfiguracao, NfseList, NfseXml } from '../../../shared/fiscal.schemas.js';
import { mensalidades } from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertGuardian, insertStudent } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { validarXsd, verificarAssinatura } from '../nfse/index.js';
import { DEMO_FISCAL } from './index.js';

// keepData: the settings the plugin wrote at start stay for the test.
const t = setupTestApp({ nfseProvider: 'simulado' }, { keepData: true });
const { send, get } = requestsOf(() => t.app);

describe('NFSE_PROVIDER=simulado (the demo)', () => {
  it('points the fiscal settings at the simulated API with a throwaway A1; a note comes back valid and signed', async () => {
    const admin = (await signedIn(t, 'administrador')).cookie;
    const config = dataOf<FiscalConfiguracao>(await get('/api/fiscal/configuracao', admin));
    expect(config).toMatchObject({ tem_certificado: true, configurada: true, cnpj: DEMO_FISCAL.cnpj });
    expect(config.url_efetiva).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/SefinNacional$/);

    const competencia = clock.today().slice(0, 7);
    const turma = await insertClass(t, null, 200, { anoLetivo: competencia.slice(0, 4) });
    const aluno = await insertStudent(t, turma.id, (await insertGuardian(t)).id);
    await t.database.db.insert(mensalidades).values({
      alunoId: aluno.id,
      turmaId: turma.id,
      mesReferencia: competencia,
      dataVencimento: `${competencia}-10`,
      valorOriginal: 90000,
      valor: 90000,
    });
    const emitted = await send('POST', '/api/fiscal/nfse/emitir', admin, { competencia });
    expect(emitted.statusCode, emitted.body).toBe(200);
    await t.app.ctx.jobs.drain();
    const [nota] = dataOf<NfseList>(await get(`/api/fiscal/nfse?competencia=${competencia}`, admin));
    expect(nota).toMatchObject({ status: 'emitida', valor: 90000 });
    const xml = dataOf<NfseXml>(await get(`/api/fiscal/nfse/${nota!.id}/xml`, admin));
    // The simulator's NFS-e follows the national layout too, signed by the 'national system'.
    expect(await validarXsd(xml.nfse ?? '', 'NFSe_v1.01.xsd')).toEqual({ valido: true, erros: [] });
    expect(verificarAssinatura(xml.nfse ?? '', 'infNFSe').valida).toBe(true);
  });
});
