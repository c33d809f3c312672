import type { SiteContent } from './content.schemas.js';
import { defaultSiteContent } from './content.defaults.js';

const galleryPhotos: [string, string][] = [
  ['Fachada da escola', 'Nossa casa desde 1998, com espaços amplos e acolhedores.'],
  ['Sala de aula', 'Turmas com número reduzido de alunos e acompanhamento próximo.'],
  ['Biblioteca', 'Mais de 8 mil títulos e cantinho de leitura para os pequenos.'],
  ['Laboratório de ciências', 'Experimentos práticos do Fundamental ao Médio.'],
  ['Quadra poliesportiva', 'Esporte, saúde e trabalho em equipe todos os dias.'],
  ['Laboratório de informática', 'Tecnologia e programação desde os anos iniciais.'],
  ['Aula de artes', 'Criatividade e expressão em oficinas semanais.'],
  ['Horta escolar', 'Educação ambiental com as mãos na terra.'],
  ['Feira de ciências', 'Projetos dos alunos apresentados à comunidade.'],
  ['Formatura', 'Celebrando cada conquista com as famílias.'],
];

/**
 * Example content of a made-up school: the demo (`npm run demo`) publishes it, so its site looks full.
 * A real school never starts from it: its facts (years, numbers, testimonials, a São Paulo address)
 * are not the school's. A new school starts from `defaultSiteContent` (content.defaults.ts); the example
 * is written over it, so only its made-up facts stand here (links, colours and legal texts are the defaults').
 */
export const exampleSiteContent: SiteContent = {
  hero: {
    ...defaultSiteContent.hero,
    titulo: 'Educação que transforma vidas',
    subtitulo: 'Do Infantil ao Ensino Médio, formando pessoas para o mundo',
    descricao:
      'Ensino de excelência, valores sólidos e um ambiente acolhedor onde cada aluno é conhecido pelo nome.',
  },
  sobre: {
    titulo: 'Sobre Nós',
    descricao:
      'Há mais de duas décadas, a nossa escola une tradição e inovação para oferecer uma formação completa. ' +
      'Acreditamos que aprender é descobrir: por isso combinamos conteúdos sólidos, projetos práticos e o ' +
      'cuidado com o desenvolvimento emocional de cada estudante.',
    anos_experiencia: 25,
    alunos_formados: 5000,
    missao: 'Formar cidadãos críticos, éticos e preparados para os desafios do futuro.',
    visao: 'Ser referência em educação de qualidade na nossa região, inspirando a paixão por aprender.',
    valores: [
      'Respeito e empatia',
      'Excelência acadêmica',
      'Responsabilidade',
      'Inovação',
      'Parceria com as famílias',
    ],
    imagem: '/site/sobre.webp',
  },
  galeria: {
    titulo: 'Nossa Galeria',
    descricao: 'Conheça os espaços e os momentos que fazem parte do dia a dia da nossa escola.',
    fotos: galleryPhotos.map(([titulo, descricao], index) => ({
      id: `foto-${index + 1}`,
      url: `/site/galeria-${index + 1}.webp`,
      titulo,
      descricao,
    })),
  },
  servicos: {
    titulo: 'Nossos Serviços',
    descricao: 'Tudo o que o seu filho precisa para crescer, em um só lugar.',
    servicos: [
      {
        titulo: 'Educação Infantil',
        icone: 'Users',
        descricao: 'Aprender brincando, com rotina afetiva e estímulo à autonomia.',
      },
      {
        titulo: 'Ensino Fundamental',
        icone: 'BookOpen',
        descricao: 'Base sólida em leitura, matemática e ciências, com projetos interdisciplinares.',
      },
      {
        titulo: 'Ensino Médio',
        icone: 'Target',
        descricao: 'Preparação para o ENEM e vestibulares com orientação profissional.',
      },
      {
        titulo: 'Período Integral',
        icone: 'Activity',
        descricao: 'Contraturno com esportes, idiomas, artes e acompanhamento das tarefas.',
      },
    ],
  },
  diferenciais: {
    titulo: 'Nossos Diferenciais',
    descricao: 'O que faz da nossa escola um lugar especial para aprender.',
    diferenciais: [
      {
        titulo: 'Professores qualificados',
        descricao: 'Equipe com especialização e formação continuada.',
        icone: 'Award',
      },
      {
        titulo: 'Tecnologia em sala',
        descricao: 'Laboratórios e recursos digitais a serviço do aprendizado.',
        icone: 'Monitor',
      },
      {
        titulo: 'Turmas reduzidas',
        descricao: 'Atenção individual para cada estudante.',
        icone: 'Users',
      },
      {
        titulo: 'Formação integral',
        descricao: 'Esportes, artes e valores caminhando junto com o conteúdo.',
        icone: 'Star',
      },
    ],
  },
  depoimentos: {
    titulo: 'O que dizem sobre nós',
    depoimentos: [
      {
        nome: 'Mariana Souza',
        cargo: 'Mãe de aluna do 5º ano',
        depoimento:
          'A escola acolheu a minha filha desde o primeiro dia. Os professores conhecem cada criança e a comunicação com as famílias é excelente.',
        foto: '/site/depoimento-1.webp',
      },
      {
        nome: 'Carlos Henrique',
        cargo: 'Ex-aluno, turma de 2019',
        depoimento:
          'Saí preparado não só para o vestibular, mas para a vida. Guardo amizades e professores que me inspiraram.',
        foto: '/site/depoimento-2.webp',
      },
      {
        nome: 'Ana Paula Lima',
        cargo: 'Mãe de aluno do Ensino Médio',
        depoimento:
          'Projetos, feira de ciências, esportes: o meu filho gosta de ir à escola. Isso não tem preço.',
        foto: '/site/depoimento-3.webp',
      },
    ],
  },
  contato: {
    ...defaultSiteContent.contato,
    endereco: 'Rua das Acácias, 250 - Jardim Primavera, São Paulo - SP, 01234-000',
    telefone: '(11) 3456-7890',
    whatsapp: '(11) 98765-4321',
    email: 'contato@escola.edu.br',
    horario_funcionamento: 'Segunda a sexta, das 7h às 18h',
  },
  matricula: {
    ...defaultSiteContent.matricula,
    texto:
      'Venha conhecer a escola! Conte um pouco sobre a sua família e a secretaria liga para marcar uma visita com a coordenação.',
    series: [
      'Pré II',
      '1º ano',
      '2º ano',
      '3º ano',
      '4º ano',
      '5º ano',
      '6º ano',
      '7º ano',
      '8º ano',
      '9º ano',
      '1ª série',
    ],
  },
  footer: {
    ...defaultSiteContent.footer,
    titulo: 'Colégio Horizonte',
    descricao: 'Educação de qualidade, perto da sua família.',
    email: 'contato@escola.edu.br',
    telefone: '(11) 3456-7890',
    endereco: 'Rua das Acácias, 250 - Jardim Primavera, São Paulo - SP',
  },
  configuracoes: {
    ...defaultSiteContent.configuracoes,
    nome_escola: 'Colégio Horizonte',
    // A made-up CNPJ with valid check digits (the boleto's remessa and the NFS-e need one; the same as the
    // simulated NFS-e's demo A1 certificate).
    cnpj: '11222333000181',
    slogan: 'Educação de qualidade, perto da sua família.',
    ano_fundacao: '1998',
  },
  privacidade: { ...defaultSiteContent.privacidade },
  termos: { ...defaultSiteContent.termos },
};
