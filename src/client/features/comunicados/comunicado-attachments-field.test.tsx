// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { AttachmentsField } from './comunicado-attachments-field';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Field() {
  const form = useForm({ defaultValues: { anexos: [] as string[] } });
  return (
    <FormProvider {...form}>
      <AttachmentsField anexos={[]} setAnexos={() => undefined} />
    </FormProvider>
  );
}

describe("a comunicado's attachments while one is on its way", () => {
  it('keep the focus on the file field (held, not disabled) and send no second file meanwhile', async () => {
    const uploads: string[] = [];
    // The upload stays on its way.
    vi.stubGlobal('fetch', (url: string) => {
      uploads.push(url);
      return new Promise<Response>(() => undefined);
    });
    render(<Field />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Anexar arquivo');
    await user.upload(input, new File(['%PDF'], 'bilhete.pdf', { type: 'application/pdf' }));
    const sending = await screen.findByLabelText('Enviando…');
    expect(sending).toBe(input);
    expect(uploads).toEqual(['/api/comunicados/anexos']);
    // A disabled field drops the focus to <body> in the browser; this one waits held.
    expect(input).not.toBeDisabled();
    expect(input).toHaveAttribute('aria-disabled', 'true');
    expect(input).toHaveFocus();
    await user.upload(input, new File(['%PDF'], 'outro.pdf', { type: 'application/pdf' }));
    expect(input).toHaveFocus();
    expect(uploads).toHaveLength(1);
  });
});
