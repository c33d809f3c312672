// The network's names and shape: the séries of a school from Educação Infantil to Ensino Médio and each
// stage's grade curricular (subjects, weekly lessons and weekdays, as the demo's seed-academics has them).

export const FIRST_NAMES = [
  'Ana',
  'Alice',
  'Arthur',
  'Beatriz',
  'Benício',
  'Bernardo',
  'Bruno',
  'Caio',
  'Camila',
  'Cecília',
  'Clara',
  'Daniel',
  'Davi',
  'Eduarda',
  'Enzo',
  'Felipe',
  'Gabriel',
  'Gael',
  'Giovanna',
  'Gustavo',
  'Heitor',
  'Helena',
  'Isabela',
  'Isadora',
  'João',
  'Joaquim',
  'Júlia',
  'Laura',
  'Lara',
  'Lívia',
  'Lorena',
  'Lucas',
  'Luiza',
  'Manuela',
  'Maria',
  'Mariana',
  'Matheus',
  'Miguel',
  'Nicolas',
  'Otávio',
  'Pedro',
  'Rafael',
  'Samuel',
  'Sofia',
  'Théo',
  'Valentina',
  'Vitória',
  'Yasmin',
];

export const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
];

export const MOTHER_NAMES = ['Adriana', 'Aline', 'Cláudia', 'Daniela', 'Fernanda', 'Juliana', 'Luciana'];
MOTHER_NAMES.push('Márcia', 'Patrícia', 'Renata', 'Simone', 'Tatiane', 'Vanessa', 'Priscila', 'Carla');
export const FATHER_NAMES = ['Alexandre', 'André', 'Carlos', 'Eduardo', 'Fábio', 'Marcelo', 'Márcio'];
FATHER_NAMES.push('Paulo', 'Ricardo', 'Rodrigo', 'Sérgio', 'Thiago', 'Leandro', 'Roberto', 'Fernando');

const fundamentalI = [
  ['Português', 6, [1, 2, 3, 4, 5]],
  ['Matemática', 5, [1, 2, 3, 4, 5]],
  ['Ciências', 2, [2, 4]],
  ['História', 2, [1, 3]],
  ['Geografia', 2, [2, 5]],
  ['Arte', 1, [4]],
  ['Educação Física', 2, [3, 5]],
  ['Inglês', 1, [1]],
];
const fundamentalII = [
  ['Português', 5, [1, 2, 3, 4, 5]],
  ['Matemática', 5, [1, 2, 3, 4, 5]],
  ['Ciências', 3, [1, 3, 5]],
  ['História', 2, [2, 4]],
  ['Geografia', 2, [1, 4]],
  ['Inglês', 2, [2, 5]],
  ['Arte', 1, [3]],
  ['Educação Física', 2, [2, 4]],
];
const medio = [
  ['Português', 5, [1, 2, 3, 4, 5]],
  ['Matemática', 4, [1, 2, 4, 5]],
  ['Física', 2, [2, 4]],
  ['Química', 2, [1, 3]],
  ['Biologia', 2, [3, 5]],
  ['História', 2, [2, 5]],
  ['Geografia', 2, [1, 4]],
  ['Inglês', 2, [3, 5]],
];

/**
 * The séries in order (class c is série c mod 15): stage, série, age in the year, roll mode and grid.
 * Educação Infantil has no subjects nor grades (pareceres), a daily roll; Fundamental I a daily roll
 * and grades; Fundamental II and Ensino Médio a roll per lesson of the grid.
 */
export const SERIES = [
  ['Educação Infantil', 'Maternal', 3],
  ['Educação Infantil', 'Jardim I', 4],
  ['Educação Infantil', 'Jardim II', 5],
  ['Fundamental I', '1º ano', 6],
  ['Fundamental I', '2º ano', 7],
  ['Fundamental I', '3º ano', 8],
  ['Fundamental I', '4º ano', 9],
  ['Fundamental I', '5º ano', 10],
  ['Fundamental II', '6º ano', 11],
  ['Fundamental II', '7º ano', 12],
  ['Fundamental II', '8º ano', 13],
  ['Fundamental II', '9º ano', 14],
  ['Ensino Médio', '1ª série', 15],
  ['Ensino Médio', '2ª série', 16],
  ['Ensino Médio', '3ª série', 17],
].map(([nivel, serie, idade]) => ({
  nivel,
  serie,
  idade,
  modo: nivel === 'Fundamental II' || nivel === 'Ensino Médio' ? 'por_aula' : 'diaria',
  grid:
    nivel === 'Fundamental I'
      ? fundamentalI
      : nivel === 'Fundamental II'
        ? fundamentalII
        : nivel === 'Ensino Médio'
          ? medio
          : [],
}));

/** The schools the one instance holds the classes of ('Unidade 1' … 'Unidade 8'). */
export const UNITS = 8;

/** A SQL array literal of text (the lists above hold no quote but are escaped anyway). */
export const sqlTextArray = (values) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
