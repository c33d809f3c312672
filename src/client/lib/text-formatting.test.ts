import { describe, expect, it } from 'vitest';
import { insertLink, toggleBold, toggleList } from './text-formatting';

/** The text with the selection drawn as [[ ]] — what the person sees selected after the button. */
const shown = ({ value, start, end }: { value: string; start: number; end: number }) =>
  `${value.slice(0, start)}[[${value.slice(start, end)}]]${value.slice(end)}`;

describe('the formatting buttons of a notice', () => {
  it('Negrito wraps the selection, offers words to type over without one, and undoes itself', () => {
    const value = 'A reunião é amanhã.';
    const bold = toggleBold({ value, start: 12, end: 18 });
    expect(shown(bold)).toBe('A reunião é **[[amanhã]]**.');
    expect(shown(toggleBold(bold))).toBe('A reunião é [[amanhã]].');
    expect(shown(toggleBold({ value: 'Atenção: ', start: 9, end: 9 }))).toBe(
      'Atenção: **[[texto em negrito]]**',
    );
  });

  it('Lista puts "- " before each line the selection touches, and takes it away from a list', () => {
    const value = 'Levar:\nlanche\nagasalho\nFim';
    const list = toggleList({ value, start: 9, end: 15 });
    expect(list.value).toBe('Levar:\n- lanche\n- agasalho\nFim');
    expect(shown(list)).toBe('Levar:\n[[- lanche\n- agasalho]]\nFim');
    expect(toggleList(list).value).toBe(value);
    // The caret on a line, nothing selected: that line.
    expect(toggleList({ value, start: 0, end: 0 }).value).toBe('- Levar:\nlanche\nagasalho\nFim');
  });

  it('Link keeps the words and selects the address to paste over', () => {
    const value = 'Veja o cardápio aqui.';
    expect(shown(insertLink({ value, start: 7, end: 15 }))).toBe('Veja o [cardápio]([[https://]]) aqui.');
    expect(shown(insertLink({ value: '', start: 0, end: 0 }))).toBe('[texto do link]([[https://]])');
  });
});
