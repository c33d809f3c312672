/**
 * The register's entries on contracts of enrolment and their electronic signatures (issue 34, matrícula
 * online; LGPD art. 37). Kept apart from the funnel's entries (processing-register.matriculas.ts, another
 * part of the issue) so that each part classifies its own tables.
 */
import {
  contratoAssinaturas,
  contratos,
  contratosConfiguracao,
  modelosContrato,
} from '../../db/schema/contratos.js';
import { STAFF, type Treatment } from './processing-register.model.js';

const SIGNED =
  'Contrato e assinaturas são a prova do que as partes contrataram: guardados enquanto puderem ser exigidos (execução do contrato e obrigação legal; prescrição de 5 anos, Código Civil, art. 206, § 5º, I).';

export const TREATMENTS_CONTRATOS: Treatment[] = [
  {
    categoria: 'Contratos de matrícula e assinaturas eletrônicas',
    titulares: 'Responsáveis que assinam, alunos e o representante da escola',
    finalidade:
      'Emitir o contrato de prestação de serviços educacionais a partir da pré-matrícula, colher as assinaturas eletrônicas (código por e-mail) e provar quem assinou, quando e de onde.',
    base_legal:
      'Execução de contrato (art. 7º, V) e cumprimento de obrigação legal (art. 7º, II; Lei 9.870/1999).',
    acesso: ['matriculas.manage'],
    retencao: 'financeiro',
    dados: [
      {
        tabela: contratos,
        colunas: [
          contratos.interessadoId,
          contratos.campos,
          contratos.pdf,
          contratos.pdfAssinado,
          contratos.enviadoPorId,
        ],
        mantido: SIGNED,
      },
      { tabela: contratos, colunas: [contratos.enviadoPorNome], mantido: STAFF },
      {
        tabela: contratoAssinaturas,
        colunas: [
          contratoAssinaturas.nome,
          contratoAssinaturas.cpf,
          contratoAssinaturas.email,
          contratoAssinaturas.ip,
          contratoAssinaturas.userAgent,
          contratoAssinaturas.codigoVerificadoEm,
          contratoAssinaturas.assinadoEm,
        ],
        mantido: SIGNED,
      },
    ],
  },
  {
    categoria: 'Modelos de contrato e signatários da escola',
    titulares: 'Equipe da escola',
    finalidade: 'Saber quem redigiu cada versão do contrato e quem assina pela escola.',
    base_legal: 'Execução de contrato (art. 7º, V) e legítimo interesse da escola (art. 7º, IX).',
    acesso: ['matriculas.manage', 'settings.manage'],
    retencao: 'comunicacao',
    dados: [
      {
        tabela: modelosContrato,
        colunas: [modelosContrato.autorId, modelosContrato.autorNome],
        mantido: STAFF,
      },
      {
        tabela: contratosConfiguracao,
        colunas: [
          contratosConfiguracao.representanteNome,
          contratosConfiguracao.representanteCpf,
          contratosConfiguracao.representanteEmail,
        ],
        mantido: 'Quem assina pela escola: configuração da escola, trocada quando o representante muda.',
      },
    ],
  },
];
