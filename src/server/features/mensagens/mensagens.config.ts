import { eq } from 'drizzle-orm';
import {
  mensagensConfigPadrao,
  mensagensConfigSchema,
  type MensagensConfig,
} from '../../../shared/mensagens.schemas.js';
import { addDays, weekdayNames, weekdayOf } from '../../../shared/calendar.js';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/settings.js';
import { saveSetting } from '../../lib/settings-row.js';
import { recordAudit, type Actor } from '../audit/index.js';

/**
 * The school's rules for conversations (Configurações → Mensagens, issue 32 §2): stored as one row of
 * `settings`; until the school saves them, today's behaviour (no monitoring, no hours, families write to
 * teachers, every guardian). A stored value that no longer parses falls back to the defaults one by one.
 */
const SETTINGS_KEY = 'mensagens';

export async function getMensagensConfig(db: DbOrTx): Promise<MensagensConfig> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTINGS_KEY));
  if (!row) return { ...mensagensConfigPadrao };
  const merged: Record<string, unknown> = { ...mensagensConfigPadrao };
  for (const key of Object.keys(mensagensConfigPadrao)) {
    const candidate = { ...merged, [key]: row.value[key] };
    if (mensagensConfigSchema.safeParse(candidate).success) merged[key] = row.value[key];
  }
  return merged as MensagensConfig;
}

export async function updateMensagensConfig(
  db: DbOrTx,
  input: MensagensConfig,
  actor: Actor,
): Promise<MensagensConfig> {
  return db.transaction(async (tx) => {
    const before = await getMensagensConfig(tx);
    const value = { ...input };
    await saveSetting(tx, SETTINGS_KEY, value, actor.id);
    const changed = (Object.keys(value) as (keyof MensagensConfig)[]).filter(
      (key) => before[key] !== value[key],
    );
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'configuracoes_mensagens',
      entityId: 'mensagens',
      details: { alteracoes: Object.fromEntries(changed.map((key) => [key, value[key]])) },
    });
    return value;
  });
}

// ------------------------------------------------------------------------------ the teachers' hours

/**
 * The school's civil time. Brazil has had no daylight saving since 2019: São Paulo is UTC−3 all year,
 * so an opening time of the school's day is `${date}T${hh:mm}:00-03:00`.
 */
const OFFSET = '-03:00';
const localParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});

function local(at: Date) {
  const parts = Object.fromEntries(localParts.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year!}-${parts.month!}-${parts.day!}`,
    time: `${parts.hour!}:${parts.minute!}`,
    weekend: parts.weekday === 'Sat' || parts.weekday === 'Sun',
  };
}

const opening = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00${OFFSET}`);
const nextDay = (date: string) => addDays(date, 1);

/**
 * When a family's message written `at` reaches a teacher: null within the teachers' hours (or with no
 * hours set), otherwise the next opening (today's, if before it; else the next day's, skipping the
 * weekend when the hours are Monday to Friday).
 */
export function deliveryTime(config: MensagensConfig, at: Date): Date | null {
  if (!config.horario_ativo) return null;
  const now = local(at);
  const open = !(config.horario_dias_uteis && now.weekend);
  if (open && now.time >= config.horario_inicio && now.time < config.horario_fim) return null;
  let date = open && now.time < config.horario_inicio ? now.date : nextDay(now.date);
  while (config.horario_dias_uteis && local(opening(date, config.horario_inicio)).weekend)
    date = nextDay(date);
  return opening(date, config.horario_inicio);
}

/** 'Fora do horário: sua mensagem será entregue às 7h' (with the day when it is not today or tomorrow). */
export function offHoursNotice(deliverAt: Date, at: Date): string {
  const target = local(deliverAt);
  const [hour, minute] = target.time.split(':');
  const time = `${String(Number(hour))}h${minute === '00' ? '' : minute!}`;
  const today = local(at).date;
  const soon = target.date === today || target.date === nextDay(today);
  const weekday = weekdayNames[weekdayOf(target.date)];
  return `Fora do horário: sua mensagem será entregue ${soon ? '' : `${weekday} `}às ${time}`;
}
