import { codigosDe, formasOcupacaoPredio } from '../../../../../shared/censo.codigos.js';
import type { Campo, Obrigatoriedade } from '../../layout.js';
import { codigoEscola } from './comuns.js';

/**
 * Record 10 (Caracterização e infraestrutura da escola) of the 2024 layout: 186 fields, in the order and
 * with the numbers of INEP's layout as i-Educar's Registro10.php lists them (late-2024 snapshot). Each
 * item carries the group the Configurações → Censo screen shows it in and, inside a group, its conjunto
 * (the question it answers): an exclusive item ('Não há…', 'Nenhum…') excludes the others of its
 * conjunto, and a conjunto of several required indicators needs one checked (escola.fonte's check).
 * Which conditional fields are required follows i-Educar's export (it writes them only under the same
 * condition); where i-Educar writes a field always and INEP's PDF was not at hand, the field is optional
 * here and says so.
 */
type Opcoes = Partial<Pick<Campo, 'exclusivo' | 'conjunto' | 'somenteQuando' | 'tamanho' | 'codigos'>>;

const sempre: Obrigatoriedade = true;
const se = (quando: string, ...em: (string | boolean)[]): Obrigatoriedade => ({ quando, em });

let grupoAtual = '';
let conjuntoAtual: string | undefined;
/** Sets the group (and conjunto) of the items that follow. */
function grupo(nome: string, conjunto?: string): void {
  grupoAtual = nome;
  conjuntoAtual = conjunto;
}
function campo(
  n: number,
  chave: string,
  descricao: string,
  formato: Campo['formato'],
  obrigatorio: Obrigatoriedade | undefined,
  opcoes: Opcoes = {},
): Campo {
  return {
    n,
    chave,
    descricao,
    formato,
    ...(obrigatorio === undefined ? {} : { obrigatorio }),
    grupo: grupoAtual,
    ...(conjuntoAtual ? { conjunto: conjuntoAtual } : {}),
    ...opcoes,
  };
}
const ind = (n: number, chave: string, descricao: string, obrigatorio?: Obrigatoriedade, opcoes?: Opcoes) =>
  campo(n, chave, descricao, 'indicador', obrigatorio, opcoes);
const nenhum = (n: number, chave: string, descricao: string, obrigatorio?: Obrigatoriedade) =>
  campo(n, chave, descricao, 'indicador', obrigatorio, { exclusivo: true });
const qtd = (n: number, chave: string, descricao: string, obrigatorio?: Obrigatoriedade, opcoes?: Opcoes) =>
  campo(n, chave, descricao, 'inteiro', obrigatorio, { tamanho: 4, ...opcoes });
const inep = (n: number, chave: string, descricao: string, obrigatorio?: Obrigatoriedade) =>
  campo(n, chave, descricao, 'numero', obrigatorio, {
    tamanho: 8,
    somenteQuando: { quando: 'predio_compartilhado', em: [true] },
  });

const predio = se('predio_escolar', true);
const computadores = { quando: 'computadores', em: [true] } as const;
const semFuncionarios = { quando: 'sem_funcionarios', em: [false] } as const;

