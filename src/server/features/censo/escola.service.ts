/**
 * The school's census data (records 00 and 10, issue 37 part 1): the settings document `censo_escola`
 * and the record 10 catalogue the Configurações → Censo screen is drawn from. What the product already
 * knows (the INEP code and the CNPJ on Configurações → Escola, the address on the site, the município on
 * Configurações → Fiscal) fills the fields the school has not answered here, so nothing is asked twice.
 */
import { eq } from 'drizzle-orm';
import { codigosDe, formasOcupacaoPredio, type Opcao } from '../../../shared/censo.codigos.js';
import {
  censoEscolaSchema,
  type CatalogoInfra,
  type CensoEscola,
  type CensoEscolaResponse,
} from '../../../shared/censo.schemas.js';
import { isValidCnpj, normalizeCnpj } from '../../../shared/settings.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { fiscalConfig } from '../../db/schema/fiscal.js';
import { settings } from '../../db/schema/settings.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { assertVersion } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { CENSO_ESCOLA_KEY, getSchoolIdentity, type StoredSchoolIdentity } from '../settings/index.js';
import type { Campo, LayoutAno } from './layout.js';
import { layoutDoAno } from './layouts/index.js';

export { CENSO_ESCOLA_KEY };

/** Record 10's fields the screen does not ask (the record type and the school's code come from 00). */
const FORA_DO_CATALOGO = new Set(['tipo_registro', 'codigo_inep']);

/** The record 10 items of a layout the screen asks, in order. */
export function itensInfra(layout: LayoutAno): Campo[] {
  return layout.registros['10'].filter((campo) => !FORA_DO_CATALOGO.has(campo.chave));
}

/** The catalogue of record 10 grouped for the screen (groups in the layout's order). */
export function catalogoDe(layout: LayoutAno): CatalogoInfra {
  const grupos: CatalogoInfra['grupos'] = [];
  for (const campo of itensInfra(layout)) {
    const nome = campo.grupo ?? 'Outros';
    let grupo = grupos.find((candidate) => candidate.nome === nome);
    if (!grupo) {
      grupo = { nome, campos: [] };
      grupos.push(grupo);
    }
    const opcoes = opcoesDe(campo);
    grupo.campos.push({
      chave: campo.chave,
      descricao: campo.descricao,
      formato:
        campo.formato === 'indicador' ? 'indicador' : campo.formato === 'inteiro' ? 'numero' : 'codigo',
      ...(opcoes ? { opcoes } : {}),
      ...(campo.exclusivo ? { exclusivo: true } : {}),
      conjunto: campo.conjunto ?? nome,
      ...(campo.formato === 'numero' && campo.tamanho ? { tamanho: campo.tamanho } : {}),
    });
  }
  return { ano: layout.ano, grupos };
}

/** The shared lists record 10's code fields use (the layout holds the codes, the lists their labels). */
const LISTAS_INFRA: readonly (readonly Opcao[])[] = [formasOcupacaoPredio];

/** A code field's options with their labels (the code itself where no shared list has it). */
function opcoesDe(campo: Campo): [string, string][] | undefined {
  if (campo.formato !== 'codigo' || !campo.codigos) return undefined;
  const codigos = campo.codigos;
  const lista = LISTAS_INFRA.find(
    (candidate) =>
      candidate.length === codigos.length && codigosDe(candidate).every((codigo) => codigos.includes(codigo)),
  );
  return lista
    ? lista.map(([codigo, rotulo]) => [codigo, rotulo])
    : codigos.map((codigo) => [codigo, codigo]);
}

const onlyDigits = (value: string | null): string | null => {
  const digits = value?.replace(/\D/g, '') ?? '';
  return digits === '' ? null : digits;
};

/**
 * An address written on one line as the site shows it ('Rua das Acácias, 250 - Jardim Primavera, São
 * Paulo - SP, 01234-000'): its street, number, district and CEP when it has that shape, else nothing.
 */
export function partesDoEndereco(endereco: string | null): Partial<CensoEscola> {
  if (!endereco) return {};
  const cep = /(\d{5})-?(\d{3})$/.exec(endereco.trim());
  const [rua, numeroEBairro] = endereco.split(',').map((parte) => parte.trim());
  const [numero, bairro, ...resto] = (numeroEBairro ?? '').split(' - ').map((parte) => parte.trim());
  const temForma =
    rua &&
    numero &&
    bairro &&
    resto.length === 0 &&
    rua.length <= 100 &&
    numero.length <= 10 &&
    bairro.length <= 50;
  return {
    ...(cep ? { cep: `${cep[1] ?? ''}${cep[2] ?? ''}` } : {}),
    ...(temForma ? { logradouro: rua, numero, bairro } : {}),
  };
}

/** What the product already knows, for the fields the school has not answered. */
async function conhecidos(db: DbOrTx, identidade: StoredSchoolIdentity): Promise<Partial<CensoEscola>> {
  const [fiscal] = await db
    .select({ cnpj: fiscalConfig.cnpj, municipio: fiscalConfig.municipioIbge })
    .from(fiscalConfig)
    .where(eq(fiscalConfig.id, 1));
  const cnpj = [fiscal?.cnpj, identidade.cnpj]
    .map((value) => (value ? normalizeCnpj(value) : null))
    .find((value) => value !== null && /^\d{14}$/.test(value) && isValidCnpj(value));
  const inep = onlyDigits(identidade.codigo_inep);
  return {
    ...partesDoEndereco(identidade.endereco),
    ...(inep && /^\d{8}$/.test(inep) ? { codigo_inep: inep } : {}),
    ...(cnpj ? { cnpj_escola: cnpj } : {}),
    ...(fiscal?.municipio ? { municipio_ibge: fiscal.municipio } : {}),
    // A school running the product is open, and most schools are not another's annex.
    situacao_funcionamento: '1',
    unidade_vinculada: '0',
  };
}

