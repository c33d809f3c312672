import { DAY_MS } from '../../shared/calendar.js';
import { completeCpf } from '../../shared/validators.js';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { EtapaFunil, OrigemInteressado, TipoEvento } from '../../shared/matriculas.schemas.js';
import { etapaFunilLabels } from '../../shared/matriculas.schemas.js';
import type { DbOrTx } from '../db/client.js';
import { classes } from '../db/schema/classes.js';
import { interessadoEventos, interessados, preMatriculas } from '../db/schema/matriculas.js';
import { contratosConfiguracao } from '../db/schema/contratos.js';
import { settings } from '../db/schema/settings.js';
import { SCHOOL_KEY } from '../features/settings/index.js';
import { students } from '../db/schema/students.js';
import { clock } from '../lib/clock.js';

/**
 * The demo's admissions funnel (issue 34): families for next year in every stage — interested,
 * a visit scheduled, pré-matrícula sent, contract sent and signed, enrolled, lost with a reason — and a
 * few mid-year families for this year (the places per class then show reserved seats), each with a
 * plausible timeline written by the secretaria.
 */
interface Familia {
  responsavel: string;
  crianca: string;
  /** As for a demo made in 2026 (a child of the série's age on 31 March); moved by the years since. */
  nascimento: string;
  serie: string;
  etapa: EtapaFunil;
  /** Days ago the family wrote on the site. */
  dias: number;
  origem: OrigemInteressado | null;
  proximoAno?: boolean;
  motivo?: string;
  mensagem?: string;
}

const familias: Familia[] = [
  {
    responsavel: 'Fernanda Costa Ribeiro',
    crianca: 'Helena Costa Ribeiro',
    nascimento: '2021-05-14',
    serie: 'Pré II',
    etapa: 'interessado',
    dias: 1,
    origem: 'google',
    mensagem: 'Vocês têm período integral?',
  },
  {
    responsavel: 'Rodrigo Almeida Prado',
    crianca: 'Theo Almeida Prado',
    nascimento: '2020-02-03',
    serie: '1º ano',
    etapa: 'interessado',
    dias: 2,
    origem: 'redes_sociais',
  },
  {
    responsavel: 'Camila Duarte Nogueira',
    crianca: 'Lívia Duarte Nogueira',
    nascimento: '2016-09-22',
    serie: '5º ano',
    etapa: 'interessado',
    dias: 4,
    origem: 'indicacao',
    mensagem: 'Minha vizinha estuda aí e recomendou.',
  },
  {
    responsavel: 'Patrícia Gomes Farias',
    crianca: 'Arthur Gomes Farias',
    nascimento: '2013-11-30',
    serie: '8º ano',
    etapa: 'interessado',
    dias: 6,
    origem: 'passou_em_frente',
  },
  {
    responsavel: 'Eduardo Santana Lopes',
    crianca: 'Miguel Santana Lopes',
    nascimento: '2019-07-08',
    serie: '2º ano',
    etapa: 'visita',
    dias: 9,
    origem: 'google',
  },
  {
    responsavel: 'Aline Moreira Castro',
    crianca: 'Sofia Moreira Castro',
    nascimento: '2018-03-19',
    serie: '3º ano',
    etapa: 'visita',
    dias: 12,
    origem: 'indicacao',
  },
  {
    responsavel: 'Bruna Tavares Melo',
    crianca: 'Gael Tavares Melo',
    nascimento: '2015-12-01',
    serie: '6º ano',
    etapa: 'visita',
    dias: 5,
    origem: 'evento',
    mensagem: 'Conhecemos a escola na feira do bairro.',
  },
  {
    responsavel: 'Marcelo Vieira Rocha',
    crianca: 'Alice Vieira Rocha',
    nascimento: '2017-04-25',
    serie: '4º ano',
    etapa: 'pre_matricula',
    dias: 20,
    origem: 'indicacao',
  },
  {
    responsavel: 'Tatiane Freitas Cunha',
    crianca: 'Davi Freitas Cunha',
    nascimento: '2020-08-17',
    serie: '1º ano',
    etapa: 'pre_matricula',
    dias: 18,
    origem: 'redes_sociais',
  },
  {
    responsavel: 'Gustavo Ramos Teixeira',
    crianca: 'Laura Ramos Teixeira',
    nascimento: '2014-06-09',
    serie: '7º ano',
    etapa: 'contrato_enviado',
    dias: 27,
    origem: 'google',
  },
  {
    responsavel: 'Renata Barros Azevedo',
    crianca: 'Benício Barros Azevedo',
    nascimento: '2021-01-28',
    serie: 'Pré II',
    etapa: 'contrato_enviado',
    dias: 24,
    origem: 'indicacao',
  },
  {
    responsavel: 'Luciana Pires Monteiro',
    crianca: 'Manuela Pires Monteiro',
    nascimento: '2019-10-12',
    serie: '2º ano',
    etapa: 'contrato_assinado',
    dias: 35,
    origem: 'indicacao',
  },
  {
    responsavel: 'André Cardoso Lima',
    crianca: 'Heitor Cardoso Lima',
    nascimento: '2012-05-05',
    serie: '9º ano',
    etapa: 'contrato_assinado',
    dias: 33,
    origem: 'passou_em_frente',
  },
  {
    responsavel: 'Juliana Campos Reis',
    crianca: 'Valentina Campos Reis',
    nascimento: '2018-12-16',
    serie: '3º ano',
    etapa: 'matriculado',
    dias: 48,
    origem: 'indicacao',
  },
  {
    responsavel: 'Fábio Mendes Pacheco',
    crianca: 'Lorenzo Mendes Pacheco',
    nascimento: '2016-02-21',
    serie: '5º ano',
    etapa: 'matriculado',
    dias: 55,
    origem: 'google',
  },
  {
    responsavel: 'Simone Araújo Batista',
    crianca: 'Isabela Araújo Batista',
    nascimento: '2017-07-30',
    serie: '4º ano',
    etapa: 'perdido',
    dias: 40,
    origem: 'google',
    motivo: 'Mensalidade acima do orçamento',
  },
  {
    responsavel: 'Paulo Henrique Siqueira',
    crianca: 'Enzo Siqueira',
    nascimento: '2015-03-11',
    serie: '6º ano',
    etapa: 'perdido',
    dias: 38,
    origem: 'redes_sociais',
    motivo: 'Escolheu outra escola',
  },
  {
    responsavel: 'Cristiane Lacerda Dias',
    crianca: 'Maria Clara Lacerda Dias',
    nascimento: '2020-11-04',
    serie: '1º ano',
    etapa: 'perdido',
    dias: 30,
    origem: null,
    motivo: 'Mudou de cidade',
  },
  {
    responsavel: 'Vanessa Rezende Borges',
    crianca: 'Pedro Rezende Borges',
    nascimento: '2013-09-18',
    serie: '8º ano',
    etapa: 'perdido',
    dias: 22,
    origem: 'google',
    motivo: 'Mensalidade acima do orçamento',
  },
  // This year's mid-year families (transfers from another city): their places count in this year's classes.
  {
    responsavel: 'Daniela Fonseca Brito',
    crianca: 'Rafael Fonseca Brito',
    nascimento: '2017-08-02',
    serie: '3º ano',
    etapa: 'contrato_assinado',
    dias: 10,
    origem: 'google',
    proximoAno: false,
  },
  {
    responsavel: 'Leandro Correia Matos',
    crianca: 'Cecília Correia Matos',
    nascimento: '2015-01-27',
    serie: '6º ano',
    etapa: 'visita',
    dias: 3,
    origem: 'indicacao',
    proximoAno: false,
  },
];

