// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** document.execCommand('copy') as a browser runs it: it copies what is selected in the focused field. */
function stubExecCommand(accepts = true) {
  const copied: string[] = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: vi.fn(() => {
      const field = document.activeElement as HTMLTextAreaElement;
      copied.push(field.value.slice(field.selectionStart, field.selectionEnd));
      return accepts;
    }),
  });
  return copied;
}

describe('copyText', () => {
  it('uses the Clipboard API in a secure context', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await copyText('00020126580014br.gov.bcb.pix');
    expect(writeText).toHaveBeenCalledWith('00020126580014br.gov.bcb.pix');
  });

  it('over plain HTTP (no Clipboard API) copies the whole text and gives the focus back to the button', async () => {
    vi.stubGlobal('isSecureContext', false);
    const copied = stubExecCommand();
    const dialog = document.createElement('div');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(dialog);
    button.focus();
    await copyText('https://escola.exemplo/pre-matricula/abc');
    expect(copied).toEqual(['https://escola.exemplo/pre-matricula/abc']);
    expect(document.activeElement).toBe(button);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('rejects when the browser refuses the copy, so the screen asks to select and copy', async () => {
    vi.stubGlobal('isSecureContext', false);
    stubExecCommand(false);
    await expect(copyText('senha')).rejects.toThrow('O navegador não permitiu copiar.');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
