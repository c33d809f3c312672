import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  GENERATED_PASSWORD_ALPHABET,
  GENERATED_PASSWORD_GROUP_LENGTH,
  GENERATED_PASSWORD_GROUPS,
} from '../../../shared/users.schemas.js';
import { PASSWORD_MIN_LENGTH } from '../../../shared/auth.schemas.js';
import { AppError } from '../../lib/errors.js';
import { commonPasswords } from './common-passwords.js';

/** OWASP's argon2id minimum (docs/architecture.md, Segurança): m = 19 MiB, t = 2, p = 1. */
// algorithm 2 is Argon2id (a const enum in the typings, unusable with verbatimModuleSyntax).
const argonOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

/** Counts hash verifications: lets tests prove a throttled login never reaches argon2. */
export const passwordMetrics = { verifications: 0 };

/** Call it only from password-check.service (checkPassword), which throttles every check (ADR 0007). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  passwordMetrics.verifications++;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spent on unknown e-mails too, so the response time does not tell whether an account exists. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('conta-inexistente-para-tempo-constante');
  await verifyPassword(await dummyHash, password);
}

function normalize(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Returns the reason a new password is refused, or null when it is acceptable. */
export function weakPasswordReason(password: string, personalWords: string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`;
  }
  const plain = normalize(password);
  const root = plain.replace(/[\d\W_]+$/u, '');
  if (
    commonPasswords.has(plain) ||
    (root.length >= 3 && commonPasswords.has(root)) ||
    /^(.)\1+$/.test(plain)
  ) {
    return 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.';
  }
  for (const word of personalWords) {
    const parts = normalize(word)
      .split(/[^a-z0-9]+/)
      .filter((part) => part.length >= 4);
    if (parts.some((part) => plain.includes(part))) {
      return 'A senha não pode conter o seu nome, o seu e-mail ou o nome da escola.';
    }
  }
  return null;
}

export function assertStrongPassword(password: string, personalWords: string[] = []): void {
  const reason = weakPasswordReason(password, personalWords);
  if (reason) throw new AppError('VALIDATION', reason, [{ path: 'novaSenha', message: reason }]);
}

/**
 * GENERATED_PASSWORD_GROUPS groups of GENERATED_PASSWORD_GROUP_LENGTH characters of
 * GENERATED_PASSWORD_ALPHABET, joined by dashes, drawn with a CSPRNG: every character uniform and
 * independent, so the strength is the whole 79 bits (no kind is forced, which would only take some away).
 */
export function generatePassword(): string {
  const alphabet = GENERATED_PASSWORD_ALPHABET;
  const groups = Array.from({ length: GENERATED_PASSWORD_GROUPS }, () =>
    Array.from({ length: GENERATED_PASSWORD_GROUP_LENGTH }, () =>
      alphabet.charAt(randomInt(alphabet.length)),
    ).join(''),
  );
  return groups.join('-');
}

/**
 * How long a password someone else set (a new account's, an administrator's reset) signs in (ADR 0102):
 * long enough for a family to open the welcome e-mail, short enough that an old mailbox is no key.
 */
export const SENHA_PROVISORIA_DIAS = 7;

/** When a provisional password set now stops signing in. */
export function provisionalExpiry(now: Date = new Date()): Date {
  return new Date(now.getTime() + SENHA_PROVISORIA_DIAS * 86_400_000);
}

/** The columns of an account whose password someone else just set: changed at first sign-in, for 7 days. */
export function provisionalPassword(now: Date = new Date()) {
  return { primeiroLogin: true, senhaProvisoriaExpiraEm: provisionalExpiry(now) } as const;
}

/** The provisional password expired: what a person who types it is told to do. */
export const SENHA_PROVISORIA_EXPIRADA = `A senha provisória expirou (ela vale ${String(SENHA_PROVISORIA_DIAS)} dias). Use "Esqueci minha senha" para receber um link no seu e-mail, ou peça uma nova senha à escola.`;
