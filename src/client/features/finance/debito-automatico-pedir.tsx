/** The family asks for Pix Automático for one child: what it is, the monthly ceiling and the start. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatCentavos, todayIso } from '../../../shared/format';
import { parseReais } from '../../../shared/money';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { MaskedInput } from '../../components/masked-input';
import { usePedirDebito } from './debito-automatico.api';
import { centavosToInput } from './finance-ui';

export function PedirDebito({
  aluno,
  sugestao,
}: {
  aluno: { id: string; nome: string };
  /** The child's tuition today: the suggested ceiling (with a margin for a readjustment). */
  sugestao: number | null;
}) {
  const [aberto, setAberto] = useState(false);
  const [valor, setValor] = useState(
    sugestao ? centavosToInput(Math.ceil((sugestao * 1.1) / 100) * 100) : '',
  );
  const [inicio, setInicio] = useState(todayIso());
  const [erro, setErro] = useState<string | null>(null);
  const pedir = usePedirDebito(aluno.id);
  const primeiro = aluno.nome.split(' ')[0];

  const submit = () => {
    const centavos = parseReais(valor);
    if (centavos === null || centavos <= 0) {
      setErro('Informe o valor máximo por mês, por exemplo 1.000,00.');
      return;
    }
    setErro(null);
    pedir.mutate(
      { valor_maximo: centavos, data_inicial: inicio },
      {
        onSuccess: (result) => toast.success(result.message ?? 'Pedido criado.'),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <div className="space-y-3 text-sm text-gray-700">
      <p>
        Autorize uma vez no app do seu banco e a mensalidade de {primeiro} é debitada da sua conta no dia do
        vencimento, todo mês — sem código para copiar e sem multa por esquecimento.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>Você escolhe o valor máximo por mês; uma mensalidade acima dele não é debitada.</li>
        <li>Você pode cancelar quando quiser, aqui ou no app do banco.</li>
        <li>Se o débito não passar (saldo, limite), a mensalidade continua em aberto para pagar pelo Pix.</li>
      </ul>
      {!aberto ? (
        <Button variant="secondary" onClick={() => setAberto(true)} className="w-full sm:w-auto">
          Quero débito automático
        </Button>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          aria-label={`Pedir débito automático para ${aluno.nome}`}
          className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-3"
          noValidate
        >
          <MaskedInput
            mask="money"
            label="Valor máximo por mês (R$)"
            value={valor}
            onValueChange={setValor}
            required
            error={erro ?? undefined}
            hint={sugestao ? `A mensalidade hoje é ${formatCentavos(sugestao)}.` : undefined}
          />
          <InputField
            type="date"
            label="A partir de"
            value={inicio}
            min={todayIso()}
            onChange={(event) => setInicio(event.target.value)}
            required
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" loading={pedir.isPending} className="w-full sm:w-auto">
              Pedir débito automático
            </Button>
            <Button variant="ghost" onClick={() => setAberto(false)} className="w-full sm:w-auto">
              Agora não
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
