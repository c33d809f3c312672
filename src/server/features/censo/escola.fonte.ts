/**
 * Records 00 and 10 (issue 37 part 1): the school's lines and the checks the layout cannot express.
 * The generic checks (required, list, size, form) are the writer's (arquivo.ts); here only what needs
 * the product's knowledge or several fields at once.
 */
import { eq } from 'drizzle-orm';
import {
  esferasRegulamentacao,
  formasContratacao,
  mantenedoras,
  poderesConveniados,
  rotuloDe,
} from '../../../shared/censo.codigos.js';
import type { CensoEscola, Pendencia } from '../../../shared/censo.schemas.js';
import { isValidCodigoIbge } from '../../../shared/fiscal.schemas.js';
import { isValidCnpj } from '../../../shared/settings.schemas.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { lerCensoEscola } from './escola.service.js';
import type { Campo, CensoContexto, FonteCenso, Linha, Valor } from './layout.js';

export { LINK_CENSO_ESCOLA } from './links.js';
import { LINK_CENSO_ESCOLA } from './links.js';

/** The screen's labels of record 00's fields (Configurações → Censo and → Escola). */
export const ROTULOS_00: Readonly<Record<string, string>> = {
  codigo_inep: 'Código INEP da escola',
  situacao_funcionamento: 'Situação de funcionamento',
  inicio_ano_letivo: 'Início do ano letivo (Calendário)',
  fim_ano_letivo: 'Fim do ano letivo (Calendário)',
  nome: 'Nome da escola (Configurações → Escola)',
  cep: 'CEP',
  municipio_ibge: 'Município (código IBGE)',
  distrito: 'Distrito (código IBGE)',
  logradouro: 'Logradouro',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
  ddd: 'Telefone (Configurações → Escola)',
  telefone: 'Telefone (Configurações → Escola)',
  telefone_outro: 'WhatsApp (Configurações → Escola)',
  email: 'E-mail (Configurações → Escola)',
  orgao_regional: 'Órgão regional de ensino',
  zona: 'Localização',
  localizacao_diferenciada: 'Localização diferenciada',
  categoria_privada: 'Categoria da escola privada',
  cnpj_mantenedora: 'CNPJ da mantenedora',
  cnpj_escola: 'CNPJ da escola',
  regulamentacao: 'Regulamentação/autorização',
  unidade_vinculada: 'Unidade vinculada',
  escola_sede_inep: 'Código INEP da escola sede',
  codigo_ies: 'Código da IES',
  ...Object.fromEntries(
    mantenedoras.map(([chave, rotulo]) => [`mantenedora_${chave}`, `Mantenedora: ${rotulo}`]),
  ),
  ...Object.fromEntries(
    poderesConveniados.map(([chave, rotulo]) => [`convenio_${chave}`, `Convênio: ${rotulo}`]),
  ),
  ...Object.fromEntries(
    esferasRegulamentacao.map(([chave, rotulo]) => [`esfera_${chave}`, `Esfera: ${rotulo}`]),
  ),
  ...Object.fromEntries(
    formasContratacao.flatMap(([chave, rotulo]) => [
      [`estadual_${chave}`, `Convênio estadual: ${rotulo}`],
      [`municipal_${chave}`, `Convênio municipal: ${rotulo}`],
    ]),
  ),
};

type Condicao = NonNullable<Campo['somenteQuando']>;
const condicaoDe = (campo: Campo): Condicao | undefined =>
  campo.somenteQuando ?? (typeof campo.obrigatorio === 'object' ? campo.obrigatorio : undefined);

/**
 * The values a record writes, in the layout's order: a conditional field stays empty unless its
 * condition holds (INEP refuses a value there); a required indicator is 0 when not checked; an optional
 * one (138 'Não há funcionários…') is 1 or empty, as i-Educar writes it.
 */
