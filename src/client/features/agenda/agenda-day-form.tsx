import { Camera, Check, Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AgendaDiaTurma, AgendaExcecao } from '../../../shared/agenda.schemas';
import { formatDate, formatDateTime } from '../../../shared/format';
import { Badge } from '../../components/feedback';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { LeaveGuard } from '../../components/leave-guard';
import { heldChoice } from '../../lib/held-field';
import { useDayPhoto, useSaveDay } from './agenda.api';
import { AgendaChildSheet } from './agenda-child-sheet';
import { AgendaItemsEditor } from './agenda-items-editor';
import { PortalReach } from './agenda-portal-reach';

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Erro ao salvar.';

/**
 * The teacher's quick form on a phone: the class's items once for everyone, a tap on a child for what
 * differs, the day's photo, and who of the families read it. Saving sends it to the families.
 */
export function AgendaDayForm({ day }: { day: AgendaDiaTurma }) {
  const [itens, setItens] = useState(day.itens);
  const [excecoes, setExcecoes] = useState<AgendaExcecao[]>(day.excecoes);
  const [open, setOpen] = useState<string | null>(null);
  const [removingPhoto, setRemovingPhoto] = useState(false);
  const [confirmingNoClass, setConfirmingNoClass] = useState(false);
  const save = useSaveDay(day.turma.id, day.data);
  const photo = useDayPhoto(day.turma.id, day.data);
  const readOnly = !day.editavel;
  // Another class or day draws a new form (agenda-page.tsx): what was typed and not saved is asked about first.
  const unsaved =
    !readOnly &&
    JSON.stringify({ itens, excecoes }) !== JSON.stringify({ itens: day.itens, excecoes: day.excecoes });
  const child = day.alunos.find((one) => one.id === open);
  const semConsentimento = day.alunos.filter((one) => !one.consentimento_imagem);
  const lidas = day.alunos.filter((one) => one.leituras.length > 0).length;
  const faltaram = day.alunos.filter((one) => one.falta_na_chamada);
  // No family of the class reads the portal: the button does not promise to send it to them.
  const ninguem = day.alunos.length > 0 && day.alunos.every((one) => !one.familia_no_portal);

  // What 'Enviar' sends, from the button or from the confirmation of a day without class.
  const body = () => ({ itens, excecoes, ...(day.version ? { version: day.version } : {}) });
  const handleSave = () =>
    save.mutate(body(), {
      onSuccess: (result) => toast.success(result.message ?? 'Agenda enviada.'),
      onError: (error) => toast.error(errorText(error)),
    });

  return (
    <div className="space-y-4 pb-20">
      <LeaveGuard
        when={unsaved && !save.isPending}
        title="Sair sem salvar a agenda?"
        message={`As alterações na agenda de ${day.turma.nome} de ${formatDate(day.data)} ainda não foram ${day.publicada ? 'salvas' : 'enviadas às famílias'}. Se sair agora, elas serão perdidas.`}
        confirmLabel="Sair sem salvar"
        cancelLabel="Voltar à agenda"
      />
      {readOnly && (
        <p className="rounded-lg bg-gray-100 p-3 text-sm text-gray-700">
          A agenda de dias anteriores fica como foi enviada: só a de hoje pode ser preenchida ou alterada.
        </p>
      )}
      {day.sem_aula && !readOnly && !day.publicada && (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Pelo calendário, não há aula em {formatDate(day.data)} ({day.sem_aula.toLowerCase()}). Envie a
          agenda só se houve atividade com as crianças hoje.
        </p>
      )}
      {!readOnly && <PortalReach alunos={day.alunos} />}
      {day.publicada && (
        <p className="text-sm text-gray-600">
          Enviada por {day.autor ?? '—'} em {formatDateTime(day.atualizado_em)} · lida por {lidas} de{' '}
          {day.alunos.length} famílias
        </p>
      )}
      <section aria-labelledby="agenda-turma">
        <h2 id="agenda-turma" className="mb-2 text-lg font-semibold text-gray-900">
          Para toda a turma
        </h2>
        <fieldset disabled={readOnly}>
          <AgendaItemsEditor turma={day.turma} value={itens} onChange={setItens} />
        </fieldset>
      </section>
      <section aria-labelledby="agenda-criancas">
        <h2 id="agenda-criancas" className="mb-2 text-lg font-semibold text-gray-900">
          Crianças <span className="text-sm font-normal text-gray-600">(toque para o que foi diferente)</span>
        </h2>
        {faltaram.length > 0 && (
          <p className="mb-2 text-sm text-gray-700">
            Faltaram na chamada de hoje: {faltaram.map((one) => one.nome).join(', ')}. As famílias não recebem
            agenda deste dia.
          </p>
        )}
        <ul className="space-y-2" aria-label="Crianças da turma">
          {day.alunos.map((aluno) => {
            const excecao = excecoes.find((one) => one.aluno_id === aluno.id);
            const leitura = aluno.leituras[0];
            return (
              <li key={aluno.id}>
                <button
                  type="button"
                  onClick={() => setOpen(aluno.id)}
                  className="flex min-h-11 w-full flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 bg-white p-3 text-left text-sm hover:bg-gray-50"
                >
                  <span className="font-medium text-gray-900">{aluno.nome}</span>
                  <span className="flex flex-wrap gap-1">
                    {excecao?.ausente ? (
                      <Badge tone="gray">Faltou</Badge>
                    ) : excecao ? (
                      <Badge tone="blue">Diferente da turma</Badge>
                    ) : null}
                    {!aluno.consentimento_imagem && <Badge tone="yellow">Sem uso de imagem</Badge>}
                    {day.publicada &&
                      (leitura ? (
                        <Badge tone="green">
                          <Eye className="mr-1 h-3 w-3" aria-hidden /> Lida por {leitura.responsavel}
                        </Badge>
                      ) : (
                        <Badge tone="gray">Não lida</Badge>
                      ))}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <section
        aria-labelledby="agenda-foto"
        className="space-y-2 rounded-xl border border-gray-200 bg-white p-3"
      >
        <h2 id="agenda-foto" className="text-sm font-semibold text-gray-900">
          Foto da atividade do dia
        </h2>
        {day.foto && (
          <img src={day.foto.url} alt="Foto da atividade do dia" className="max-h-64 rounded-lg" />
        )}
        {semConsentimento.length > 0 && (
          <p className="text-sm text-amber-800">
            Não devem aparecer na foto (sem autorização de uso de imagem):{' '}
            {semConsentimento.map((one) => one.nome).join(', ')}. A foto só vai para as famílias que
            autorizaram.
          </p>
        )}
        {!readOnly && (
          <label
            className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 text-sm font-medium ${!day.publicada || photo.isPending ? 'pointer-events-none opacity-50' : ''}`}
          >
            <Camera className="h-4 w-4" aria-hidden />
            {day.foto ? 'Trocar foto' : 'Enviar foto'}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={!day.publicada}
              {...heldChoice(photo.isPending, (event) => {
                const arquivo = event.target.files?.[0];
                event.target.value = '';
                if (arquivo)
                  photo.mutate(arquivo, {
                    onSuccess: (result) => toast.success(result.message ?? 'Foto enviada.'),
                    onError: (error) => toast.error(errorText(error)),
                  });
              })}
            />
          </label>
        )}
        {!readOnly && day.foto && (
          <Button
            variant="ghost"
            className="ml-2 min-h-11 text-red-700"
            aria-disabled={photo.isPending}
            onClick={() => setRemovingPhoto(true)}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Remover foto
          </Button>
        )}
        {removingPhoto && (
          <ConfirmAction
            title="Remover a foto do dia?"
            message={`A foto da atividade de ${formatDate(day.data)} sai da agenda de ${day.turma.nome} e é apagada: as famílias deixam de vê-la. Para tê-la de novo, será preciso enviá-la outra vez.`}
            confirmLabel="Remover foto"
            action={() => photo.mutateAsync(null)}
            success="Foto removida."
            failure="Erro ao remover a foto."
            onClose={() => setRemovingPhoto(false)}
          />
        )}
        {!day.publicada && !readOnly && (
          <p className="text-xs text-gray-600">Envie a agenda para anexar a foto.</p>
        )}
      </section>
      {!readOnly && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white p-3 lg:static lg:border-0 lg:bg-transparent lg:p-0">
          <Button
            className="min-h-12 w-full lg:w-auto"
            loading={save.isPending}
            onClick={() => (day.sem_aula && !day.publicada ? setConfirmingNoClass(true) : handleSave())}
          >
            <Check className="h-4 w-4" aria-hidden />{' '}
            {day.publicada ? 'Salvar alterações' : ninguem ? 'Salvar agenda' : 'Enviar agenda às famílias'}
          </Button>
        </div>
      )}
      {confirmingNoClass && day.sem_aula && (
        <ConfirmAction
          title="Enviar a agenda de um dia sem aula?"
          message={`Pelo calendário, ${formatDate(day.data)} não tem aula (${day.sem_aula.toLowerCase()}). As famílias de ${day.turma.nome} recebem a agenda como a de um dia de aula.`}
          confirmLabel="Enviar mesmo assim"
          danger={false}
          action={() => save.mutateAsync(body())}
          success="Agenda do dia enviada às famílias."
          failure="Erro ao salvar."
          onClose={() => setConfirmingNoClass(false)}
        />
      )}
      {child && (
        <AgendaChildSheet
          turma={day.turma}
          child={child}
          classe={itens}
          excecao={excecoes.find((one) => one.aluno_id === child.id)}
          readOnly={readOnly}
          onClose={() => setOpen(null)}
          onApply={(excecao) => {
            setExcecoes([
              ...excecoes.filter((one) => one.aluno_id !== child.id),
              ...(excecao ? [excecao] : []),
            ]);
            setOpen(null);
          }}
        />
      )}
    </div>
  );
}
