/** Small helpers to write the national layouts' XML by hand (no namespaces but the default, no mixed content). */

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<name>text</name>`; the text is escaped. */
export function tag(name: string, text: string | number): string {
  return `<${name}>${escapeXml(String(text))}</${name}>`;
}

/** `<name>children</name>` from already written XML; nothing at all when every child is empty. */
export function group(name: string, ...children: (string | null | undefined | false)[]): string {
  const inner = children
    .filter((child): child is string => typeof child === 'string' && child !== '')
    .join('');
  return inner === '' ? '' : `<${name}>${inner}</${name}>`;
}

/** The text of the first element with this name (the layouts' default namespace, no prefix), or null. */
export function textOf(xml: string, name: string): string | null {
  let from = 0;
  for (;;) {
    const at = xml.indexOf(`<${name}`, from);
    if (at < 0) return null;
    const next = xml[at + name.length + 1];
    const close = xml.indexOf('>', at);
    if (close < 0) return null;
    if ((next === '>' || next === ' ') && xml[close - 1] !== '/') {
      const end = xml.indexOf('<', close + 1);
      return end < 0 ? null : xml.slice(close + 1, end);
    }
    from = at + 1;
  }
}

/** Centavos as the layouts write money: '1234.56', '0.50'. */
export function decimal2(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

/** Text with runs of spaces and line breaks collapsed, cut to `max` characters (the layouts' limits). */
export function fit(value: string, max: number): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, max);
}
