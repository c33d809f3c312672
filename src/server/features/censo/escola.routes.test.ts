import { describe, expect, it } from 'vitest';
import type { CensoEscolaResponse, Pendencia } from '../../../shared/censo.schemas.js';
import { dataReferencia } from '../../../shared/censo.codigos.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { fiscalConfig } from '../../db/schema/fiscal.js';
import { settings } from '../../db/schema/settings.js';
import { userPerfis } from '../../db/schema/perfis.js';
import { censoEscolaDemo, seedCensoEscola } from '../../demo/seed-censo-escola.js';
import { dataOf, detailsOf, messageOf } from '../../test/records-fixtures.js';
import { createUserRow, loginAs, requestsOf, setupTestApp } from '../../test/test-app.js';
import { builtInPerfilId } from '../perfis/index.js';
import { escreverLinha, validar } from './arquivo.js';
import { escolaFonte } from './escola.fonte.js';
import type { CensoContexto, Linha } from './layout.js';
import { layoutDoAno } from './layouts/index.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
const ANO = 2025;

async function comPerfil(perfil: 'direcao' | 'secretaria' | 'financeiro' | 'professor') {
  const user = await createUserRow(t.database, perfil === 'professor' ? 'professor' : 'administrador');
  await t.database.db
    .delete(userPerfis)
    .where((await import('drizzle-orm')).eq(userPerfis.usuarioId, user.id));
  await t.database.db
    .insert(userPerfis)
    .values({ usuarioId: user.id, perfilId: await builtInPerfilId(t.database.db, perfil) });
  return loginAs(t.app, user.email);
}

const contexto = (): CensoContexto => ({
  db: t.database.db,
  ano: ANO,
  dataReferencia: dataReferencia(ANO),
  layout: layoutDoAno(ANO)!,
  hoje: '2025-11-30',
});

async function limpar() {
  const { eq } = await import('drizzle-orm');
  await t.database.db.delete(settings).where(eq(settings.key, 'censo_escola'));
  await t.database.db.delete(schoolYears);
}

/** The demo school's data in a fresh database, with the identity the demo's site gives. */
async function escolaPreenchida() {
  await limpar();
  await t.database.db.transaction((tx) => seedCensoEscola(tx));
  await t.database.db
    .insert(schoolYears)
    .values({ ano: ANO, inicio: '2025-02-03', fim: '2025-12-12' })
    .onConflictDoNothing();
  const cookie = await comPerfil('direcao');
  const escola = dataOf<{ version: number }>(await get('/api/configuracoes/escola', cookie));
  const saved = await send('PUT', '/api/configuracoes/escola', cookie, {
    nome: 'Colégio Horizonte',
    endereco: 'Rua das Acácias, 250 - Jardim Primavera, São Paulo - SP, 01234-000',
    telefone: '(11) 3456-7890',
    whatsapp: '(11) 93456-7890',
    email: 'contato@escola.edu.br',
    cnpj: '11222333000181',
    version: escola.version,
  });
  expect(saved.statusCode).toBe(200);
  return cookie;
}

const linhaDo = (linhas: Linha[], tipo: string) => linhas.find((linha) => linha.tipo === tipo)!;

describe('GET|PUT /api/censo/escola: who may', () => {
  it('answers the direction and the secretaria, refuses a teacher, the finance office and strangers', async () => {
    expect((await get('/api/censo/escola')).statusCode).toBe(401);
    expect((await get('/api/censo/escola', await comPerfil('direcao'))).statusCode).toBe(200);
    expect((await get('/api/censo/escola', await comPerfil('secretaria'))).statusCode).toBe(200);
    for (const perfil of ['professor', 'financeiro'] as const) {
      const cookie = await comPerfil(perfil);
      expect((await get('/api/censo/escola', cookie)).statusCode).toBe(403);
      expect((await send('PUT', '/api/censo/escola', cookie, { infraestrutura: {} })).statusCode).toBe(403);
    }
  });
});

