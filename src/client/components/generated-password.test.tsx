// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GeneratedPassword } from './generated-password';

afterEach(cleanup);

describe('GeneratedPassword', () => {
  it('says the password was mailed only when the mail server sent it; otherwise to hand it over', () => {
    const { rerender } = render(<GeneratedPassword password="Abc!2345xyz9" envioEmail="enviado" />);
    const status = () => screen.getByRole('status').textContent;
    expect(status()).toContain('A senha também foi enviada por e-mail.');

    // No SMTP_URL: the message is only a file in the server's outbox.
    rerender(<GeneratedPassword password="Abc!2345xyz9" envioEmail="caixa_de_saida" />);
    expect(status()).not.toContain('enviada por e-mail');
    expect(status()).toContain('O e-mail não está configurado neste servidor');
    expect(status()).toContain('entregue a senha pessoalmente');
    // It says where e-mail is configured, not where the server keeps files (issue 29: 'DATA_DIR/outbox').
    expect(status()).toContain('SMTP_URL');
    expect(status()).not.toContain('DATA_DIR');

    rerender(<GeneratedPassword password="Abc!2345xyz9" envioEmail="falhou" />);
    expect(status()).not.toContain('enviada por e-mail');
    expect(status()).toContain('Não foi possível enviar o e-mail: entregue a senha pessoalmente.');
  });

  it('tells how to dictate a generated password, group by group', () => {
    const { rerender } = render(<GeneratedPassword password="k7mx-4rpq-9tzw-h3nb" envioEmail="enviado" />);
    expect(screen.getByTestId('senha-gerada').textContent).toBe('k7mx-4rpq-9tzw-h3nb');
    expect(screen.getByRole('status').textContent).toContain('dite um grupo de cada vez');
    // A password of another shape (an older account's) is not described as one.
    rerender(<GeneratedPassword password="Abc!2345xyz9" envioEmail="enviado" />);
    expect(screen.getByRole('status').textContent).not.toContain('dite um grupo');
  });
});
