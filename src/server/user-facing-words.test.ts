import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './lib/paths.js';

/**
 * Words a person reads never come as 'mensalidade(s)', 'mensagem(ns) não lida(s)' or 'nascido(a)'
 * (issue 29): a count goes with its noun in the right number (`formatCount`), and a student's
 * gender is the student's (or the sentence needs none). This reads every string and JSX text of
 * the program (not comments, not tests) and fails on such a word.
 */
const marker = /\p{L}\((?:s|ns|es|is|ões|ães|a|as|o|os|ã|ão)\)/u;
/** 'http(s)://' in a hint about links is a pattern a person types, not a word. */
const allowed = [/https?\(s\)/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function textsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    )
      texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

describe('user-facing words', () => {
  it("have no '(s)', '(ns)' or '(a)': counts agree with their noun, and people's words with them", () => {
    const found: string[] = [];
    for (const file of sourceFiles(path.join(projectRoot, 'src'))) {
      for (const text of textsOf(file)) {
        const cleaned = allowed.reduce((value, pattern) => value.replace(pattern, ''), text);
        if (marker.test(cleaned))
          found.push(`${path.relative(projectRoot, file)}: ${text.trim().slice(0, 100)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('recognises the words it is there to keep out', () => {
    for (const word of ['1 mensalidade(s)', 'mensagem(ns) não lida(s)', 'nascido(a) em', 'Professor(a)'])
      expect(marker.test(word), word).toBe(true);
    expect(marker.test('Use um link http(s)://'.replace(allowed[0]!, ''))).toBe(false);
  });
});
