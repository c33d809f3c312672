import { describe, expect, it } from 'vitest';
import { mensagensConfigPadrao } from '../../../shared/mensagens.schemas.js';
import { deliveryTime, offHoursNotice } from './mensagens.config.js';

const hours = { ...mensagensConfigPadrao, horario_ativo: true };
const at = (local: string) => new Date(`${local}-03:00`);

describe('the teachers’ hours', () => {
  it('within the hours, or with no hours set, a message is delivered at once', () => {
    expect(deliveryTime(hours, at('2026-05-12T07:00:00'))).toBeNull();
    expect(deliveryTime(hours, at('2026-05-12T18:59:00'))).toBeNull();
    expect(deliveryTime(mensagensConfigPadrao, at('2026-05-12T23:00:00'))).toBeNull();
  });

  it('before the start it waits for today’s; after the end for the next day’s', () => {
    expect(deliveryTime(hours, at('2026-05-12T06:10:00'))).toEqual(at('2026-05-12T07:00:00'));
    expect(deliveryTime(hours, at('2026-05-12T19:00:00'))).toEqual(at('2026-05-13T07:00:00'));
    expect(offHoursNotice(at('2026-05-13T07:00:00'), at('2026-05-12T19:00:00'))).toBe(
      'Fora do horário: sua mensagem será entregue às 7h',
    );
  });

  it('Monday to Friday: Friday night and the weekend wait for Monday, and the notice names the day', () => {
    const friday = at('2026-05-15T20:00:00');
    const monday = at('2026-05-18T07:00:00');
    expect(deliveryTime(hours, friday)).toEqual(monday);
    expect(deliveryTime(hours, at('2026-05-16T10:00:00'))).toEqual(monday);
    expect(offHoursNotice(monday, friday)).toBe(
      'Fora do horário: sua mensagem será entregue segunda-feira às 7h',
    );
    // Every day: Saturday morning is within the hours.
    expect(deliveryTime({ ...hours, horario_dias_uteis: false }, at('2026-05-16T10:00:00'))).toBeNull();
    const halfPast = { ...hours, horario_inicio: '07:30' };
    expect(
      offHoursNotice(deliveryTime(halfPast, at('2026-05-12T22:00:00'))!, at('2026-05-12T22:00:00')),
    ).toBe('Fora do horário: sua mensagem será entregue às 7h30');
  });
});
