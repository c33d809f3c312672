import { censoEscolaSchema, type CensoEscola } from '../../shared/censo.schemas.js';
import type { DbOrTx } from '../db/client.js';
import { settings } from '../db/schema/settings.js';
import { CENSO_ESCOLA_KEY } from '../features/censo/index.js';

const sim = (...chaves: string[]) => Object.fromEntries(chaves.map((chave) => [chave, true]));

/**
 * The demo school's census data (issue 37 part 1): a small urban private school in São Paulo, kept by a
 * company, regulated by the state council, no public partnership. The INEP code and the district are
 * made up (a code starting with 35, São Paulo's UF); the CNPJ and the address come from Configurações →
 * Escola and the site, so they are not repeated here.
 */
export const censoEscolaDemo: CensoEscola = censoEscolaSchema.parse({
  codigo_inep: '35099871',
  situacao_funcionamento: '1',
  categoria_privada: '1',
  mantenedoras: ['empresa'],
  regulamentacao: '1',
  esferas_regulamentacao: ['estadual'],
  convenios: ['nao_possui'],
  unidade_vinculada: '0',
  zona: '1',
  localizacao_diferenciada: '7',
  municipio_ibge: '3550308',
  distrito: '05',
  infraestrutura: {
    ...sim('predio_escolar', 'agua_potavel', 'agua_rede_publica', 'energia_rede_publica'),
    ...sim('esgoto_rede_publica', 'lixo_coleta', 'lixo_separacao', 'lixo_reciclagem'),
    ...sim('almoxarifado', 'banheiro', 'banheiro_acessivel', 'banheiro_infantil', 'banheiro_funcionarios'),
    ...sim('biblioteca', 'cozinha', 'despensa', 'laboratorio_ciencias', 'laboratorio_informatica'),
    ...sim('parque_infantil', 'patio_coberto', 'quadra_coberta', 'refeitorio', 'sala_artes'),
    ...sim('sala_diretoria', 'sala_professores', 'sala_secretaria'),
    ...sim('corrimao', 'portas_80cm', 'rampas', 'sinalizacao_visual'),
    ...sim('computadores', 'copiadora', 'impressora', 'impressora_multifuncional', 'scanner'),
    ...sim('internet_administrativo', 'internet_ensino', 'internet_alunos', 'acesso_computadores_escola'),
    ...sim('banda_larga', 'rede_cabo', 'rede_wireless'),
    ...sim('acervo_multimidia', 'brinquedos_infantil', 'materiais_cientificos', 'amplificacao_som'),
    ...sim('instrumentos_musicais', 'jogos_educativos', 'materiais_culturais', 'materiais_desportivos'),
    ...sim('site_redes_sociais', 'usa_entorno', 'associacao_pais_mestres', 'conselho_escolar'),
    ...sim('gremio_estudantil', 'ppp_atualizado', 'educacao_ambiental', 'ambiental_conteudo'),
    ...sim('ambiental_projetos'),
    forma_ocupacao: '2',
    predio_compartilhado: false,
    salas_dentro_predio: 14,
    salas_fora_predio: 0,
    salas_climatizadas: 6,
    salas_acessiveis: 14,
    qtd_som: 4,
    qtd_televisao: 8,
    qtd_projetor: 10,
    qtd_lousa_digital: 2,
    qtd_desktops_alunos: 20,
    qtd_portateis_alunos: 10,
    qtd_auxiliares_administrativos: 3,
    qtd_servicos_gerais: 6,
    qtd_bibliotecarios: 1,
    qtd_coordenador_turno: 2,
    qtd_nutricionistas: 1,
    qtd_psicologos: 1,
    qtd_alimentacao: 3,
    qtd_apoio_pedagogico: 3,
    qtd_secretario_escolar: 1,
    qtd_seguranca: 1,
    qtd_vice_diretor: 1,
    alimentacao_escolar: false,
  },
});

export async function seedCensoEscola(tx: DbOrTx): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: CENSO_ESCOLA_KEY, value: { ...censoEscolaDemo }, version: 1 })
    .onConflictDoNothing();
}
