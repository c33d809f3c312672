import { describe, expect, it } from 'vitest';
import { gerarA1, gerarAc } from '../nfse-simulado/index.js';
import { assinarXml, verificarAssinatura } from './assinatura.js';
import { abrirPfx, CertificadoInvalidoError } from './certificado.js';
import { descricaoMensalidade, idDps, montarDps, type DadosDps } from './dps.js';
import { montarPedidoCancelamento } from './evento.js';
import { validarXsd } from './xsd.js';

const CNPJ = '11222333000181';
const ac = gerarAc();
const a1 = gerarA1(ac, { cnpj: CNPJ, senha: 'segredo-do-pfx' });

const base: DadosDps = {
  ambiente: 'producao_restrita',
  emitidaEm: new Date('2026-03-15T13:00:00Z'),
  serie: '1',
  numero: 42,
  competencia: '2026-03',
  prestador: {
    cnpj: CNPJ,
    inscricaoMunicipal: '123456',
    municipioIbge: '3550308',
    regime: 'simples_nacional',
  },
  tomador: { cpf: '52998224725', nome: 'Maria & Filhos <Souza>', email: 'maria@example.com' },
  servico: {
    codigoTributacaoNacional: '080101',
    codigoNbs: '122011000',
    descricao: descricaoMensalidade('2026-03', 'Ana Souza'),
  },
  valor: 123456,
  aliquotaIssBp: 250,
};

describe('DPS (layout nacional 1.01)', () => {
  it('forms the 45-character Id from município, inscrição, série and número', () => {
    const id = idDps('3550308', CNPJ, '1', 42);
    expect(id).toHaveLength(45);
    expect(id).toBe('DPS355030821122233300018100001000000000000042');
  });

  it('builds a DPS the official XSD accepts, signed and unsigned, Simples and regime normal', async () => {
    const simples = montarDps(base);
    expect(await validarXsd(simples, 'DPS_v1.01.xsd')).toEqual({ valido: true, erros: [] });
    const signed = assinarXml(simples, 'infDPS', a1.chavePem, a1.certificadoPem);
    expect(await validarXsd(signed, 'DPS_v1.01.xsd')).toEqual({ valido: true, erros: [] });
    const normal = montarDps({
      ...base,
      prestador: { ...base.prestador, regime: 'normal' },
      ibscbs: { indOp: '030101', cst: '200', classTrib: '200028' },
      tomador: {
        ...base.tomador,
        endereco: {
          cep: '01310100',
          logradouro: 'Av. Paulista',
          numero: '1000',
          complemento: 'ap 1',
          bairro: 'Bela Vista',
          municipioIbge: '3550308',
        },
      },
    });
    expect(normal).toContain('<IBSCBS>');
    expect(simples).not.toContain('<IBSCBS>');
    const signedNormal = assinarXml(normal, 'infDPS', a1.chavePem, a1.certificadoPem);
    expect(await validarXsd(signedNormal, 'DPS_v1.01.xsd')).toEqual({ valido: true, erros: [] });
  });

  it('the XSD refuses a DPS that breaks the layout', async () => {
    const broken = montarDps({ ...base, servico: { ...base.servico, codigoTributacaoNacional: '0801' } });
    const result = await validarXsd(broken, 'DPS_v1.01.xsd');
    expect(result.valido).toBe(false);
    expect(result.erros.join(' ')).toContain('cTribNac');
  });

  it('signs infDPS (RSA-SHA256, C14N, enveloped): verifies with the certificate and fails when one character changes', () => {
    const signed = assinarXml(montarDps(base), 'infDPS', a1.chavePem, a1.certificadoPem);
    expect(signed).toContain('Reference URI="#DPS3550308');
    expect(signed).toContain('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(signed).toContain('http://www.w3.org/TR/2001/REC-xml-c14n-20010315');
    const ok = verificarAssinatura(signed, 'infDPS');
    expect(ok.valida).toBe(true);
    expect(ok.certificadoPem?.replace(/\s/g, '')).toBe(a1.certificadoPem.replace(/\s/g, ''));
    const tampered = signed.replace('<vServ>1234.56</vServ>', '<vServ>1234.57</vServ>');
    expect(tampered).not.toBe(signed);
    expect(verificarAssinatura(tampered, 'infDPS')).toMatchObject({
      valida: false,
      motivo: 'Assinatura inválida',
    });
    expect(verificarAssinatura(montarDps(base), 'infDPS').valida).toBe(false);
  });

  it('builds the cancel event e101101, valid against pedRegEvento and signed', async () => {
    const chave = '3550308211222333000181000000000000426031234567894';
    const xml = montarPedidoCancelamento({
      ambiente: 'producao_restrita',
      em: new Date('2026-03-20T12:00:00Z'),
      cnpjAutor: CNPJ,
      chaveAcesso: `${chave}0`.slice(0, 50),
      codigoMotivo: '9',
      motivo: 'Mensalidade lançada em duplicidade',
    });
    const signed = assinarXml(xml, 'infPedReg', a1.chavePem, a1.certificadoPem);
    expect(await validarXsd(signed, 'pedRegEvento_v1.01.xsd')).toEqual({ valido: true, erros: [] });
    expect(verificarAssinatura(signed, 'infPedReg').valida).toBe(true);
  });
});

describe('A1 certificate (.pfx)', () => {
  it('opens with its password: key, certificate, holder, CNPJ and validity', () => {
    const opened = abrirPfx(a1.pfxBase64, 'segredo-do-pfx', new Date());
    expect(opened.cnpj).toBe(CNPJ);
    expect(opened.titular).toBe(`ESCOLA DE TESTE LTDA:${CNPJ}`);
    expect(opened.certificadoPem.replace(/\s/g, '')).toBe(a1.certificadoPem.replace(/\s/g, ''));
  });

  it('refuses a wrong password, a file that is not PKCS#12, an expired one and one without a CNPJ', () => {
    const message = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        expect(error).toBeInstanceOf(CertificadoInvalidoError);
        return (error as Error).message;
      }
      throw new Error('aceitou');
    };
    expect(message(() => abrirPfx(a1.pfxBase64, 'errada', new Date()))).toBe(
      'Senha do certificado incorreta.',
    );
    expect(
      message(() => abrirPfx(Buffer.from('não é um pfx').toString('base64'), 'x', new Date())),
    ).toContain('PKCS#12');
    const vencido = gerarA1(ac, {
      cnpj: CNPJ,
      senha: 's',
      de: new Date('2024-01-01T00:00:00Z'),
      ate: new Date('2025-01-01T00:00:00Z'),
    });
    expect(message(() => abrirPfx(vencido.pfxBase64, 's', new Date()))).toContain('vencido');
    const semCnpj = gerarA1(ac, { cnpj: CNPJ, senha: 's', comCnpj: false });
    expect(message(() => abrirPfx(semCnpj.pfxBase64, 's', new Date()))).toContain('CNPJ');
  });
});
