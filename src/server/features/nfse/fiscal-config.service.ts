import { eq } from 'drizzle-orm';
import type {
  FiscalConfiguracao,
  FiscalConfiguracaoData,
  NfseSituacao,
} from '../../../shared/fiscal.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { fiscalConfig, type FiscalConfigRow } from '../../db/schema/fiscal.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { sealedTable } from '../../lib/sealed-columns.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { assertVersion } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { abrirPfx, CertificadoInvalidoError, type CertificadoA1 } from './certificado.js';
import { URLS_NACIONAIS, type ConexaoNacional } from './nfse-api.client.js';

/**
 * Configurações → Fiscal (issue 36 §2, ADR 0057): one row. The A1 certificate (.pfx) and its password are
 * opened on PUT (refused with a 422 that says why), then sealed with the installation's key
 * (lib/secret-box.ts) and never returned nor logged: the GET tells only the holder, CNPJ and validity.
 */
export const SEALED = {
  certificado: 'fiscal_config.certificado',
  senha: 'fiscal_config.senha_certificado',
} as const;

/** The sealed columns, which the installation key's rotation re-seals (ADR 0118). */
export const FISCAL_SEALED_COLUMNS = sealedTable({
  table: fiscalConfig,
  id: fiscalConfig.id,
  info: 'fiscal',
  columns: [
    [fiscalConfig.certificadoCifrado, SEALED.certificado],
    [fiscalConfig.senhaCertificadoCifrada, SEALED.senha],
  ],
});

export const boxOf = (ctx: Pick<AppContext, 'backupKey'>): SecretBox => FISCAL_SEALED_COLUMNS.boxOf(ctx);

/** The simulator's CA, trusted only in the process that runs it (NFSE_PROVIDER=simulado, tests). */
const cas = new WeakMap<object, string>();
export function confiarNaAcDeTeste(ctx: Pick<AppContext, 'db'>, caPem: string): void {
  cas.set(ctx.db, caPem);
}

export async function loadFiscalRow(db: DbOrTx): Promise<FiscalConfigRow> {
  const [row] = await db.select().from(fiscalConfig).where(eq(fiscalConfig.id, 1));
  if (row) return row;
  await db.insert(fiscalConfig).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(fiscalConfig).where(eq(fiscalConfig.id, 1));
  if (!created) throw new Error('fiscal_config: a linha não foi criada');
  return created;
}

function temCertificado(ctx: Pick<AppContext, 'backupKey'>, row: FiscalConfigRow): boolean {
  if (!row.certificadoCifrado || !row.senhaCertificadoCifrada) return false;
  try {
    boxOf(ctx).open(row.certificadoCifrado, SEALED.certificado);
    return true;
  } catch {
    // Sealed by another installation (a restored backup): typed in again.
    return false;
  }
}

/** The settings an NFS-e cannot go without that are still blank, in the words of Configurações → Fiscal. */
export function pendenciasDe(ctx: Pick<AppContext, 'backupKey'>, row: FiscalConfigRow): string[] {
  const required: [boolean, string][] = [
    [!!row.cnpj, 'CNPJ'],
    [!!row.municipioIbge, 'município (código IBGE)'],
    [!!row.inscricaoMunicipal, 'inscrição municipal'],
    [!!row.codigoNbs, 'código NBS'],
    [temCertificado(ctx, row), 'certificado A1'],
  ];
  return required.filter(([filled]) => !filled).map(([, name]) => name);
}

export const urlEfetiva = (row: FiscalConfigRow) =>
  (row.ambiente === 'producao' ? row.urlProducao : row.urlProducaoRestrita) ?? URLS_NACIONAIS[row.ambiente];

export function toFiscalConfiguracao(
  ctx: Pick<AppContext, 'backupKey'>,
  row: FiscalConfigRow,
): FiscalConfiguracao {
  const certificado = temCertificado(ctx, row);
  return {
    configurada: pendenciasDe(ctx, row).length === 0,
    cnpj: row.cnpj,
    inscricao_municipal: row.inscricaoMunicipal,
    municipio_ibge: row.municipioIbge,
    regime: row.regime,
    codigo_tributacao_nacional: row.codigoTributacaoNacional,
    codigo_nbs: row.codigoNbs,
    ibscbs_ind_op: row.ibscbsIndOp,
    ibscbs_cst: row.ibscbsCst,
    ibscbs_class_trib: row.ibscbsClassTrib,
    aliquota_iss_percentual: row.aliquotaIssBp / 100,
    ambiente: row.ambiente,
    serie: row.serie,
    proximo_numero_dps: row.proximoNumeroDps,
    somente_pagas: row.somentePagas,
    url_producao_restrita: row.urlProducaoRestrita,
    url_producao: row.urlProducao,
    url_efetiva: urlEfetiva(row),
    tem_certificado: certificado,
    certificado:
      certificado && row.certificadoValidoDe && row.certificadoValidoAte
        ? {
            titular: row.certificadoTitular ?? '',
            cnpj: row.certificadoCnpj,
            valido_de: row.certificadoValidoDe.toISOString(),
            valido_ate: row.certificadoValidoAte.toISOString(),
          }
        : null,
    version: row.version,
  };
}

export async function getFiscalConfiguracao(ctx: AppContext): Promise<FiscalConfiguracao> {
  return toFiscalConfiguracao(ctx, await loadFiscalRow(ctx.db));
}

const unprocessable = (path: string, message: string) =>
  new AppError('UNPROCESSABLE', message, [{ path, message }]);

