/**
 * The register's entry on the NFS-e (issue 36 §2, ADR 0057): each mensalidade's service invoice names the
 * guardian who paid it, or the responsável financeiro for what is open (the tomador: their record, name
 * and CPF; ADR 0114), and the student, as issued (LGPD art. 37).
 */
import { nfse, nfseLotes } from '../../db/schema/fiscal.js';
import { STAFF, type Treatment } from './processing-register.model.js';

const EMITIDA =
  'Documento fiscal como foi emitido (e assinado): guardado pelo prazo fiscal, não se altera nem se anonimiza; cancelar é um evento no fisco.';

export const TREATMENTS_FISCAL: Treatment[] = [
  {
    categoria: 'Notas fiscais de serviço (NFS-e)',
    titulares: 'Responsáveis financeiros e alunos',
    finalidade:
      'Emitir a NFS-e padrão nacional de cada mensalidade (LC 116/2003; LC 214/2025, art. 62) e entregá-la à família e ao contador.',
    base_legal: 'Obrigação legal fiscal (art. 7º, II).',
    acesso: ['finance.figures', 'finance.manage', 'settings.manage'],
    retencao: 'financeiro',
    dados: [
      {
        tabela: nfse,
        colunas: [
          nfse.alunoId,
          nfse.tomadorId,
          nfse.tomadorNome,
          nfse.tomadorCpf,
          nfse.xmlDps,
          nfse.xmlNfse,
          nfse.xmlEventoCancelamento,
        ],
        mantido: EMITIDA,
      },
      { tabela: nfseLotes, colunas: [nfseLotes.criadoPor], mantido: STAFF },
    ],
  },
];
