/**
 * The family's Documentos (issue 32 §1): for the child chosen, the declarations the family issues at once
 * (matrícula, frequência: PDF with a validation code) and every document the school issued about the
 * child, to download, and the signed enrolment contracts. Other documents (histórico, transferência) are asked of the secretaria.
 */
import { PageHeader } from '../../components/feedback';
import { OneChildAtATime, firstName } from '../../domain/child-switcher';
import { DocumentsPanel } from '../../domain/documents-panel';
import { FamilyContratos } from './family-contratos';

export function FamilyDocumentsPage() {
  return (
    <div>
      <PageHeader title="Documentos" subtitle="Declarações na hora e os documentos emitidos pela escola" />
      <OneChildAtATime
        render={(child) => (
          <DocumentsPanel
            key={child.id}
            alunoId={child.id}
            title={`Documentos de ${firstName(child.nome)}`}
            hint="Histórico escolar e outros documentos, peça na secretaria ou em Mensagens."
          />
        )}
      />
      <FamilyContratos />
    </div>
  );
}
