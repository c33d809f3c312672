import { useState } from 'react';
import toast from 'react-hot-toast';
import { MENSAGEM_INADIMPLENCIA_PADRAO, type MatriculasConfig } from '../../../shared/anuidades.schemas';
import { Button } from '../../components/button';
import { SelectField, TextAreaField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { useSaveMatriculasConfig } from './anuidades.api';
import { Toggle } from './toggle';

/** The online rematrícula's settings: art. 5º (refuse families in default, their message) and the year-end choice. */
export function RematriculaConfigSection({ config }: { config: MatriculasConfig }) {
  const [recusar, setRecusar] = useState(config.recusar_inadimplentes);
  const [mensagem, setMensagem] = useState(config.mensagem_inadimplencia);
  const [aplica, setAplica] = useState(config.rematricula_aplica);
  const save = useSaveMatriculasConfig();
  const handleSave = async () => {
    try {
      const result = await save.mutateAsync({
        recusar_inadimplentes: recusar,
        mensagem_inadimplencia: mensagem,
        rematricula_aplica: aplica,
        version: config.version,
      });
      toast.success(result.message ?? 'Configurações salvas.');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Não foi possível salvar.');
    }
  };
  return (
    <section aria-labelledby="rematricula-config" className="space-y-3">
      <h3 id="rematricula-config" className="font-semibold text-gray-900">
        Rematrícula online
      </h3>
      <Toggle
        label="Recusar a rematrícula de famílias inadimplentes (Lei 9.870, art. 5º)"
        hint="A família recebe o link, vê a mensagem abaixo e não consegue concluir até regularizar. Documentos nunca são retidos por débito (art. 6º)."
        checked={recusar}
        onChange={setRecusar}
      />
      <TextAreaField
        label="Mensagem para a família inadimplente"
        rows={4}
        value={mensagem}
        maxLength={1000}
        onChange={(event) => setMensagem(event.target.value)}
        hint={
          <button
            type="button"
            className="underline"
            onClick={() => setMensagem(MENSAGEM_INADIMPLENCIA_PADRAO)}
          >
            Restaurar o texto padrão
          </button>
        }
      />
      <SelectField
        label="Na rematrícula de fim de ano, aplicar"
        value={aplica}
        onChange={(event) => setAplica(event.target.value as MatriculasConfig['rematricula_aplica'])}
        hint="Com “apenas quem assinou”, os alunos cuja família não assinou o contrato na rematrícula online ficam como “Não rematriculado” na proposta (a secretaria ainda pode mudar um a um)."
      >
        <option value="todos">Todos os alunos (como antes)</option>
        <option value="assinados">Apenas quem assinou o contrato online</option>
      </SelectField>
      <div className="flex justify-end">
        <Button onClick={() => void handleSave()} loading={save.isPending}>
          Salvar rematrícula online
        </Button>
      </div>
    </section>
  );
}