export function valoresDoRegistro(
  campos: readonly Campo[],
  brutos: Record<string, Valor>,
): Record<string, Valor> {
  const valores: Record<string, Valor> = {};
  const indicadores = new Set(
    campos.filter((campo) => campo.formato === 'indicador').map((campo) => campo.chave),
  );
  // A condition may name a later field (120–137 depend on 138): then its raw answer decides.
  const valorDe = (chave: string): Valor => {
    const valor = chave in valores ? valores[chave] : brutos[chave];
    return indicadores.has(chave) ? valor === true : valor;
  };
  for (const campo of campos) {
    if (campo.formato === 'fixo') continue;
    const condicao = condicaoDe(campo);
    if (condicao && !condicao.em.includes(valorDe(condicao.quando) as string | boolean | number)) {
      valores[campo.chave] = null;
      continue;
    }
    const bruto = brutos[campo.chave];
    if (campo.formato === 'indicador') {
      valores[campo.chave] = campo.obrigatorio ? bruto === true : bruto === true ? true : null;
    } else {
      valores[campo.chave] = bruto === undefined || bruto === '' ? null : bruto;
    }
  }
  return valores;
}

const marcado = (lista: readonly string[], chave: string) => lista.includes(chave);

async function anoLetivo(ctx: CensoContexto) {
  const [ano] = await ctx.db.select().from(schoolYears).where(eq(schoolYears.ano, ctx.ano));
  return ano ?? null;
}

function valores00(dados: CensoEscola, extra: Record<string, Valor>): Record<string, Valor> {
  const flags = (
    prefixo: string,
    lista: readonly (readonly [string, string])[],
    marcados: readonly string[],
  ) => Object.fromEntries(lista.map(([chave]) => [`${prefixo}${chave}`, marcado(marcados, chave)]));
  return {
    ...extra,
    codigo_inep: dados.codigo_inep,
    situacao_funcionamento: dados.situacao_funcionamento,
    cep: dados.cep,
    municipio_ibge: dados.municipio_ibge,
    distrito: dados.distrito,
    logradouro: dados.logradouro,
    numero: dados.numero,
    complemento: dados.complemento,
    bairro: dados.bairro,
    orgao_regional: dados.orgao_regional,
    zona: dados.zona,
    localizacao_diferenciada: dados.localizacao_diferenciada,
    // The product serves private schools (ADR 0059): dependência administrativa 4.
    dependencia_administrativa: '4',
    ...flags('mantenedora_', mantenedoras, dados.mantenedoras),
    categoria_privada: dados.categoria_privada,
    ...flags('convenio_', poderesConveniados, dados.convenios),
    ...flags('estadual_', formasContratacao, dados.formas_convenio_estadual),
    ...flags('municipal_', formasContratacao, dados.formas_convenio_municipal),
    cnpj_mantenedora: dados.cnpj_mantenedora,
    cnpj_escola: dados.cnpj_escola,
    regulamentacao: dados.regulamentacao,
    ...flags('esfera_', esferasRegulamentacao, dados.esferas_regulamentacao),
    unidade_vinculada: dados.unidade_vinculada,
    escola_sede_inep: dados.escola_sede_inep,
    codigo_ies: dados.codigo_ies,
  };
}

/** DDD and number of a phone kept as digits ('1134567890' → '11', '34567890'). */
function telefoneDe(digitos: string | null): { ddd: string | null; numero: string | null } {
  if (!digitos || digitos.length < 10) return { ddd: null, numero: null };
  const nacional = digitos.startsWith('55') && digitos.length > 11 ? digitos.slice(2) : digitos;
  return { ddd: nacional.slice(0, 2), numero: nacional.slice(2) };
}

