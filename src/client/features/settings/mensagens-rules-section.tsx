/** Configurações → Notificações: the school's rules for conversations with families (ADR 0036). */
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  familiasIniciamLabels,
  familiasIniciamOpcoes,
  type MensagensConfig,
  responsaveisRegraLabels,
  responsaveisRegras,
} from '../../../shared/mensagens.schemas';
import { Button } from '../../components/button';
import { useMensagensConfig, useSaveMensagensConfig } from '../../domain/mensagens-config.api';
import { ApiError } from '../../lib/api-client';
import { Toggle } from './toggle';

// max-w-full: an option longer than the phone's width would otherwise widen its select past the card.
const field = 'mt-1 block max-w-full rounded-lg border border-gray-300 px-3 py-2 text-sm';

export function MensagensRulesSection() {
  const current = useMensagensConfig();
  const save = useSaveMensagensConfig();
  const [draft, setDraft] = useState<MensagensConfig | null>(null);
  if (!current.data) return null;
  const value = draft ?? current.data;
  const set = (changes: Partial<MensagensConfig>) => setDraft({ ...value, ...changes });
  return (
    <section
      className="mt-6 space-y-3 rounded-xl border border-gray-200 bg-white p-4"
      aria-labelledby="regras-msg"
    >
      <h2 id="regras-msg" className="font-semibold text-gray-900">
        Mensagens com as famílias
      </h2>
      <Toggle
        label="A coordenação acompanha as conversas dos professores"
        hint="Somente leitura. A família é avisada na conversa de que a escola acompanha."
        checked={value.monitoramento}
        onChange={(monitoramento) => set({ monitoramento })}
      />
      <Toggle
        label="Horário dos professores para responder"
        hint="Fora dele, a mensagem da família chega ao professor no início do próximo horário, e a família é avisada."
        checked={value.horario_ativo}
        onChange={(horario_ativo) => set({ horario_ativo })}
      />
      {value.horario_ativo && (
        <div className="flex flex-wrap items-end gap-3 pl-1">
          <label className="text-sm font-medium text-gray-700">
            Das
            <input
              type="time"
              className={field}
              value={value.horario_inicio}
              onChange={(event) => set({ horario_inicio: event.target.value })}
            />
          </label>
          <label className="text-sm font-medium text-gray-700">
            Às
            <input
              type="time"
              className={field}
              value={value.horario_fim}
              onChange={(event) => set({ horario_fim: event.target.value })}
            />
          </label>
          <label className="flex items-center gap-2 pb-2 text-sm text-gray-700">
            <input
              type="checkbox"
              checked={value.horario_dias_uteis}
              onChange={(event) => set({ horario_dias_uteis: event.target.checked })}
            />
            Só de segunda a sexta
          </label>
        </div>
      )}
      <label className="block text-sm font-medium text-gray-700">
        As famílias iniciam conversas
        <select
          className={field}
          value={value.familias_iniciam}
          onChange={(event) =>
            set({ familias_iniciam: event.target.value as MensagensConfig['familias_iniciam'] })
          }
        >
          {familiasIniciamOpcoes.map((item) => (
            <option key={item} value={item}>
              {familiasIniciamLabels[item]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-gray-700">
        Quando a escola inicia uma conversa, ela vai para
        <select
          className={field}
          value={value.responsaveis}
          onChange={(event) => set({ responsaveis: event.target.value as MensagensConfig['responsaveis'] })}
        >
          {responsaveisRegras.map((item) => (
            <option key={item} value={item}>
              {responsaveisRegraLabels[item]}
            </option>
          ))}
        </select>
        <span className="mt-1 block text-xs font-normal text-gray-600">
          Pais separados não leem as respostas um do outro: cada responsável tem a sua conversa.
        </span>
      </label>
      <div className="flex justify-end">
        <Button
          loading={save.isPending}
          disabled={draft === null}
          onClick={() =>
            save.mutate(value, {
              onSuccess: () => {
                setDraft(null);
                toast.success('Regras das mensagens salvas.');
              },
              onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Erro ao salvar'),
            })
          }
        >
          Salvar regras
        </Button>
      </div>
    </section>
  );
}