const campos: Campo[] = [
  { n: 1, chave: 'tipo_registro', descricao: 'Tipo de registro', formato: 'fixo', valor: '10' },
  codigoEscola(2, 'codigo_inep'),
];
grupo('Local de funcionamento', 'local');
campos.push(
  ind(3, 'predio_escolar', 'Prédio escolar', sempre),
  ind(4, 'salas_outra_escola', 'Salas em outra escola', sempre),
  ind(5, 'galpao', 'Galpão/rancho/paiol/barracão', sempre),
  ind(6, 'unidade_socioeducativa', 'Unidade de atendimento socioeducativa', sempre),
  ind(7, 'unidade_prisional', 'Unidade prisional', sempre),
  ind(8, 'local_outros', 'Outros', sempre),
);
grupo('Local de funcionamento', 'ocupacao');
campos.push(
  campo(9, 'forma_ocupacao', 'Forma de ocupação do prédio', 'codigo', predio, {
    codigos: codigosDe(formasOcupacaoPredio),
  }),
);
grupo('Local de funcionamento', 'compartilhado');
campos.push(ind(10, 'predio_compartilhado', 'Prédio escolar compartilhado com outra escola', predio));
grupo('Local de funcionamento', 'compartilha_com');
campos.push(
  inep(
    11,
    'compartilha_inep_1',
    'Código da escola com a qual compartilha (1)',
    se('predio_compartilhado', true),
  ),
  inep(12, 'compartilha_inep_2', 'Código da escola com a qual compartilha (2)'),
  inep(13, 'compartilha_inep_3', 'Código da escola com a qual compartilha (3)'),
  inep(14, 'compartilha_inep_4', 'Código da escola com a qual compartilha (4)'),
  inep(15, 'compartilha_inep_5', 'Código da escola com a qual compartilha (5)'),
  inep(16, 'compartilha_inep_6', 'Código da escola com a qual compartilha (6)'),
);
grupo('Água', 'agua_potavel');
campos.push(ind(17, 'agua_potavel', 'Fornece água potável para o consumo humano', sempre));
grupo('Água', 'abastecimento');
campos.push(
  ind(18, 'agua_rede_publica', 'Abastecimento de água: rede pública', sempre),
  ind(19, 'agua_poco_artesiano', 'Poço artesiano', sempre),
  ind(20, 'agua_cacimba', 'Cacimba/cisterna/poço', sempre),
  ind(21, 'agua_fonte_rio', 'Fonte/rio/igarapé/riacho/córrego', sempre),
  ind(22, 'agua_carro_pipa', 'Carro-pipa', sempre),
  nenhum(23, 'agua_inexistente', 'Não há abastecimento de água', sempre),
);
grupo('Energia', 'energia');
campos.push(
  ind(24, 'energia_rede_publica', 'Fonte de energia elétrica: rede pública', sempre),
  ind(25, 'energia_gerador', 'Gerador movido a combustível fóssil', sempre),
  ind(
    26,
    'energia_renovavel',
    'Fontes de energia renováveis ou alternativas (solar, eólica, biodigestor…)',
    sempre,
  ),
  nenhum(27, 'energia_inexistente', 'Não há energia elétrica', sempre),
);
grupo('Esgoto', 'esgoto');
campos.push(
  ind(28, 'esgoto_rede_publica', 'Esgotamento sanitário: rede pública', sempre),
  ind(29, 'esgoto_fossa_septica', 'Fossa séptica', sempre),
  ind(30, 'esgoto_fossa_rudimentar', 'Fossa rudimentar/comum', sempre),
  nenhum(31, 'esgoto_inexistente', 'Não há esgotamento sanitário', sempre),
);
grupo('Lixo', 'lixo');
campos.push(
  ind(32, 'lixo_coleta', 'Destinação do lixo: serviço de coleta', sempre),
  ind(33, 'lixo_queima', 'Queima', sempre),
  ind(34, 'lixo_enterra', 'Enterra', sempre),
  ind(35, 'lixo_destinacao_licenciada', 'Leva a uma destinação final licenciada pelo poder público', sempre),
  ind(36, 'lixo_outra_area', 'Descarta em outra área', sempre),
);
grupo('Tratamento do lixo', 'tratamento_lixo');
campos.push(
  ind(37, 'lixo_separacao', 'Separação do lixo/resíduos', sempre),
  ind(38, 'lixo_reaproveitamento', 'Reaproveitamento/reutilização', sempre),
  ind(39, 'lixo_reciclagem', 'Reciclagem', sempre),
  nenhum(40, 'lixo_sem_tratamento', 'Não faz tratamento', sempre),
);
grupo('Dependências', 'dependencias');
campos.push(
  ind(41, 'almoxarifado', 'Almoxarifado', sempre),
  ind(42, 'area_verde', 'Área verde', sempre),
  ind(43, 'auditorio', 'Auditório', sempre),
  ind(44, 'banheiro', 'Banheiro', sempre),
  ind(
    45,
    'banheiro_acessivel',
    'Banheiro acessível a pessoas com deficiência ou mobilidade reduzida',
    sempre,
  ),
  ind(46, 'banheiro_infantil', 'Banheiro adequado à educação infantil', sempre),
  ind(47, 'banheiro_funcionarios', 'Banheiro exclusivo para os funcionários', sempre),
  ind(48, 'banheiro_chuveiro', 'Banheiro ou vestiário com chuveiro', sempre),
  ind(49, 'biblioteca', 'Biblioteca', sempre),
  ind(50, 'cozinha', 'Cozinha', sempre),
  ind(51, 'despensa', 'Despensa', sempre),
  ind(52, 'dormitorio_aluno', 'Dormitório de alunos', sempre),
  ind(53, 'dormitorio_professor', 'Dormitório de professores', sempre),
  ind(54, 'laboratorio_ciencias', 'Laboratório de ciências', sempre),
  ind(55, 'laboratorio_informatica', 'Laboratório de informática', sempre),
  ind(56, 'laboratorio_profissional', 'Laboratório específico para a educação profissional', sempre),
  ind(57, 'parque_infantil', 'Parque infantil', sempre),
  ind(58, 'patio_coberto', 'Pátio coberto', sempre),
  ind(59, 'patio_descoberto', 'Pátio descoberto', sempre),
  ind(60, 'piscina', 'Piscina', sempre),
  ind(61, 'quadra_coberta', 'Quadra de esportes coberta', sempre),
  ind(62, 'quadra_descoberta', 'Quadra de esportes descoberta', sempre),
  ind(63, 'refeitorio', 'Refeitório', sempre),
  ind(64, 'sala_repouso', 'Sala de repouso para alunos', sempre),
  ind(65, 'sala_artes', 'Sala/ateliê de artes', sempre),
  ind(66, 'sala_musica', 'Sala de música/coral', sempre),
  ind(67, 'sala_danca', 'Sala/estúdio de dança', sempre),
  ind(68, 'sala_multiuso', 'Sala multiuso (música, dança e artes)', sempre),
  ind(
    69,
    'terreirao',
    'Terreirão (área para prática desportiva e recreação sem cobertura, piso ou edificação)',
    sempre,
  ),
  ind(70, 'viveiro', 'Viveiro/criação de animais', sempre),
  ind(71, 'sala_diretoria', 'Sala de diretoria', sempre),
  ind(72, 'sala_leitura', 'Sala de leitura', sempre),
  ind(73, 'sala_professores', 'Sala de professores', sempre),
  ind(
    74,
    'sala_aee',
    'Sala de recursos multifuncionais para atendimento educacional especializado (AEE)',
    sempre,
  ),
  ind(75, 'sala_secretaria', 'Sala de secretaria', sempre),
  ind(76, 'sala_oficinas_profissional', 'Salas de oficinas da educação profissional', sempre),
  ind(77, 'estudio_gravacao', 'Estúdio de gravação e edição', sempre),
  ind(78, 'horta', 'Área de horta, plantio e/ou produção agrícola', sempre),
  nenhum(79, 'dependencias_nenhuma', 'Nenhuma das dependências relacionadas', sempre),
);
grupo('Acessibilidade', 'acessibilidade');
campos.push(
  ind(80, 'corrimao', 'Corrimão e guarda-corpos', sempre),
  ind(81, 'elevador', 'Elevador', sempre),
  ind(82, 'pisos_tateis', 'Pisos táteis', sempre),
  ind(83, 'portas_80cm', 'Portas com vão livre de no mínimo 80 cm', sempre),
  ind(84, 'rampas', 'Rampas', sempre),
  ind(85, 'alarme_luminoso', 'Sinalização/alarme luminoso', sempre),
  ind(86, 'sinalizacao_sonora', 'Sinalização sonora', sempre),
  ind(87, 'sinalizacao_tatil', 'Sinalização tátil', sempre),
  ind(88, 'sinalizacao_visual', 'Sinalização visual (piso/paredes)', sempre),
  nenhum(89, 'acessibilidade_nenhum', 'Nenhum dos recursos de acessibilidade listados', sempre),
);
grupo('Salas de aula');
campos.push(
  qtd(90, 'salas_dentro_predio', 'Salas de aula utilizadas dentro do prédio escolar', predio),
  // i-Educar writes 91 always, empty when not informed: optional here.
  qtd(91, 'salas_fora_predio', 'Salas de aula utilizadas fora do prédio escolar'),
  qtd(92, 'salas_climatizadas', 'Salas de aula climatizadas (ar-condicionado, aquecedor ou climatizador)'),
  qtd(
    93,
    'salas_acessiveis',
    'Salas de aula com acessibilidade para pessoas com deficiência ou mobilidade reduzida',
  ),
);
grupo('Equipamentos', 'equipamentos');
campos.push(
  ind(94, 'antena_parabolica', 'Antena parabólica', sempre),
  ind(95, 'computadores', 'Computadores', sempre),
  ind(96, 'copiadora', 'Copiadora', sempre),
  ind(97, 'impressora', 'Impressora', sempre),
  ind(98, 'impressora_multifuncional', 'Impressora multifuncional', sempre),
  ind(99, 'scanner', 'Scanner', sempre),
  nenhum(100, 'equipamentos_nenhum', 'Nenhum dos equipamentos listados', sempre),
);
grupo('Equipamentos', 'quantidades');
campos.push(
  qtd(101, 'qtd_dvd', 'Aparelhos de DVD/Blu-ray (quantidade)'),
  qtd(102, 'qtd_som', 'Aparelhos de som (quantidade)'),
  qtd(103, 'qtd_televisao', 'Aparelhos de televisão (quantidade)'),
  qtd(104, 'qtd_lousa_digital', 'Lousas digitais (quantidade)'),
  qtd(105, 'qtd_projetor', 'Projetores multimídia (data show) (quantidade)'),
  qtd(106, 'qtd_desktops_alunos', 'Computadores de mesa (desktop) para os alunos', undefined, {
    somenteQuando: computadores,
  }),
  qtd(107, 'qtd_portateis_alunos', 'Computadores portáteis para os alunos', undefined, {
    somenteQuando: computadores,
  }),
  qtd(108, 'qtd_tablets_alunos', 'Tablets para os alunos', undefined, { somenteQuando: computadores }),
);
grupo('Internet e rede', 'internet');
campos.push(
  ind(109, 'internet_administrativo', 'Acesso à internet: para uso administrativo', sempre),
  ind(110, 'internet_ensino', 'Para uso no processo de ensino e aprendizagem', sempre),
  ind(111, 'internet_alunos', 'Para uso dos alunos', sempre),
  ind(112, 'internet_comunidade', 'Para uso da comunidade', sempre),
  nenhum(113, 'internet_nao_possui', 'Não possui acesso à internet', sempre),
);
grupo('Internet e rede', 'acesso_alunos');
campos.push(
  ind(
    114,
    'acesso_computadores_escola',
    'Alunos acessam a internet por computadores e tablets da escola',
    se('internet_alunos', true),
  ),
  ind(
    115,
    'acesso_dispositivos_pessoais',
    'Alunos acessam a internet por dispositivos pessoais',
    se('internet_alunos', true),
  ),
);
grupo('Internet e rede', 'banda_larga');
campos.push(ind(116, 'banda_larga', 'Internet banda larga', se('internet_nao_possui', false)));
grupo('Internet e rede', 'rede_local');
campos.push(
  ind(117, 'rede_cabo', 'Rede local: a cabo', computadores),
  ind(118, 'rede_wireless', 'Rede local: wireless', computadores),
  nenhum(119, 'rede_nenhuma', 'Não há rede local interligando computadores', computadores),
);
grupo('Profissionais (quantidades)', 'profissionais');
campos.push(
  ...(
    [
      [120, 'qtd_agronomos', 'Agrônomos, horticultores, técnicos ou monitores da horta'],
      [121, 'qtd_auxiliares_administrativos', 'Auxiliares de secretaria ou administrativos, atendentes'],
      [
        122,
        'qtd_servicos_gerais',
        'Auxiliares de serviços gerais, porteiros, zeladores, faxineiros, jardineiros',
      ],
      [123, 'qtd_bibliotecarios', 'Bibliotecários, auxiliares de biblioteca ou monitores da sala de leitura'],
      [
        124,
        'qtd_saude',
        'Bombeiros brigadistas, profissionais de saúde (urgência e emergência), enfermeiros, socorristas',
      ],
      [125, 'qtd_coordenador_turno', 'Coordenadores de turno/disciplinar'],
      [126, 'qtd_fonoaudiologos', 'Fonoaudiólogos'],
      [127, 'qtd_nutricionistas', 'Nutricionistas'],
      [128, 'qtd_psicologos', 'Psicólogos escolares'],
      [129, 'qtd_alimentacao', 'Profissionais de preparação e segurança alimentar, cozinheiros, merendeiras'],
      [130, 'qtd_apoio_pedagogico', 'Pedagogos, coordenadores pedagógicos, orientadores, supervisores'],
      [131, 'qtd_secretario_escolar', 'Secretários escolares'],
      [132, 'qtd_seguranca', 'Seguranças, guardas ou segurança patrimonial'],
      [133, 'qtd_tecnicos', 'Técnicos, monitores ou auxiliares de laboratório e de tecnologias educacionais'],
      [
        134,
        'qtd_vice_diretor',
        'Vice-diretores ou diretores adjuntos, gestão administrativa e/ou financeira',
      ],
      [135, 'qtd_orientador_comunitario', 'Orientadores comunitários ou assistentes sociais'],
      [136, 'qtd_interprete_libras', 'Tradutores e intérpretes de Libras fora da sala de aula'],
      [137, 'qtd_revisor_braille', 'Revisores de texto Braille, assistentes videntes'],
    ] as const
  ).map(([n, chave, descricao]) => qtd(n, chave, descricao, undefined, { somenteQuando: semFuncionarios })),
  nenhum(138, 'sem_funcionarios', 'Não há funcionários para as funções listadas'),
);
grupo('Alimentação', 'alimentacao');
campos.push(ind(139, 'alimentacao_escolar', 'Alimentação escolar para os alunos', sempre));
grupo('Instrumentos e materiais', 'instrumentos');
campos.push(
  ind(140, 'acervo_multimidia', 'Acervo multimídia', sempre),
  ind(141, 'brinquedos_infantil', 'Brinquedos para educação infantil', sempre),
  ind(142, 'materiais_cientificos', 'Conjunto de materiais científicos', sempre),
  ind(143, 'amplificacao_som', 'Equipamento para amplificação e difusão de som/áudio', sempre),
  ind(
    144,
    'instrumentos_horta',
    'Equipamentos e instrumentos para horta, plantio e/ou produção agrícola',
    sempre,
  ),
  ind(
    145,
    'instrumentos_musicais',
    'Instrumentos musicais para conjunto, banda/fanfarra e/ou aulas de música',
    sempre,
  ),
  ind(146, 'jogos_educativos', 'Jogos educativos', sempre),
  ind(147, 'materiais_culturais', 'Materiais para atividades culturais e artísticas', sempre),
  ind(148, 'materiais_profissional', 'Materiais para educação profissional', sempre),
  ind(149, 'materiais_desportivos', 'Materiais para prática desportiva e recreação', sempre),
  ind(150, 'materiais_surdos', 'Materiais pedagógicos para a educação bilíngue de surdos', sempre),
  ind(151, 'materiais_indigena', 'Materiais pedagógicos para a educação escolar indígena', sempre),
  ind(
    152,
    'materiais_etnico_raciais',
    'Materiais pedagógicos para a educação das relações étnico-raciais',
    sempre,
  ),
  ind(153, 'materiais_campo', 'Materiais pedagógicos para a educação do campo', sempre),
  ind(154, 'materiais_quilombola', 'Materiais pedagógicos para a educação escolar quilombola', sempre),
  ind(155, 'materiais_especial', 'Materiais pedagógicos para a educação especial', sempre),
  nenhum(156, 'instrumentos_nenhum', 'Nenhum dos instrumentos listados', sempre),
);
grupo('Educação indígena', 'indigena');
campos.push(ind(157, 'educacao_indigena', 'Educação escolar indígena', sempre));
grupo('Educação indígena', 'lingua');
campos.push(
  ind(158, 'lingua_indigena', 'Ensino ministrado em língua indígena', se('educacao_indigena', true)),
  ind(159, 'lingua_portuguesa', 'Ensino ministrado em língua portuguesa', se('educacao_indigena', true)),
);
grupo('Educação indígena', 'codigo_lingua');
// INEP's table of indigenous languages is not carried (numbers only; none of our schools uses it yet).
campos.push(
  campo(160, 'codigo_lingua_1', 'Código da língua indígena 1', 'numero', se('lingua_indigena', true), {
    tamanho: 5,
  }),
  campo(161, 'codigo_lingua_2', 'Código da língua indígena 2', 'numero', undefined, {
    tamanho: 5,
    somenteQuando: { quando: 'lingua_indigena', em: [true] },
  }),
  campo(162, 'codigo_lingua_3', 'Código da língua indígena 3', 'numero', undefined, {
    tamanho: 5,
    somenteQuando: { quando: 'lingua_indigena', em: [true] },
  }),
);
grupo('Seleção e cotas', 'exame_selecao');
campos.push(ind(163, 'exame_selecao', 'A escola faz exame de seleção para ingresso dos alunos', sempre));
grupo('Seleção e cotas', 'cotas');
campos.push(
  ind(
    164,
    'cota_ppi',
    'Reserva de vagas: autodeclarado preto, pardo ou indígena (PPI)',
    se('exame_selecao', true),
  ),
  ind(165, 'cota_renda', 'Condição de renda', se('exame_selecao', true)),
  ind(166, 'cota_escola_publica', 'Oriundo de escola pública', se('exame_selecao', true)),
  ind(167, 'cota_pcd', 'Pessoa com deficiência (PCD)', se('exame_selecao', true)),
  ind(168, 'cota_outros', 'Outros grupos que não os listados', se('exame_selecao', true)),
  nenhum(169, 'cota_nenhuma', 'Sem reserva de vagas (ampla concorrência)', se('exame_selecao', true)),
);
grupo('Comunidade', 'site');
campos.push(ind(170, 'site_redes_sociais', 'A escola tem site, blog ou página em redes sociais', sempre));
grupo('Comunidade', 'compartilha_espacos');
campos.push(
  ind(
    171,
    'compartilha_espacos',
    'Compartilha espaços para atividades de integração escola-comunidade',
    sempre,
  ),
);
grupo('Comunidade', 'usa_entorno');
campos.push(
  ind(172, 'usa_entorno', 'Usa espaços e equipamentos do entorno para atividades regulares', sempre),
);
grupo('Órgãos colegiados', 'colegiados');
campos.push(
  ind(173, 'associacao_pais', 'Associação de pais', sempre),
  ind(174, 'associacao_pais_mestres', 'Associação de pais e mestres', sempre),
  ind(175, 'conselho_escolar', 'Conselho escolar', sempre),
  ind(176, 'gremio_estudantil', 'Grêmio estudantil', sempre),
  ind(177, 'colegiado_outros', 'Outros', sempre),
  nenhum(178, 'colegiados_nenhum', 'Não há órgãos colegiados em funcionamento', sempre),
);
grupo('Projeto pedagógico', 'ppp');
campos.push(
  ind(179, 'ppp_atualizado', 'O projeto político-pedagógico foi atualizado nos últimos 12 meses', sempre),
);
grupo('Educação ambiental', 'acao_ambiental');
campos.push(
  ind(180, 'educacao_ambiental', 'A escola desenvolve ações na área de educação ambiental', sempre),
);
grupo('Educação ambiental', 'formas_ambiental');
const ambiental = se('educacao_ambiental', true);
campos.push(
  ind(
    181,
    'ambiental_conteudo',
    'Como conteúdo dos componentes/campos de experiências do currículo',
    ambiental,
  ),
  ind(
    182,
    'ambiental_componente',
    'Como componente curricular especial, específico, flexível ou eletivo',
    ambiental,
  ),
  ind(183, 'ambiental_eixo', 'Como eixo estruturante do currículo', ambiental),
  ind(184, 'ambiental_eventos', 'Em eventos', ambiental),
  ind(185, 'ambiental_projetos', 'Em projetos transversais ou interdisciplinares', ambiental),
  nenhum(186, 'ambiental_nenhuma', 'Nenhuma das opções listadas', ambiental),
);

export const r10: readonly Campo[] = campos;
