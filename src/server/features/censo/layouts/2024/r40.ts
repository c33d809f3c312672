import {
  cargosGestor,
  codigosDe,
  criteriosAcessoGestor,
  vinculos,
} from '../../../../../shared/censo.codigos.js';
import type { Campo } from '../../layout.js';
import { codigoEscola, codigoPessoa, identificacaoInep } from './comuns.js';

/**
 * Record 40 of the 2024 layout: the school's gestor(es) — 'Dados do gestor escolar'. Seven fields, in
 * i-Educar's order (EducacensoExportController::exportaDadosRegistro40, the `educacenso_record40` view).
 * Field 6 (critério de acesso) is INEP's only for a director: 'outro cargo' leaves it and field 7 empty
 * (i-Educar's CargoGestor rule). Field 7 (tipo de vínculo) is asked of public schools only: a private
 * school sends it empty (the same rule), so the source never fills it and the table never requires it.
 */
export const r40: readonly Campo[] = [
  { n: 1, chave: 'registro', descricao: 'Tipo de registro', formato: 'fixo', valor: '40' },
  codigoEscola(2, 'inepEscola'),
  codigoPessoa(3, 'codigoPessoa'),
  identificacaoInep(4, 'inepGestor'),
  {
    n: 5,
    chave: 'cargo',
    descricao: 'Cargo do gestor escolar',
    formato: 'codigo',
    codigos: codigosDe(cargosGestor),
    obrigatorio: true,
  },
  {
    n: 6,
    chave: 'criterioAcesso',
    descricao: 'Critério de acesso ao cargo/função do gestor escolar',
    formato: 'codigo',
    codigos: codigosDe(criteriosAcessoGestor),
    obrigatorio: { quando: 'cargo', em: ['1'] },
  },
  {
    n: 7,
    chave: 'tipoVinculo',
    descricao: 'Tipo de vínculo do gestor escolar',
    formato: 'codigo',
    codigos: codigosDe(vinculos),
  },
];