export async function updateFiscalConfiguracao(
  ctx: AppContext,
  input: FiscalConfiguracaoData,
  version: number | undefined,
  actor: Actor,
): Promise<FiscalConfiguracao> {
  let aberto: CertificadoA1 | null = null;
  if (input.certificado_pfx !== undefined) {
    try {
      aberto = abrirPfx(input.certificado_pfx, input.senha_certificado ?? '', clock.now());
    } catch (error) {
      if (error instanceof CertificadoInvalidoError) throw unprocessable('certificado_pfx', error.message);
      throw error;
    }
    if (aberto.cnpj !== input.cnpj)
      throw unprocessable(
        'certificado_pfx',
        `O certificado é do CNPJ ${aberto.cnpj ?? '—'}, não do CNPJ informado: use o e-CNPJ da escola.`,
      );
  }
  const box = boxOf(ctx);
  const saved = await ctx.db.transaction(async (tx) => {
    await loadFiscalRow(tx);
    const [current] = await tx.select().from(fiscalConfig).where(eq(fiscalConfig.id, 1)).for('update');
    if (!current) throw new Error('fiscal_config: a linha sumiu');
    assertVersion(version, current.version);
    if (
      !aberto &&
      current.certificadoCnpj &&
      current.certificadoCnpj !== input.cnpj &&
      temCertificado(ctx, current)
    )
      throw unprocessable(
        'cnpj',
        'O CNPJ não é o do certificado guardado: envie o certificado A1 do novo CNPJ junto.',
      );
    const [row] = await tx
      .update(fiscalConfig)
      .set({
        cnpj: input.cnpj,
        inscricaoMunicipal: input.inscricao_municipal,
        municipioIbge: input.municipio_ibge,
        regime: input.regime,
        codigoTributacaoNacional: input.codigo_tributacao_nacional,
        codigoNbs: input.codigo_nbs,
        ibscbsIndOp: input.ibscbs_ind_op ?? null,
        ibscbsCst: input.ibscbs_cst ?? null,
        ibscbsClassTrib: input.ibscbs_class_trib ?? null,
        aliquotaIssBp: Math.round(input.aliquota_iss_percentual * 100),
        ambiente: input.ambiente,
        serie: input.serie,
        proximoNumeroDps: input.proximo_numero_dps,
        somentePagas: input.somente_pagas,
        urlProducaoRestrita: input.url_producao_restrita || null,
        urlProducao: input.url_producao || null,
        ...(aberto
          ? {
              certificadoCifrado: box.seal(
                (input.certificado_pfx ?? '').replace(/\s+/g, ''),
                SEALED.certificado,
              ),
              senhaCertificadoCifrada: box.seal(input.senha_certificado ?? '', SEALED.senha),
              certificadoTitular: aberto.titular,
              certificadoCnpj: aberto.cnpj,
              certificadoValidoDe: aberto.validoDe,
              certificadoValidoAte: aberto.validoAte,
            }
          : {}),
        version: current.version + 1,
        updatedAt: clock.now(),
      })
      .where(eq(fiscalConfig.id, 1))
      .returning();
    if (!row) throw new Error('fiscal_config: a linha sumiu');
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'fiscal_configuracao',
      details: {
        ambiente: row.ambiente,
        serie: row.serie,
        proximo_numero_dps: row.proximoNumeroDps,
        ...(aberto ? { certificado: 'trocado', certificado_valido_ate: aberto.validoAte.toISOString() } : {}),
      },
    });
    return row;
  });
  return toFiscalConfiguracao(ctx, saved);
}

/** What signing and sending need, opened from the sealed columns (never kept beyond the call). */
export interface Emissor {
  row: FiscalConfigRow;
  certificado: CertificadoA1;
  conexao: ConexaoNacional;
}

export class FiscalNaoConfiguradoError extends Error {}

export function emissorDe(ctx: Pick<AppContext, 'backupKey' | 'db'>, row: FiscalConfigRow): Emissor {
  if (pendenciasDe(ctx, row).length > 0)
    throw new FiscalNaoConfiguradoError(
      'Configure a NFS-e em Configurações → Fiscal (CNPJ, município, inscrição, NBS e o certificado A1).',
    );
  const box = boxOf(ctx);
  const pfx = box.open(row.certificadoCifrado ?? '', SEALED.certificado);
  const senha = box.open(row.senhaCertificadoCifrada ?? '', SEALED.senha);
  let certificado: CertificadoA1;
  try {
    certificado = abrirPfx(pfx, senha, clock.now());
  } catch (error) {
    throw new FiscalNaoConfiguradoError(
      error instanceof CertificadoInvalidoError ? error.message : 'Certificado A1 ilegível: envie-o de novo.',
    );
  }
  return {
    row,
    certificado,
    conexao: { baseUrl: urlEfetiva(row), pfx: Buffer.from(pfx, 'base64'), senha, ca: cas.get(ctx.db) },
  };
}

/**
 * 'Emitir notas' for the finance staff: ready, or what is missing and the refusal 'Emitir' would answer
 * (the same check, `emissorDe`, so the screen never offers what the server refuses).
 */
export async function getSituacaoEmissao(ctx: AppContext): Promise<NfseSituacao> {
  const row = await loadFiscalRow(ctx.db);
  try {
    emissorDe(ctx, row);
    return { pronta: true, faltando: [], motivo: null };
  } catch (error) {
    if (error instanceof FiscalNaoConfiguradoError)
      return { pronta: false, faltando: pendenciasDe(ctx, row), motivo: error.message };
    throw error;
  }
}