const caminho: EtapaFunil[] = [
  'interessado',
  'visita',
  'pre_matricula',
  'contrato_enviado',
  'contrato_assinado',
  'matriculado',
];

const slug = (nome: string) =>
  nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .join('.');

export async function seedMatriculas(tx: DbOrTx, secretaria: { id: string; nome: string }): Promise<void> {
  const now = clock.now().getTime();
  const year = clock.now().getFullYear();
  let telefone = 11_987_650_000;
  for (const familia of familias) {
    const ano = familia.proximoAno === false ? year : year + 1;
    const chegou = new Date(now - familia.dias * DAY_MS);
    const passos =
      familia.etapa === 'perdido'
        ? caminho.slice(0, familia.serie === '6º ano' ? 2 : 1)
        : caminho.slice(0, caminho.indexOf(familia.etapa) + 1);
    // Each step a few days after the last, the latest no later than yesterday.
    const stepDay = (index: number) =>
      new Date(
        chegou.getTime() +
          Math.min(index * 4, Math.max(familia.dias - 1, 0)) * DAY_MS +
          3600_000 * (index + 1),
      );
    const visitaEm = passos.includes('visita') ? new Date(stepDay(1).getTime() + 3 * DAY_MS) : null;
    const ultimaEtapa = familia.etapa === 'perdido' ? stepDay(passos.length) : stepDay(passos.length - 1);
    let alunoId: string | null = null;
    if (familia.etapa === 'matriculado') {
      // Next year's student is this year's record of the family's child: the demo links a student of the série.
      const [student] = await tx
        .select({ id: students.id })
        .from(students)
        .innerJoin(classes, eq(classes.id, students.turmaId))
        .where(and(eq(classes.serie, familia.serie), eq(students.status, 'ativo')))
        .limit(1);
      alunoId = student?.id ?? null;
    }
    telefone += 1_731;
    const [row] = await tx
      .insert(interessados)
      .values({
        responsavelNome: familia.responsavel,
        email: `${slug(familia.responsavel)}@exemplo.com.br`,
        telefone: String(telefone),
        alunoNome: familia.crianca,
        alunoNascimento: `${String(Number(familia.nascimento.slice(0, 4)) + year - 2026)}${familia.nascimento.slice(4)}`,
        serie: familia.serie,
        anoLetivo: ano,
        origem: familia.origem,
        mensagem: familia.mensagem ?? null,
        etapa: familia.etapa,
        motivoPerda: familia.motivo ?? null,
        visitaEm,
        etapaEm: ultimaEtapa,
        consentimentoEm: chegou,
        alunoId,
        createdAt: chegou,
        updatedAt: ultimaEtapa,
      })
      .returning({ id: interessados.id });
    const id = row!.id;
    const eventos: { tipo: TipoEvento; texto: string; em: Date; staff: boolean }[] = [
      {
        tipo: 'criado',
        texto: 'Interesse registrado pelo site, com a autorização para os dados da criança.',
        em: chegou,
        staff: false,
      },
      {
        tipo: 'email',
        texto: 'Confirmação de recebimento enviada à família por e-mail.',
        em: chegou,
        staff: false,
      },
    ];
    if (familia.dias > 1)
      eventos.push({
        tipo: 'contato',
        texto: 'Ligação: falamos com a família, que quer conhecer a escola.',
        em: new Date(chegou.getTime() + 20 * 3600_000),
        staff: true,
      });
    passos.slice(1).forEach((etapa, index) => {
      const em = stepDay(index + 1);
      eventos.push({
        tipo: 'etapa',
        texto: `Etapa: ${etapaFunilLabels[passos[index]!]} → ${etapaFunilLabels[etapa]}.`,
        em,
        staff: true,
      });
      if (etapa === 'visita' && visitaEm)
        eventos.push({
          tipo: 'visita',
          texto: `Visita agendada para ${visitaEm.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })}.`,
          em,
          staff: true,
        });
    });
    if (familia.etapa === 'perdido')
      eventos.push({
        tipo: 'etapa',
        texto: `Etapa: ${etapaFunilLabels[passos.at(-1)!]} → Perdido. Motivo: ${familia.motivo ?? ''}`,
        em: ultimaEtapa,
        staff: true,
      });
    await tx.insert(interessadoEventos).values(
      eventos.map((evento) => ({
        interessadoId: id,
        tipo: evento.tipo,
        texto: evento.texto,
        autorId: evento.staff ? secretaria.id : null,
        autorNome: evento.staff ? secretaria.nome : null,
        criadoEm: evento.em,
      })),
    );
    if (passos.includes('pre_matricula')) {
      const enviado = stepDay(passos.indexOf('pre_matricula'));
      await tx.insert(preMatriculas).values({
        interessadoId: id,
        // A token nobody holds: the demo's links are sent again from the funnel.
        tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        expiraEm: new Date(enviado.getTime() + 14 * DAY_MS),
        dados: {
          aluno: { nome: familia.crianca },
          endereco: { cep: '', logradouro: '', numero: '', complemento: '', bairro: '', cidade: '', uf: '' },
          responsaveis: [],
        },
        abertoEm: familia.etapa === 'pre_matricula' && familia.dias > 19 ? null : enviado,
        enviadoEm: familia.etapa === 'pre_matricula' ? null : new Date(enviado.getTime() + DAY_MS),
        createdAt: enviado,
        updatedAt: enviado,
      });
    }
  }
}

/**
 * Who signs for the school: the direction, named under the declarações and the histórico, and the school's
 * party to the enrolment contract. Without them the demo's secretaria could not send a contract (only the
 * direction reaches Configurações) and every document was signed 'Direção' with no name.
 */
export async function seedSignatarios(tx: DbOrTx, direcao: { nome: string; email: string }): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: SCHOOL_KEY, value: { site: '', diretor: direcao.nome, padrao_matricula: '' }, version: 1 })
    .onConflictDoNothing();
  await tx
    .insert(contratosConfiguracao)
    .values({
      id: 1,
      representanteNome: direcao.nome,
      // A made-up CPF whose check digits work out, as the families' (seed-records).
      representanteCpf: completeCpf('200000000'),
      representanteEmail: direcao.email,
    })
    .onConflictDoNothing();
}
