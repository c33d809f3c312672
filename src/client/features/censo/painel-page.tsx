import { useSearchParams } from 'react-router';
import { etapasCenso, type EtapaCenso } from '../../../shared/censo.schemas';
import { todayIso } from '../../../shared/format';
import { PageHeader } from '../../components/feedback';
import { SelectField } from '../../components/field';
import { PageTab, PageTabs } from '../../components/page-tabs';
import { PRIMEIRO_ANO_CENSO, anoCensoAtual, etapaInfo } from './censo-painel.api';
import { PainelEtapa } from './painel-etapa';
import { PainelImportacao } from './painel-importacao';
import { EscolaCensoTab } from './escola-tab';

const rotuloAba: Record<EtapaCenso, string> = {
  'matricula-inicial': 'Matrícula Inicial',
  'situacao-do-aluno': 'Situação do Aluno',
};

/** Relatórios → Censo Escolar (issue 37): the year, its two stages and the import of INEP IDs. */
export function CensoPainelPage() {
  const [params, setParams] = useSearchParams();
  const atual = anoCensoAtual(todayIso());
  const pedido = Number(params.get('ano'));
  const ano =
    Number.isInteger(pedido) && pedido >= PRIMEIRO_ANO_CENSO && pedido <= atual + 1 ? pedido : atual;
  const etapa: EtapaCenso =
    params.get('etapa') === 'situacao-do-aluno' ? 'situacao-do-aluno' : 'matricula-inicial';
  // 'Dados da escola' (records 00 and 10): here as well as in Configurações → Censo, which only the
  // Direção reaches — the Secretaria fixes the school's pendências from the panel.
  const aba = params.get('aba') === 'escola' ? 'escola' : etapa;
  const anos = Array.from({ length: atual + 1 - PRIMEIRO_ANO_CENSO + 1 }, (_, index) => atual + 1 - index);
  const mudar = (chave: string, valor: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(chave, valor);
        if (chave === 'etapa') next.delete('aba');
        return next;
      },
      { replace: true },
    );
  const abas = [
    ...etapasCenso.map((value) => ({ value, label: rotuloAba[value] })),
    { value: 'escola', label: 'Dados da escola' },
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Censo Escolar"
        subtitle="Os arquivos do Educacenso gerados dos dados da escola, conferidos antes do envio"
        actions={
          <div className="w-40">
            <SelectField
              label="Ano do Censo"
              value={String(ano)}
              onChange={(event) => mudar('ano', event.target.value)}
            >
              {anos.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </SelectField>
          </div>
        }
      />
      <PageTabs
        label="Etapas do Censo"
        tabs={abas}
        value={aba}
        onChange={(value) => (value === 'escola' ? mudar('aba', 'escola') : mudar('etapa', value))}
      >
        {etapasCenso.map((value) => (
          <PageTab key={value} value={value} aria-label={etapaInfo[value].titulo}>
            {value === aba && <PainelEtapa ano={ano} etapa={value} />}
          </PageTab>
        ))}
        <PageTab value="escola" aria-label="Dados da escola para o Censo">
          {aba === 'escola' && <EscolaCensoTab />}
        </PageTab>
      </PageTabs>
      {aba !== 'escola' && <PainelImportacao ano={ano} />}
    </div>
  );
}
