/** Reading a User-Agent string: each caller lists its own rules, the first pattern that matches names it. */

/** A pattern to look for in the User-Agent and the name it stands for. */
export type UserAgentRule = readonly [pattern: RegExp, name: string];

/** The name of the first rule whose pattern the User-Agent matches, or null when none does. */
export function matchUserAgent(userAgent: string, rules: readonly UserAgentRule[]): string | null {
  return rules.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}
