import { describe, expect, it } from 'vitest';
import { isSignedInPath, returnAddressOf, returnPathAfterLogin } from './return-path';

describe('the address to come back to after signing in again', () => {
  it('keeps the path with its query string, on every signed-in screen of the portal', () => {
    expect(returnPathAfterLogin('/dashboard/alunos?q=Ana&page=3')).toBe('/dashboard/alunos?q=Ana&page=3');
    expect(returnPathAfterLogin('/gerenciar-conteudo')).toBe('/gerenciar-conteudo');
    expect(returnPathAfterLogin('/imprimir/relatorio?relatorio=alunos&turma=1')).toBe(
      '/imprimir/relatorio?relatorio=alunos&turma=1',
    );
    expect(returnPathAfterLogin('/dashboard/relatorios/censo?ano=2026#importar-ids')).toBe(
      '/dashboard/relatorios/censo?ano=2026#importar-ids',
    );
  });

  it('brings a guardian back to the new e-mail confirmation, which a used account confirms signed in', () => {
    expect(returnPathAfterLogin('/confirmar-email?token=abcdefghijklmnopqrstuvwxyz')).toBe(
      '/confirmar-email?token=abcdefghijklmnopqrstuvwxyz',
    );
  });

  it('never sends anyone to another site, nor to a page that is not a signed-in screen', () => {
    for (const from of [
      '//evil.test/dashboard',
      '/\\evil.test/dashboard',
      '/\t/evil.test/dashboard',
      'https://evil.test/dashboard',
      'javascript:alert(1)',
      'dashboard',
      '/dashboardx',
      '/login',
      '/',
      '/dashboard/../esqueci-senha',
      '',
      undefined,
      42,
    ])
      expect(returnPathAfterLogin(from), String(from)).toBe('/dashboard');
  });

  it('remembers the whole address where the session ended, only on signed-in screens', () => {
    expect(
      returnAddressOf({ pathname: '/dashboard/financeiro', search: '?aba=mensalidades', hash: '' }),
    ).toBe('/dashboard/financeiro?aba=mensalidades');
    expect(isSignedInPath('/dashboard')).toBe(true);
    expect(isSignedInPath('/gerenciar-conteudo')).toBe(true);
    expect(isSignedInPath('/imprimir/relatorio')).toBe(true);
    expect(isSignedInPath('/calendario')).toBe(false);
    expect(isSignedInPath('/matricula/abc')).toBe(false);
  });
});
