import { useState } from 'react';
import {
  itensDoAluno,
  type AgendaDiaTurma,
  type AgendaExcecao,
  type AgendaItens,
  type AgendaItensAluno,
} from '../../../shared/agenda.schemas';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { AgendaItemsEditor, timeInput } from './agenda-items-editor';
import { Section } from './agenda-parts';

type Child = AgendaDiaTurma['alunos'][number];
type Medicacoes = NonNullable<AgendaItensAluno['medicacoes']>;

const itemKeys = [
  'refeicoes',
  'sono',
  'evacuacao',
  'trocas_fralda',
  'humor',
  'recados',
  'precisa_trazer',
] as const satisfies readonly (keyof AgendaItens)[];

/** The exception of a child: only the items that differ from the class's (and the medication). */
export function exceptionOf(
  alunoId: string,
  classe: AgendaItens,
  own: AgendaItens,
  ausente: boolean,
  medicacoes: Medicacoes,
): AgendaExcecao | null {
  const itens: AgendaItensAluno = {};
  for (const key of itemKeys)
    if (JSON.stringify(own[key]) !== JSON.stringify(classe[key])) Object.assign(itens, { [key]: own[key] });
  if (medicacoes.length > 0) itens.medicacoes = medicacoes;
  if (!ausente && Object.keys(itens).length === 0) return null;
  return { aluno_id: alunoId, ausente, itens: ausente ? {} : itens };
}

/**
 * One child's day (a tap on the child in the class's list): starts from the class's items and the
 * child's exception; what is changed here becomes the exception. Medication only under an authorisation.
 * A child absent in the day's saved roll did not come: the server says so (`falta_na_chamada`), and only
 * correcting the roll changes it.
 */
export function AgendaChildSheet({
  turma,
  child,
  classe,
  excecao,
  readOnly,
  onClose,
  onApply,
}: {
  turma: AgendaDiaTurma['turma'];
  child: Child;
  classe: AgendaItens;
  excecao: AgendaExcecao | undefined;
  readOnly: boolean;
  onClose: () => void;
  onApply: (excecao: AgendaExcecao | null) => void;
}) {
  const [itens, setItens] = useState(() => itensDoAluno(classe, excecao?.itens));
  const pelaChamada = child.falta_na_chamada;
  const [marcada, setAusente] = useState(excecao?.ausente ?? false);
  const ausente = marcada || pelaChamada;
  const [medicacoes, setMedicacoes] = useState<Medicacoes>(excecao?.itens.medicacoes ?? []);
  const given = (id: string) => medicacoes.find((one) => one.autorizacao_id === id);
  return (
    <Modal
      open
      onClose={onClose}
      title={child.nome}
      description="O que for diferente da turma vale só para esta criança."
      size="lg"
      footer={
        readOnly ? (
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
        ) : (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => onApply(null)}>
              Igual à turma
            </Button>
            <Button onClick={() => onApply(exceptionOf(child.id, classe, itens, ausente, medicacoes))}>
              Aplicar
            </Button>
          </div>
        )
      }
    >
      <fieldset disabled={readOnly} className="space-y-3">
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-gray-900">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={ausente}
            disabled={pelaChamada}
            aria-describedby={pelaChamada ? 'agenda-falta-chamada' : undefined}
            onChange={(event) => setAusente(event.target.checked)}
          />
          Não veio hoje (a família não recebe agenda deste dia)
        </label>
        {pelaChamada && (
          <p id="agenda-falta-chamada" className="rounded-lg bg-gray-100 p-3 text-sm text-gray-700">
            Falta registrada na chamada de hoje. Se a criança veio, corrija a chamada: a agenda acompanha.
          </p>
        )}
        {!ausente && (
          <>
            <AgendaItemsEditor turma={turma} value={itens} onChange={setItens} />
            <Section title="Medicação">
              {child.autorizacoes.length === 0 ? (
                <p className="text-sm text-gray-600">
                  Sem autorização de medicação da família em vigor: não registre remédio para esta criança.
                </p>
              ) : (
                child.autorizacoes.map((autorizacao) => (
                  <div key={autorizacao.id} className="flex flex-wrap items-center gap-2 text-sm">
                    <label className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        className="h-5 w-5"
                        checked={given(autorizacao.id) !== undefined}
                        onChange={(event) =>
                          setMedicacoes(
                            event.target.checked
                              ? [
                                  ...medicacoes,
                                  { autorizacao_id: autorizacao.id, horario: '10:00', observacao: null },
                                ]
                              : medicacoes.filter((one) => one.autorizacao_id !== autorizacao.id),
                          )
                        }
                      />
                      Dei {autorizacao.medicamento} ({autorizacao.dose})
                    </label>
                    {given(autorizacao.id) && (
                      <input
                        type="time"
                        aria-label={`Horário de ${autorizacao.medicamento}`}
                        className={timeInput}
                        value={given(autorizacao.id)?.horario}
                        onChange={(event) =>
                          setMedicacoes(
                            medicacoes.map((one) =>
                              one.autorizacao_id === autorizacao.id
                                ? { ...one, horario: event.target.value }
                                : one,
                            ),
                          )
                        }
                      />
                    )}
                  </div>
                ))
              )}
            </Section>
          </>
        )}
      </fieldset>
    </Modal>
  );
}
