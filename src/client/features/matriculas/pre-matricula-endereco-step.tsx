/** Pré-matrícula, step 3: the address, filled from the CEP when the school turned the lookup on. */
import { useEffect, useRef, useState } from 'react';
import { InputField } from '../../components/field';
import { MaskedInput } from '../../components/masked-input';
import { cepLookupFailure } from '../../lib/cep-lookup';
import { applyMask } from '../../lib/masks';
import { buscarCep, type DadosForm } from './pre-matricula.api';
import { StepSection, type StepProps } from './pre-matricula-form-kit';

export function EnderecoStep({
  dados,
  onChange,
  errors,
  token,
  consultaCep,
}: StepProps & { token: string; consultaCep: boolean }) {
  const endereco = dados.endereco;
  const set = (patch: Partial<DadosForm['endereco']>) =>
    onChange({ ...dados, endereco: { ...endereco, ...patch } });
  const [status, setStatus] = useState<string | undefined>(undefined);
  const latest = useRef(dados);
  latest.current = dados;
  const digits = endereco.cep.replace(/\D/g, '');

  useEffect(() => {
    if (!consultaCep || digits.length !== 8) return;
    let active = true;
    setStatus('Buscando endereço...');
    buscarCep(token, digits).then(
      (found) => {
        if (!active) return;
        const current = latest.current;
        // Only empty fields are filled: what the family typed stays.
        onChange({
          ...current,
          endereco: {
            ...current.endereco,
            logradouro: current.endereco.logradouro || found.logradouro,
            bairro: current.endereco.bairro || found.bairro,
            cidade: current.endereco.cidade || found.cidade,
            uf: current.endereco.uf || found.uf,
          },
        });
        setStatus('Endereço encontrado. Confira e complete o número.');
      },
      (error: unknown) => {
        if (active) setStatus(cepLookupFailure(error, 'preencha o endereço'));
      },
    );
    return () => {
      active = false;
    };
    // Looks up once per CEP typed; onChange reads the latest data through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [digits, consultaCep, token]);

  return (
    <StepSection
      title="Endereço"
      hint={consultaCep ? 'Digite o CEP: preenchemos o resto para você conferir.' : undefined}
    >
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <MaskedInput
          label="CEP"
          required
          mask="cep"
          value={applyMask('cep', endereco.cep)}
          error={errors['endereco.cep']}
          hint={status}
          onValueChange={(value) => set({ cep: value })}
        />
        <InputField
          label="Rua (logradouro)"
          required
          autoComplete="address-line1"
          value={endereco.logradouro}
          maxLength={200}
          error={errors['endereco.logradouro']}
          onChange={(event) => set({ logradouro: event.target.value })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Número"
          required
          inputMode="text"
          value={endereco.numero}
          maxLength={20}
          error={errors['endereco.numero']}
          onChange={(event) => set({ numero: event.target.value })}
        />
        <InputField
          label="Complemento"
          value={endereco.complemento}
          maxLength={100}
          onChange={(event) => set({ complemento: event.target.value })}
        />
        <InputField
          label="Bairro"
          required
          value={endereco.bairro}
          maxLength={100}
          error={errors['endereco.bairro']}
          onChange={(event) => set({ bairro: event.target.value })}
        />
        <div className="grid grid-cols-[1fr_5rem] gap-4">
          <InputField
            label="Cidade"
            required
            value={endereco.cidade}
            maxLength={100}
            error={errors['endereco.cidade']}
            onChange={(event) => set({ cidade: event.target.value })}
          />
          <InputField
            label="UF"
            required
            value={endereco.uf}
            maxLength={2}
            error={errors['endereco.uf']}
            onChange={(event) => set({ uf: event.target.value.toUpperCase() })}
          />
        </div>
      </div>
    </StepSection>
  );
}
