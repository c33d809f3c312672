/**
 * 'Novo Aluno' for a child the school may already have: a record with the same name (case and accents
 * aside) and the same birth date. At the desk this is the same child typed twice — the form saved again
 * after an answer lost on the school's Wi-Fi, a second secretary at the queue, a family come back — and a
 * second record splits the child's grades, roll and tuition between two matrículas. It is refused with
 * the record found, until the person says it is another child (`confirmar_homonimo`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { studentStatusLabels } from '../../../shared/students.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { AppError } from '../../lib/errors.js';
import { folded } from '../../lib/text-search.js';
import { formatDate } from '../../../shared/format.js';

const oneSpaced = (nome: string) => nome.trim().replace(/\s+/g, ' ');

export async function assertNoHomonym(
  tx: DbOrTx,
  input: { nome: string; data_nascimento: string; confirmar_homonimo?: boolean | undefined },
): Promise<void> {
  if (input.confirmar_homonimo === true) return;
  const [found] = await tx
    .select({
      nome: students.nome,
      matricula: students.matricula,
      status: students.status,
      turma: classes.nome,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(
      and(
        // Spaces inside the name aside too: 'Beatriz  Almeida' typed with two is the same child.
        eq(
          sql`regexp_replace(${folded(students.nome)}, '[[:space:]]+', ' ', 'g')`,
          folded(sql`${oneSpaced(input.nome)}`),
        ),
        eq(students.dataNascimento, input.data_nascimento),
      ),
    )
    .limit(1);
  if (!found) return;
  const where = [
    `matrícula ${found.matricula}`,
    ...(found.turma ? [found.turma] : []),
    ...(found.status === 'ativo' ? [] : [studentStatusLabels[found.status].toLowerCase()]),
  ].join(', ');
  const message =
    `Já existe um aluno com este nome e nascimento em ${formatDate(input.data_nascimento)}: ${found.nome} (${where}). ` +
    'Se for outra criança, marque esta caixa e cadastre de novo; se for a mesma, feche e abra o cadastro existente.';
  throw new AppError('CONFLICT', 'Este aluno pode já estar cadastrado.', [
    { path: 'confirmar_homonimo', message },
  ]);
}