interface Documento {
  salvo: CensoEscola;
  version: number;
}

async function lerDocumento(db: DbOrTx, lock = false): Promise<Documento> {
  const query = db.select().from(settings).where(eq(settings.key, CENSO_ESCOLA_KEY));
  const [row] = lock ? await query.for('update') : await query;
  const vazio = censoEscolaSchema.parse({});
  // A document never saved reads as version 1 (a version is positive), its first save writes 2.
  if (!row) return { salvo: vazio, version: 1 };
  // A value a later schema refuses (a restored older backup) falls back to empty, field by field.
  const salvo: Record<string, unknown> = { ...vazio };
  for (const key of Object.keys(vazio)) {
    const candidate = censoEscolaSchema.safeParse({ ...vazio, [key]: row.value[key] });
    if (candidate.success) salvo[key] = candidate.data[key as keyof CensoEscola];
  }
  return { salvo: salvo as CensoEscola, version: row.version };
}

/** The document merged with what the product knows: a field left empty takes the known value. */
function comConhecidos(salvo: CensoEscola, known: Partial<CensoEscola>): CensoEscola {
  const merged: Record<string, unknown> = { ...salvo };
  for (const [key, value] of Object.entries(known)) {
    if (merged[key] === null || merged[key] === undefined) merged[key] = value;
  }
  return merged as CensoEscola;
}

/** The school's census data as the file and the screen see it, plus the school's identity. */
export async function lerCensoEscola(
  db: DbOrTx,
): Promise<{ dados: CensoEscola; version: number; identidade: StoredSchoolIdentity }> {
  const identidade = await getSchoolIdentity(db, { own: true });
  const documento = await lerDocumento(db);
  return {
    dados: comConhecidos(documento.salvo, await conhecidos(db, identidade)),
    version: documento.version,
    identidade,
  };
}

function layoutAtual(): LayoutAno {
  const ano = Number(clock.today().slice(0, 4));
  const layout = layoutDoAno(ano);
  if (!layout) throw new AppError('NOT_FOUND', `Não há leiaute do Censo Escolar para ${String(ano)}.`);
  return layout;
}

export async function getCensoEscola(db: DbOrTx): Promise<CensoEscolaResponse> {
  const { dados, version } = await lerCensoEscola(db);
  return { dados, version, catalogo: catalogoDe(layoutAtual()) };
}

const invalido = (path: string, message: string) =>
  new AppError('UNPROCESSABLE', message, [{ path, message }]);

/** Each infrastructure answer must be an item of the current catalogue and of its item's kind. */
export function conferirInfra(infra: CensoEscola['infraestrutura'], layout: LayoutAno): void {
  const itens = new Map(itensInfra(layout).map((campo) => [campo.chave, campo]));
  for (const [chave, valor] of Object.entries(infra)) {
    const campo = itens.get(chave);
    const path = `infraestrutura.${chave}`;
    if (!campo) throw invalido(path, `Item de infraestrutura desconhecido: ${chave}`);
    const nome = `"${campo.descricao}"`;
    if (campo.formato === 'indicador' && typeof valor !== 'boolean')
      throw invalido(path, `${nome}: marque ou desmarque (sim/não)`);
    if (campo.formato === 'inteiro' && typeof valor !== 'number')
      throw invalido(path, `${nome}: informe uma quantidade`);
    if (campo.formato === 'codigo' && (typeof valor !== 'string' || !(campo.codigos ?? []).includes(valor)))
      throw invalido(path, `${nome}: opção inválida`);
    if (campo.formato === 'numero') {
      const limite = campo.tamanho ?? 20;
      if (typeof valor !== 'string' || valor.length > limite || !/^\d+$/.test(valor))
        throw invalido(path, `${nome}: use só dígitos (até ${String(limite)})`);
    }
  }
}

export async function updateCensoEscola(
  ctx: AppContext,
  input: CensoEscola,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<CensoEscolaResponse> {
  const layout = layoutAtual();
  conferirInfra(input.infraestrutura, layout);
  const version = await ctx.db.transaction(async (tx) => {
    const atual = await lerDocumento(tx, true);
    assertVersion(expectedVersion, atual.version);
    const next = atual.version + 1;
    const now = new Date();
    // A field equal to what the product knows is kept empty, so it keeps following the product (a CNPJ
    // corrected on Configurações → Escola reaches the census too).
    const known = await conhecidos(tx, await getSchoolIdentity(tx, { own: true }));
    const value = { ...input } as Record<string, unknown>;
    for (const [key, conhecido] of Object.entries(known)) if (value[key] === conhecido) value[key] = null;
    await tx
      .insert(settings)
      .values({ key: CENSO_ESCOLA_KEY, value, version: next, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value, version: next, updatedAt: now, updatedBy: actor.id },
      });
    const depois = comConhecidos(value as CensoEscola, known) as Record<string, unknown>;
    const antesComConhecidos = comConhecidos(atual.salvo, known) as Record<string, unknown>;
    const campos = Object.keys(input).filter(
      (key) => JSON.stringify(antesComConhecidos[key]) !== JSON.stringify(depois[key]),
    );
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'censo_escola',
      entityId: 'escola',
      details: { campos },
    });
    return next;
  });
  const { dados } = await lerCensoEscola(ctx.db);
  return { dados, version, catalogo: catalogoDe(layout) };
}
