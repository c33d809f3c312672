/**
 * 'Débito automático via Pix' on the family's Financeiro: one card per child, shown only where the school
 * offers it (its PSP has Pix Automático) or a debit is still live. Nothing at all otherwise.
 */
import { useQueries } from '@tanstack/react-query';
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import { useFamilyChildren } from '../../domain/family.api';
import { debitoAutomaticoQuery } from './debito-automatico.api';
import { DebitoAutomaticoCard, visivel } from './debito-automatico-card';
import { Section } from './guardian-finance-charges';

export function DebitoAutomaticoSection({ mensalidades }: { mensalidades: Mensalidade[] }) {
  const children = useFamilyChildren();
  const ativos = (children.data ?? []).filter((child) => child.status === 'ativo');
  const debitos = useQueries({ queries: ativos.map((child) => debitoAutomaticoQuery(child.id)) });
  const cards = ativos.flatMap((child, index) => {
    const debito = debitos[index]?.data;
    if (!debito || !visivel(debito)) return [];
    const proxima = mensalidades.find((mensalidade) => mensalidade.aluno_id === child.id);
    return [{ child, debito, sugestao: proxima ? proxima.valor - proxima.principal_pago : null }];
  });
  if (cards.length === 0) return null;
  return (
    <Section title="Débito automático via Pix">
      {cards.map(({ child, debito, sugestao }) => (
        <DebitoAutomaticoCard
          key={child.id}
          aluno={{ id: child.id, nome: child.nome }}
          debito={debito}
          sugestao={sugestao}
        />
      ))}
    </Section>
  );
}