export const escolaFonte: FonteCenso = {
  async linhas(ctx) {
    const { dados, identidade } = await lerCensoEscola(ctx.db);
    const ano = await anoLetivo(ctx);
    const telefone = telefoneDe(identidade.telefone);
    const outro = telefoneDe(identidade.whatsapp);
    const valores = valores00(dados, {
      inicio_ano_letivo: ano?.inicio ?? null,
      fim_ano_letivo: ano?.fim ?? null,
      nome: identidade.nome,
      ddd: telefone.ddd,
      telefone: telefone.numero,
      // The other phone only when it is another number of the same DDD (the layout has one DDD).
      telefone_outro: outro.ddd === telefone.ddd && outro.numero !== telefone.numero ? outro.numero : null,
      email: identidade.email,
    });
    const base = {
      entidade: 'escola',
      entidadeId: null,
      nome: identidade.nome,
      link: LINK_CENSO_ESCOLA,
    } as const;
    const r10 = ctx.layout.registros['10'];
    const rotulos10 = Object.fromEntries(
      r10
        .filter((campo) => campo.grupo)
        .map((campo) => [campo.chave, `${campo.grupo ?? ''}: ${campo.descricao}`]),
    );
    const linhas: Linha[] = [
      {
        ...base,
        tipo: '00',
        rotulos: ROTULOS_00,
        valores: valoresDoRegistro(ctx.layout.registros['00'], valores),
      },
      {
        ...base,
        tipo: '10',
        rotulos: { ...rotulos10, codigo_inep: ROTULOS_00.codigo_inep ?? 'Código INEP' },
        valores: valoresDoRegistro(r10, { ...dados.infraestrutura, codigo_inep: dados.codigo_inep }),
      },
    ];
    return linhas;
  },

  async pendencias(ctx) {
    const { dados, identidade } = await lerCensoEscola(ctx.db);
    const pendencias: Pendencia[] = [];
    const add = (registro: '00' | '10', campo: string, mensagem: string) =>
      pendencias.push({
        registro,
        entidade: 'escola',
        entidade_id: null,
        nome: identidade.nome,
        campo,
        mensagem,
        link: LINK_CENSO_ESCOLA,
      });
    const rotulo = (chave: string) => ROTULOS_00[chave] ?? chave;

    for (const chave of ['cnpj_escola', 'cnpj_mantenedora'] as const) {
      const cnpj = dados[chave];
      if (cnpj && !isValidCnpj(cnpj))
        add('00', rotulo(chave), 'CNPJ inválido: confira os dígitos verificadores.');
    }
    if (dados.municipio_ibge && !isValidCodigoIbge(dados.municipio_ibge))
      add('00', rotulo('municipio_ibge'), 'Código IBGE do município inválido: confira o dígito verificador.');
    if (
      dados.codigo_inep &&
      dados.municipio_ibge &&
      dados.codigo_inep.slice(0, 2) !== dados.municipio_ibge.slice(0, 2)
    )
      add(
        '00',
        rotulo('codigo_inep'),
        'O código INEP da escola começa pelo código da UF do município (os 2 primeiros dígitos do IBGE): confira os dois.',
      );
    if (dados.mantenedoras.length === 0)
      add('00', 'Mantenedora', 'Escola privada: marque ao menos um tipo de mantenedora.');
    if (dados.zona === '1' && dados.localizacao_diferenciada === '1')
      add(
        '00',
        rotulo('localizacao_diferenciada'),
        'Uma escola de zona urbana não pode estar em área de assentamento.',
      );
    if (
      dados.mantenedoras.includes('sem_fins_lucrativos') &&
      dados.regulamentacao === '1' &&
      !dados.cnpj_mantenedora
    )
      add(
        '00',
        rotulo('cnpj_mantenedora'),
        'Mantenedora sem fins lucrativos e escola regulamentada: informe o CNPJ da mantenedora principal.',
      );
    if (
      (dados.regulamentacao === '1' || dados.regulamentacao === '2') &&
      dados.esferas_regulamentacao.length === 0
    )
      add(
        '00',
        'Esfera da regulamentação',
        'Escola regulamentada ou em tramitação: marque a esfera do conselho ou órgão.',
      );
    if (dados.situacao_funcionamento === '1' && dados.convenios.length === 0)
      add(
        '00',
        'Parceria ou convênio',
        'Marque o poder público da parceria ou convênio, ou "Não possui parceria ou convênio".',
      );
    if (dados.convenios.includes('nao_possui') && dados.convenios.length > 1)
      add(
        '00',
        'Parceria ou convênio',
        '"Não possui parceria ou convênio" não combina com as outras opções.',
      );
    for (const esfera of ['estadual', 'municipal'] as const) {
      const formas = esfera === 'estadual' ? dados.formas_convenio_estadual : dados.formas_convenio_municipal;
      const campo = `Formas de contratação (${esfera})`;
      if (dados.convenios.includes(esfera) && formas.length === 0)
        add('00', campo, `Convênio com a secretaria ${esfera}: marque a forma de contratação.`);
      // INEP's rule as i-Educar checks it: a particular school only by contract of service; the
      // others (comunitária, confessional, filantrópica) only by the forms of Lei 13.019 or contract.
      const aceitas =
        dados.categoria_privada === '1'
          ? ['prestacao_servico']
          : ['termo_colaboracao', 'termo_fomento', 'acordo_cooperacao', 'prestacao_servico'];
      const recusadas = formas.filter((forma) => !aceitas.includes(forma));
      if (dados.convenios.includes(esfera) && recusadas.length > 0)
        add(
          '00',
          campo,
          `Forma de contratação não aceita para esta categoria de escola: ${recusadas.map((forma) => rotuloDe(formasContratacao, forma) ?? forma).join(', ')}.`,
        );
    }
    if (
      dados.unidade_vinculada === '1' &&
      dados.escola_sede_inep &&
      dados.escola_sede_inep === dados.codigo_inep
    )
      add('00', rotulo('escola_sede_inep'), 'A escola sede não pode ser a própria escola.');

    const ano = await anoLetivo(ctx);
    if (!ano)
      add('00', 'Ano letivo', `Não há ano letivo ${String(ctx.ano)} cadastrado: cadastre-o no Calendário.`);
    else {
      const inicio = Number(ano.inicio.slice(0, 4));
      const fim = Number(ano.fim.slice(0, 4));
      if (inicio !== ctx.ano && inicio !== ctx.ano - 1)
        add(
          '00',
          rotulo('inicio_ano_letivo'),
          `O ano letivo deve começar em ${String(ctx.ano - 1)} ou ${String(ctx.ano)}.`,
        );
      if (fim !== ctx.ano && fim !== ctx.ano + 1)
        add(
          '00',
          rotulo('fim_ano_letivo'),
          `O ano letivo deve terminar em ${String(ctx.ano)} ou ${String(ctx.ano + 1)}.`,
        );
    }

    pendencias.push(...pendenciasInfra(ctx, dados).map((item) => ({ ...item, nome: identidade.nome })));
    return pendencias;
  },
};

