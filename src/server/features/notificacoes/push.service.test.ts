import { describe, expect, it } from 'vitest';
import { parsePushOrigins } from '../../env.js';
import { allowedPushEndpoint } from './push-endpoint.js';
import { deviceLabel, vapidSubject } from './push.service.js';

const content = (contato: string, footer = '') => ({
  getState: () => Promise.resolve({ content: { contato: { email: contato }, footer: { email: footer } } }),
});

describe('Web Push: the VAPID subject, the allowed origins, the device label', () => {
  it('signs as the school’s contact e-mail, else the footer’s, else MAIL_FROM’s address', async () => {
    const mailFrom = 'Escola <nao-responda@escola.test>';
    expect(await vapidSubject(content('secretaria@escola.com.br'), { mailFrom })).toBe(
      'mailto:secretaria@escola.com.br',
    );
    expect(await vapidSubject(content('', 'contato@escola.com.br'), { mailFrom })).toBe(
      'mailto:contato@escola.com.br',
    );
    expect(await vapidSubject(content(''), { mailFrom })).toBe('mailto:nao-responda@escola.test');
    expect(await vapidSubject(content(''), { mailFrom: 'avisos@escola.test' })).toBe(
      'mailto:avisos@escola.test',
    );
  });

  it('PUSH_ALLOWED_ORIGINS: exact origins, http too; anything more than an origin is refused at start', () => {
    expect(parsePushOrigins('')).toEqual([]);
    expect(parsePushOrigins('http://127.0.0.1:9000, https://push.escola.test')).toEqual([
      'http://127.0.0.1:9000',
      'https://push.escola.test',
    ]);
    expect(parsePushOrigins('https://push.escola.test/caminho')).toMatch(/só esquema, host e porta/);
    expect(parsePushOrigins('ftp://push.escola.test')).toMatch(/só esquema, host e porta/);
    expect(parsePushOrigins('push.escola.test')).toMatch(/não é uma origem/);
    const allowed = ['http://127.0.0.1:9000'];
    expect(allowedPushEndpoint('http://127.0.0.1:9000/push/1', allowed)).toBe('http://127.0.0.1:9000/push/1');
    expect(allowedPushEndpoint('http://127.0.0.1:9001/push/1', allowed)).toBeNull();
    expect(allowedPushEndpoint('https://127.0.0.1:9000/push/1', allowed)).toBeNull();
    expect(allowedPushEndpoint('http://u:p@127.0.0.1:9000/push/1', allowed)).toBeNull();
  });

  it('labels a device by system and browser only', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('Android · Chrome');
    expect(
      deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Safari/604.1'),
    ).toBe('iPhone/iPad · Safari');
    expect(deviceLabel(undefined)).toBeNull();
  });
});
