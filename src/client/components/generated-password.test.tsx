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
    expect(status()).toContain('Este servidor não envia e-mails (SMTP não configurado)');
    expect(status()).toContain('entregue a senha pessoalmente');
    expect(status()).toContain('DATA_DIR/outbox');

    rerender(<GeneratedPassword password="Abc!2345xyz9" envioEmail="falhou" />);
    expect(status()).not.toContain('enviada por e-mail');
    expect(status()).toContain('Não foi possível enviar o e-mail: entregue a senha pessoalmente.');
  });
});
