/**
 * Passwords seen first in breach corpora, with the Portuguese and Brazilian ones (times, cidades,
 * palavras comuns). Compared case-insensitively and also after stripping trailing digits and symbols,
 * so 'Senha123!' and 'brasil2025' are caught along with their roots.
 */
const list = `
123456 12345678 123456789 1234567890 12345 1234567 123123 111111 000000 00000000 11111111 654321
987654321 147258369 159753 123321 112233 121212 123654 102030 10203040 1020304050 5201314 666666
888888 999999 777777 555555 222222 333333 444444 696969 101010 131313 171717 232323 252525
password passw0rd password1 password123 p@ssw0rd p@ssword qwerty qwerty123 qwertyuiop azerty
asdfgh asdfghjkl zxcvbnm 1q2w3e4r 1q2w3e4r5t 1qaz2wsx qazwsx abc123 abcd1234 iloveyou admin
admin123 administrator root toor letmein welcome welcome1 monkey dragon master sunshine princess
football baseball superman batman trustno1 shadow michael jennifer whatever freedom starwars
hello hello123 charlie donald secret secret123 login test test123 teste teste123 guest changeme
senha senha123 senha1234 senha12345 minhasenha mudar123 mudarsenha trocar123 acesso acesso123
brasil brasil123 brasil2022 brasil2023 brasil2024 brasil2025 brasil2026 brazil brazil123
flamengo flamengo123 corinthians corinthians123 palmeiras palmeiras123 saopaulo santos vasco
gremio internacional cruzeiro atletico botafogo fluminense bahia vitoria sport
amor amormeu meuamor teamo teamo123 tequiero amizade familia familia123 felicidade saudade
jesus jesus123 jesuscristo deus deusefiel deuseamor deusefiel123 gabriel gabriela rafael rafaela
lucas mateus matheus pedro joao maria mariana ana juliana fernanda fernando carlos bruno bruna
beatriz leticia amanda camila larissa vitoria eduardo gustavo felipe thiago rodrigo daniel
escola escola123 escola2024 escola2025 escola2026 colegio colegio123 professor professor123
aluno aluno123 diretor diretora secretaria coordenacao educacao estudante
sistema sistema123 sistemaescolar portal portal123 usuario usuario123 qwe123 asd123 zxc123
abcdef abcdefg abcdefgh abc12345 a123456 a1b2c3 a1b2c3d4 aa123456 123abc 123qwe 1234abcd
iloveyou1 princesa princesa123 chocolate morango banana abacaxi cachorro gatinho bonita bonito
estrela pipoca sorvete futebol futebol123 carnaval rio riodejaneiro saopaulo123 bahia123
recife fortaleza curitiba brasilia salvador manaus belohorizonte goiania
mae mae123 pai pai123 minhamae meupai vovo vovo123 filho filha netinho
naruto pokemon minecraft fortnite roblox freefire
`;

export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));