/** Record 10's checks across items: exclusive answers, a required question left unanswered, quantities. */
function pendenciasInfra(ctx: CensoContexto, dados: CensoEscola): Pendencia[] {
  const r10 = ctx.layout.registros['10'];
  const valores = valoresDoRegistro(r10, { ...dados.infraestrutura });
  const pendencias: Pendencia[] = [];
  const add = (campo: string, mensagem: string) =>
    pendencias.push({
      registro: '10',
      entidade: 'escola',
      entidade_id: null,
      nome: '',
      campo,
      mensagem,
      link: LINK_CENSO_ESCOLA,
    });
  const conjuntos = new Map<string, Campo[]>();
  for (const campo of r10) {
    if (!campo.grupo || campo.formato !== 'indicador') continue;
    const chave = `${campo.grupo}|${campo.conjunto ?? campo.grupo}`;
    conjuntos.set(chave, [...(conjuntos.get(chave) ?? []), campo]);
  }
  for (const itens of conjuntos.values()) {
    const grupo = itens[0]?.grupo ?? '';
    const exclusivo = itens.find((campo) => campo.exclusivo);
    const marcados = itens.filter((campo) => valores[campo.chave] === true);
    if (exclusivo && valores[exclusivo.chave] === true && marcados.length > 1)
      add(grupo, `"${exclusivo.descricao}" não combina com os outros itens marcados.`);
    // A question of several required items in force (their condition holds) needs an answer.
    const emVigor = itens.filter((campo) => campo.obrigatorio && valores[campo.chave] !== null);
    if (itens.length > 1 && emVigor.length === itens.length && marcados.length === 0)
      add(
        grupo,
        exclusivo
          ? `Marque ao menos um item (ou "${exclusivo.descricao}").`
          : `Marque ao menos um item: ${itens.map((campo) => campo.descricao).join(', ')}.`,
      );
  }
  const quantidades = r10.filter((campo) => campo.somenteQuando?.quando === 'sem_funcionarios');
  if (
    quantidades.length > 0 &&
    valores.sem_funcionarios !== true &&
    !quantidades.some((campo) => Number(valores[campo.chave] ?? 0) > 0)
  )
    add(
      'Profissionais (quantidades)',
      'Informe quantos profissionais atuam em ao menos uma função, ou marque "Não há funcionários para as funções listadas".',
    );
  const proprio = dados.codigo_inep;
  for (const campo of r10.filter((item) => item.chave.startsWith('compartilha_inep_')))
    if (proprio && valores[campo.chave] === proprio)
      add('Local de funcionamento', `${campo.descricao}: não pode ser o código da própria escola.`);
  return pendencias;
}
