import { GraduationCap, School, UserRound, Users } from 'lucide-react';
import type { ContagensCenso } from '../../../shared/censo.schemas';
import { StatGrid } from '../../components/feedback';

function Tabela({
  titulo,
  linhas,
}: {
  titulo: string;
  linhas: readonly { chave: string; rotulo: string; alunos: number }[];
}) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white">
      <table className="w-full text-sm">
        <caption className="border-b border-gray-200 px-4 py-2 text-left font-semibold text-gray-900">
          {titulo}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{titulo}</th>
            <th scope="col">Alunos</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {linhas.length === 0 ? (
            <tr>
              <td className="px-4 py-2 text-gray-600" colSpan={2}>
                Nenhum aluno.
              </td>
            </tr>
          ) : (
            linhas.map((linha) => (
              <tr key={linha.chave}>
                <th scope="row" className="px-4 py-2 text-left font-normal text-gray-800">
                  {linha.rotulo}
                </th>
                <td className="px-4 py-2 text-right font-medium text-gray-900 tabular-nums">
                  {linha.alunos}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The figures to compare with what the Educacenso site shows after the import. */
/** `comEquipe`: stage 1 counts the teachers and professionals it sends; stage 2 sends only enrolments. */
export function PainelContagens({
  contagens,
  comEquipe = true,
}: {
  contagens: ContagensCenso;
  comEquipe?: boolean;
}) {
  return (
    <div className="space-y-4">
      <StatGrid
        stats={[
          { label: 'Alunos', value: contagens.alunos, icon: Users, tone: 'blue' },
          { label: 'Turmas', value: contagens.turmas, icon: School, tone: 'purple' },
          ...(comEquipe
            ? ([
                { label: 'Docentes', value: contagens.docentes, icon: GraduationCap, tone: 'green' },
                { label: 'Profissionais', value: contagens.profissionais, icon: UserRound, tone: 'gray' },
              ] as const)
            : []),
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Tabela
          titulo="Alunos por etapa"
          linhas={contagens.por_etapa.map((item) => ({
            chave: item.etapa,
            rotulo: item.rotulo,
            alunos: item.alunos,
          }))}
        />
        <Tabela
          titulo="Alunos por turno"
          linhas={contagens.por_turno.map((item) => ({
            chave: item.turno,
            rotulo: item.rotulo,
            alunos: item.alunos,
          }))}
        />
        <Tabela
          titulo="Alunos por turma"
          linhas={contagens.por_turma.map((item) => ({
            chave: item.turma_id,
            rotulo: item.nome,
            alunos: item.alunos,
          }))}
        />
      </div>
    </div>
  );
}
