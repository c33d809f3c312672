/**
 * The formatting buttons over a notice's text (the Markdown-lite of shared/rich-text.ts): each takes the
 * text and its selection and answers the new text and what to select after, so the person types on
 * without reaching for the marks (`**`, `- `, `[ ](…)`) a school's staff do not know by heart.
 */
export interface TextEdit {
  value: string;
  start: number;
  end: number;
}

/** `**selected**`; with nothing selected, `**texto em negrito**` with its words selected to type over. */
export function toggleBold({ value, start, end }: TextEdit): TextEdit {
  const selected = value.slice(start, end);
  const before = value.slice(0, start);
  const after = value.slice(end);
  // Already bold (the marks just around the selection): the marks go.
  if (before.endsWith('**') && after.startsWith('**'))
    return {
      value: `${before.slice(0, -2)}${selected}${after.slice(2)}`,
      start: start - 2,
      end: end - 2,
    };
  const words = selected || 'texto em negrito';
  return { value: `${before}**${words}**${after}`, start: start + 2, end: start + 2 + words.length };
}

/** The lines the selection touches become a list ('- ' in front); if they all are one, the marks go. */
export function toggleList({ value, start, end }: TextEdit): TextEdit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', Math.max(end - (end > start ? 1 : 0), start));
  const lineEnd = nextBreak < 0 ? value.length : nextBreak;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const listed = lines.every((line) => line.startsWith('- '));
  const changed = lines.map((line) => (listed ? line.slice(2) : `- ${line}`)).join('\n');
  return {
    value: `${value.slice(0, lineStart)}${changed}${value.slice(lineEnd)}`,
    start: lineStart,
    end: lineStart + changed.length,
  };
}

/** `[selected](https://)` with the address selected to paste over; with no selection, the words too. */
export function insertLink({ value, start, end }: TextEdit): TextEdit {
  const words = value.slice(start, end).trim() || 'texto do link';
  const address = 'https://';
  const link = `[${words}](${address})`;
  const at = start + words.length + 3;
  return {
    value: `${value.slice(0, start)}${link}${value.slice(end)}`,
    start: at,
    end: at + address.length,
  };
}
