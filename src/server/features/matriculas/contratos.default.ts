/**
 * The contract template a school starts with (issue 34): a plain pt-BR contract of educational
 * services that follows Lei 9.870/1999 (anuidade, plans not above it, the fee counting toward it),
 * CDC art. 52 § 1º (multa of at most 2 %) and juros of 1 % a month, the LGPD and a forum clause. The
 * school edits it in Configurações → Contrato de matrícula; this text is only the first version.
 */
export const MODELO_PADRAO_TITULO = 'Contrato de prestação de serviços educacionais';

export const MODELO_PADRAO_CORPO = `**CONTRATANTE:** {{responsavel.nome}}, CPF {{responsavel.cpf}}, e-mail {{responsavel.email}}, residente em {{endereco}}, responsável financeiro pelo estudante **{{aluno.nome}}**, com data de nascimento em {{aluno.data_nascimento}}.

**CONTRATADA:** {{escola.nome}}, CNPJ {{escola.cnpj}}, com sede em {{escola.endereco}}.

As partes acima identificadas celebram este contrato de prestação de serviços educacionais, que se rege pelas cláusulas seguintes e pela Lei nº 9.870/1999, pelo Código de Defesa do Consumidor (Lei nº 8.078/1990) e pelo Código Civil.

**Cláusula 1ª — Objeto.** A CONTRATADA prestará ao estudante os serviços educacionais da série **{{serie}}** (turma {{turma}}), no ano letivo de **{{ano_letivo}}**, conforme o calendário escolar, a proposta pedagógica e o regimento escolar, que o CONTRATANTE declara conhecer.

**Cláusula 2ª — Anuidade.** Pelos serviços do ano letivo, o CONTRATANTE pagará a anuidade de **{{valor_anual}}**, valor divulgado pela escola na forma do art. 2º da Lei nº 9.870/1999.

**Cláusula 3ª — Forma de pagamento.** A anuidade será paga pelo plano **{{plano.nome}}**: taxa de matrícula de {{taxa_matricula}}, que integra a anuidade e é deduzida do seu total, e {{plano.parcelas}} parcelas de {{plano.valor_parcela}}, com vencimento no dia {{dia_vencimento}} de cada mês. Nenhum plano alternativo excede o valor da anuidade (Lei nº 9.870/1999, art. 1º, § 5º).

**Cláusula 4ª — Atraso.** A parcela paga após o vencimento terá multa de {{multa}}%, limitada a 2% (Código de Defesa do Consumidor, art. 52, § 1º), e juros de mora de {{juros}}% ao mês, calculados dia a dia.

**Cláusula 5ª — Inadimplência.** O atraso não suspende as provas, não retém documentos escolares e não aplica penalidade pedagógica ao estudante (Lei nº 9.870/1999, art. 6º). A escola poderá recusar a renovação da matrícula para o ano seguinte ao CONTRATANTE inadimplente (art. 5º).

**Cláusula 6ª — Rescisão.** O CONTRATANTE pode rescindir este contrato a qualquer tempo, por escrito, pagando as parcelas vencidas até o mês do pedido; as parcelas seguintes deixam de ser devidas. A transferência do estudante e os seus documentos serão entregues em qualquer caso.

**Cláusula 7ª — Dados pessoais.** A CONTRATADA trata os dados pessoais do estudante e dos responsáveis para executar este contrato e cumprir obrigações legais (Lei nº 13.709/2018 — LGPD, art. 7º, II e V, e art. 14), no melhor interesse da criança, e não os compartilha além do exigido por lei. Os responsáveis podem exercer os direitos do art. 18 da LGPD pela secretaria ou pelo portal da escola.

**Cláusula 8ª — Assinatura eletrônica.** As partes aceitam a assinatura deste contrato por meio eletrônico, com a identidade de cada signatário confirmada por código enviado ao seu e-mail, nos termos do art. 10, § 2º, da Medida Provisória nº 2.200-2/2001; a integridade do documento é atestada pelo resumo SHA-256 e pelo código de verificação impressos nele (Código de Processo Civil, art. 784, § 4º).

**Cláusula 9ª — Foro.** Fica eleito o foro da comarca da sede da CONTRATADA para dirimir as questões deste contrato, ressalvado ao CONTRATANTE, como consumidor, o foro do seu domicílio.

Emitido em {{data}}.`;
