/**
 * The privacy notice and the terms of use a new installation starts with: plain language for
 * families, written for a private school in Brazil under the LGPD (Lei 13.709/2018). The school edits
 * both in the content manager; each saved version is what guardians accept. Lines starting with '## '
 * are headings; blank lines separate paragraphs; '- ' starts a list item.
 */
export const defaultPrivacyText = `Este aviso explica, em linguagem simples, quais dados pessoais a escola trata, para quê, com quem os compartilha e como você exerce os seus direitos. Ele vale para alunos, responsáveis, professores e visitantes do site.

## Quem é o controlador
A escola é a controladora dos dados pessoais tratados no site e no portal. Dúvidas e pedidos sobre dados pessoais podem ser feitos pela secretaria ou pelo portal, em "Meus dados".

## Quais dados tratamos
- Do aluno: nome, data de nascimento, matrícula, turma, frequência, notas, boletins e, quando informados, CPF, endereço, e-mail e telefone.
- Do responsável: nome, CPF, telefone, e-mail, endereço e parentesco, além dos registros de acesso ao portal.
- Financeiros: mensalidades, pagamentos e bolsas.
- Imagem: fotos de atividades escolares, somente com o consentimento do responsável.

## Para que usamos e com qual base legal
- Prestar o serviço educacional contratado (matrícula, turmas, frequência, notas, boletins e histórico escolar): execução do contrato e cumprimento de obrigação legal (LDB, Lei 9.394/1996).
- Cobrar mensalidades e emitir recibos: execução do contrato e obrigações fiscais.
- Comunicar avisos da escola aos responsáveis: execução do contrato.
- Avisar o Conselho Tutelar em caso de faltas reiteradas: obrigação legal (ECA, art. 56).
- Publicar fotos no site e nas redes sociais, enviar SMS e autorizar passeios: consentimento específico do responsável, por filho e por finalidade, que pode ser retirado a qualquer momento no portal.

Os dados de crianças e adolescentes são tratados sempre no melhor interesse deles (LGPD, art. 14).

## Com quem compartilhamos
Somente com quem precisa deles para cumprir as finalidades acima: órgãos de educação (Censo Escolar), autoridades quando a lei exige, e prestadores de serviço que operam dados em nome da escola (hospedagem, e-mail), sob contrato e sigilo. Não vendemos dados pessoais.

## Por quanto tempo guardamos
O histórico escolar é guardado permanentemente, como a legislação educacional exige. Registros financeiros são guardados por cinco anos. Registros de acesso ao portal são guardados pelo prazo definido pela escola nas configurações. Quando um dado deixa de ser necessário, ele é apagado ou anonimizado.

## Quem acessa
A secretaria e a direção acessam o cadastro completo. Os professores veem apenas nome, data de nascimento e turma dos seus alunos e o nome e o telefone dos responsáveis. Cada acesso ao cadastro completo de um aluno fica registrado.

## Seus direitos
Você pode, a qualquer momento, pelo portal ("Meus dados") ou na secretaria: confirmar que tratamos seus dados e receber uma cópia deles; pedir a correção de dados errados; pedir a exclusão ou a anonimização do que não for obrigatório guardar; retirar um consentimento; e saber quem acessou o cadastro do seu filho. Respondemos em até 15 dias.

## Segurança
Usamos senhas protegidas, conexões cifradas, controle de acesso por perfil e registro das operações. Se acontecer um incidente de segurança que possa causar risco ou dano relevante, avisaremos os titulares e a ANPD.

## Alterações deste aviso
Quando este aviso mudar, mostraremos a nova versão no portal e pediremos que você a leia e aceite novamente.`;

export const defaultTermsText = `Estes termos regem o uso do site e do portal da escola por responsáveis, alunos, professores e funcionários.

## Acesso ao portal
O acesso é pessoal e intransferível. Guarde sua senha em segredo e avise a secretaria se suspeitar de uso indevido. A escola pode suspender um acesso usado de forma irregular.

## O que cada perfil pode fazer
Responsáveis consultam os dados, a frequência, as notas e as mensalidades dos seus filhos, atualizam seus contatos, dão ou retiram consentimentos e fazem pedidos sobre seus dados. Professores lançam frequência e notas das suas turmas. A secretaria administra os cadastros.

## Uso adequado
Não tente acessar dados de outras famílias, nem copiar, divulgar ou alterar informações que não lhe pertencem. Informações de outros alunos que você vier a conhecer pela escola devem ser mantidas em sigilo.

## Conteúdo do site
Textos, imagens e marcas do site pertencem à escola ou são usados com autorização. Fotos de alunos só são publicadas com o consentimento do responsável.

## Disponibilidade
A escola se esforça para manter o portal disponível, mas ele pode ficar fora do ar para manutenção. Documentos oficiais (boletins, declarações) também podem ser pedidos na secretaria.

## Dados pessoais
O tratamento de dados pessoais segue o Aviso de Privacidade, que faz parte destes termos.

## Alterações
Quando estes termos mudarem, mostraremos a nova versão no portal e pediremos um novo aceite.`;