describe('GET /api/censo/escola', () => {
  it('sends the record 10 catalogue grouped as the census groups it', async () => {
    await limpar();
    const data = dataOf<CensoEscolaResponse>(await get('/api/censo/escola', await comPerfil('direcao')));
    expect(data.catalogo.ano).toBe(2024);
    expect(data.catalogo.grupos.map((grupo) => grupo.nome)).toEqual([
      'Local de funcionamento',
      'Água',
      'Energia',
      'Esgoto',
      'Lixo',
      'Tratamento do lixo',
      'Dependências',
      'Acessibilidade',
      'Salas de aula',
      'Equipamentos',
      'Internet e rede',
      'Profissionais (quantidades)',
      'Alimentação',
      'Instrumentos e materiais',
      'Educação indígena',
      'Seleção e cotas',
      'Comunidade',
      'Órgãos colegiados',
      'Projeto pedagógico',
      'Educação ambiental',
    ]);
    const itens = data.catalogo.grupos.flatMap((grupo) => grupo.campos);
    // 186 fields less the record type and the school's code.
    expect(itens).toHaveLength(184);
    expect(itens.find((item) => item.chave === 'agua_inexistente')).toMatchObject({
      formato: 'indicador',
      exclusivo: true,
      conjunto: 'abastecimento',
    });
    expect(itens.find((item) => item.chave === 'forma_ocupacao')).toMatchObject({
      formato: 'codigo',
      opcoes: [
        ['1', 'Próprio'],
        ['2', 'Alugado'],
        ['3', 'Cedido'],
      ],
    });
    expect(itens.find((item) => item.chave === 'salas_dentro_predio')?.formato).toBe('numero');
    expect(itens.find((item) => item.chave === 'compartilha_inep_1')).toMatchObject({
      formato: 'codigo',
      tamanho: 8,
    });
  });

  it('fills what the product already knows: INEP code, CNPJ, address and the fiscal município', async () => {
    await limpar();
    const cookie = await comPerfil('direcao');
    const escola = dataOf<{ version: number }>(await get('/api/configuracoes/escola', cookie));
    const identidade = await send('PUT', '/api/configuracoes/escola', cookie, {
      nome: 'Escola Ipê',
      endereco: 'Av. Brasil, 1200 - Centro, Campinas - SP, 13010-000',
      cnpj: '11.222.333/0001-81',
      codigo_inep: '35000123',
      version: escola.version,
    });
    expect(identidade.statusCode, identidade.body).toBe(200);
    await t.database.db
      .insert(fiscalConfig)
      .values({ id: 1, municipioIbge: '3509502' })
      .onConflictDoUpdate({ target: fiscalConfig.id, set: { municipioIbge: '3509502' } });
    const response = await get('/api/censo/escola', cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { dados } = dataOf<CensoEscolaResponse>(response);
    expect(dados).toMatchObject({
      codigo_inep: '35000123',
      cnpj_escola: '11222333000181',
      municipio_ibge: '3509502',
      cep: '13010000',
      logradouro: 'Av. Brasil',
      numero: '1200',
      bairro: 'Centro',
      situacao_funcionamento: '1',
    });
    await t.database.db.delete(fiscalConfig);
  });
});

describe('PUT /api/censo/escola', () => {
  it('saves, bumps the version, audits the changed fields and refuses a stale version', async () => {
    await limpar();
    const cookie = await comPerfil('direcao');
    const first = dataOf<CensoEscolaResponse>(await get('/api/censo/escola', cookie));
    const saved = await send('PUT', '/api/censo/escola', cookie, {
      ...first.dados,
      categoria_privada: '3',
      infraestrutura: { predio_escolar: true, salas_dentro_predio: 8, forma_ocupacao: '1' },
      version: first.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(messageOf(saved)).toBe('Dados do Censo da escola salvos com sucesso');
    const data = dataOf<CensoEscolaResponse>(saved);
    expect(data.version).toBe(first.version + 1);
    expect(data.dados.categoria_privada).toBe('3');
    expect(data.dados.infraestrutura).toEqual({
      predio_escolar: true,
      salas_dentro_predio: 8,
      forma_ocupacao: '1',
    });

    const stale = await send('PUT', '/api/censo/escola', cookie, { ...first.dados, version: first.version });
    expect(stale.statusCode).toBe(412);

    const audit = dataOf<{ items: { acao: string; entidade: string; detalhes: { campos: string[] } }[] }>(
      await get('/api/auditoria?entidade=censo_escola', cookie),
    );
    expect(audit.items[0]).toMatchObject({ acao: 'atualizar', entidade: 'censo_escola' });
    expect(audit.items[0]?.detalhes.campos).toEqual(['categoria_privada', 'infraestrutura']);
  });

  it('refuses an item outside the catalogue and a value of the wrong kind, naming the item (422)', async () => {
    await limpar();
    const cookie = await comPerfil('secretaria');
    const cases: [Record<string, unknown>, string][] = [
      [{ piscina_olimpica: true }, 'Item de infraestrutura desconhecido: piscina_olimpica'],
      [{ biblioteca: 3 }, '"Biblioteca": marque ou desmarque (sim/não)'],
      [{ salas_dentro_predio: true }, 'informe uma quantidade'],
      [{ forma_ocupacao: '9' }, '"Forma de ocupação do prédio": opção inválida'],
      [{ compartilha_inep_1: '12ab' }, 'use só dígitos (até 8)'],
    ];
    for (const [infraestrutura, mensagem] of cases) {
      const response = await send('PUT', '/api/censo/escola', cookie, { infraestrutura });
      expect(response.statusCode, mensagem).toBe(422);
      expect(messageOf(response)).toContain(mensagem);
      expect(detailsOf(response)[0]?.path).toBe(`infraestrutura.${Object.keys(infraestrutura)[0] ?? ''}`);
    }
  });

  it('refuses a malformed code with a message in Portuguese (400)', async () => {
    const cookie = await comPerfil('direcao');
    const response = await send('PUT', '/api/censo/escola', cookie, { codigo_inep: '123' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('O código INEP da escola tem 8 dígitos');
  });
});

describe('escolaFonte', () => {
  it('writes the 00 and 10 lines of a filled school with no pendência', async () => {
    await escolaPreenchida();
    const ctx = contexto();
    const linhas = await escolaFonte.linhas(ctx);
    expect(linhas.map((linha) => linha.tipo)).toEqual(['00', '10']);
    const r00 = linhaDo(linhas, '00');
    expect(r00).toMatchObject({
      entidade: 'escola',
      link: '/dashboard/relatorios/censo?aba=escola',
      nome: 'Colégio Horizonte',
    });
    expect(r00.valores).toMatchObject({
      codigo_inep: '35099871',
      situacao_funcionamento: '1',
      inicio_ano_letivo: '2025-02-03',
      fim_ano_letivo: '2025-12-12',
      nome: 'Colégio Horizonte',
      cep: '01234000',
      municipio_ibge: '3550308',
      distrito: '05',
      logradouro: 'Rua das Acácias',
      numero: '250',
      bairro: 'Jardim Primavera',
      ddd: '11',
      telefone: '34567890',
      telefone_outro: '934567890',
      email: 'contato@escola.edu.br',
      zona: '1',
      dependencia_administrativa: '4',
      mantenedora_empresa: true,
      mantenedora_ong: false,
      categoria_privada: '1',
      convenio_nao_possui: true,
      cnpj_escola: '11222333000181',
      regulamentacao: '1',
      esfera_estadual: true,
      esfera_federal: false,
      unidade_vinculada: '0',
    });
    // Conditional fields stay empty: a private school names no public body; no partnership, no forms.
    expect(r00.valores.orgao_educacao).toBeNull();
    expect(r00.valores.estadual_prestacao_servico).toBeNull();
    expect(r00.valores.escola_sede_inep).toBeNull();
    expect(r00.rotulos?.codigo_inep).toBe('Código INEP da escola');

    const r10 = linhaDo(linhas, '10').valores;
    expect(r10).toMatchObject({
      codigo_inep: '35099871',
      predio_escolar: true,
      galpao: false,
      forma_ocupacao: '2',
      predio_compartilhado: false,
      agua_inexistente: false,
      salas_dentro_predio: 14,
      qtd_desktops_alunos: 20,
      banda_larga: true,
      rede_nenhuma: false,
      qtd_servicos_gerais: 6,
      alimentacao_escolar: false,
    });
    expect(r10.compartilha_inep_1).toBeNull();
    expect(r10.sem_funcionarios).toBeNull();
    expect(r10.lingua_indigena).toBeNull();
    expect(r10.cota_ppi).toBeNull();
    expect(await escolaFonte.pendencias(ctx)).toEqual([]);
    // Through the file writer: no generic pendência, and INEP's field counts with accents removed.
    expect(validar(ctx.layout, linhas)).toEqual([]);
    const [linha00, linha10] = linhas.map((linha) => escreverLinha(ctx.layout, linha));
    expect(linha00?.split('|')).toHaveLength(56);
    expect(linha10?.split('|')).toHaveLength(186);
    expect(linha00).toContain('|RUA DAS ACACIAS|250||JARDIM PRIMAVERA|11|34567890|934567890|');
    expect(
      linha00?.startsWith('00|35099871|1|03/02/2025|12/12/2025|COLEGIO HORIZONTE|01234000|3550308|05|'),
    ).toBe(true);
  });

  it('empties the quantities when there are no such employees and the LAN items without computers', async () => {
    await escolaPreenchida();
    const { eq } = await import('drizzle-orm');
    const infraestrutura = { ...censoEscolaDemo.infraestrutura, sem_funcionarios: true, computadores: false };
    await t.database.db
      .update(settings)
      .set({ value: { ...censoEscolaDemo, infraestrutura } })
      .where(eq(settings.key, 'censo_escola'));
    const r10 = linhaDo(await escolaFonte.linhas(contexto()), '10').valores;
    expect(r10.sem_funcionarios).toBe(true);
    expect(r10.qtd_servicos_gerais).toBeNull();
    expect(r10.rede_cabo).toBeNull();
    expect(r10.qtd_desktops_alunos).toBeNull();
  });
});

describe('escolaFonte: pendências', () => {
  async function pendenciasCom(mudancas: Record<string, unknown>, infra: Record<string, unknown> = {}) {
    await escolaPreenchida();
    const { eq } = await import('drizzle-orm');
    const value = {
      ...censoEscolaDemo,
      ...mudancas,
      infraestrutura: { ...censoEscolaDemo.infraestrutura, ...infra },
    };
    await t.database.db.update(settings).set({ value }).where(eq(settings.key, 'censo_escola'));
    return escolaFonte.pendencias(contexto());
  }
  const mensagens = (pendencias: Pendencia[]) => pendencias.map((item) => `${item.campo}: ${item.mensagem}`);

  it.each([
    [{ cnpj_mantenedora: '11222333000182' }, {}, 'CNPJ da mantenedora: CNPJ inválido'],
    [{ municipio_ibge: '3550309' }, {}, 'Município (código IBGE): Código IBGE do município inválido'],
    [
      { codigo_inep: '33099871' },
      {},
      'Código INEP da escola: O código INEP da escola começa pelo código da UF',
    ],
    [{ mantenedoras: [] }, {}, 'Mantenedora: Escola privada: marque ao menos um tipo de mantenedora'],
    [{ localizacao_diferenciada: '1' }, {}, 'não pode estar em área de assentamento'],
    [{ esferas_regulamentacao: [] }, {}, 'Esfera da regulamentação: Escola regulamentada'],
    [{ convenios: [] }, {}, 'Parceria ou convênio: Marque o poder público'],
    [{ convenios: ['nao_possui', 'estadual'] }, {}, '"Não possui parceria ou convênio" não combina'],
    [
      { convenios: ['municipal'] },
      {},
      'Formas de contratação (municipal): Convênio com a secretaria municipal',
    ],
    [
      { convenios: ['estadual'], formas_convenio_estadual: ['termo_fomento'] },
      {},
      'Forma de contratação não aceita para esta categoria de escola: Termo de fomento',
    ],
    [
      { mantenedoras: ['sem_fins_lucrativos'], cnpj_mantenedora: null },
      {},
      'informe o CNPJ da mantenedora principal',
    ],
    [{}, { agua_inexistente: true }, 'Água: "Não há abastecimento de água" não combina'],
    [{}, { lixo_coleta: false }, 'Lixo: Marque ao menos um item: Destinação do lixo'],
    [
      {},
      { educacao_ambiental: true, ambiental_conteudo: false, ambiental_projetos: false },
      'Educação ambiental: Marque ao menos um item (ou "Nenhuma',
    ],
    [
      {},
      { internet_alunos: true, acesso_computadores_escola: false },
      'Internet e rede: Marque ao menos um item',
    ],
    [
      {},
      {
        qtd_auxiliares_administrativos: 0,
        qtd_servicos_gerais: 0,
        qtd_bibliotecarios: 0,
        qtd_coordenador_turno: 0,
        qtd_nutricionistas: 0,
        qtd_psicologos: 0,
        qtd_alimentacao: 0,
        qtd_apoio_pedagogico: 0,
        qtd_secretario_escolar: 0,
        qtd_seguranca: 0,
        qtd_vice_diretor: 0,
      },
      'Profissionais (quantidades): Informe quantos profissionais',
    ],
    [
      {},
      { predio_compartilhado: true, compartilha_inep_1: '35099871' },
      'não pode ser o código da própria escola',
    ],
  ])('%j %j → %s', async (mudancas, infra, esperado) => {
    const pendencias = await pendenciasCom(mudancas, infra);
    expect(mensagens(pendencias).join('\n')).toContain(esperado);
    expect(
      pendencias.every(
        (item) => item.link === '/dashboard/relatorios/censo?aba=escola' && item.nome === 'Colégio Horizonte',
      ),
    ).toBe(true);
  });

  it('asks for the school year of the census', async () => {
    await escolaPreenchida();
    await t.database.db.delete(schoolYears);
    expect(mensagens(await escolaFonte.pendencias(contexto()))).toEqual([
      'Ano letivo: Não há ano letivo 2025 cadastrado: cadastre-o no Calendário.',
    ]);
  });
});
