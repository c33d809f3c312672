import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 30: app.ts is the API's URL map. Each route plugin serves one URL family and is registered there
// with that family's prefix; inside a plugin, paths are relative ('/', '/:id'), never '/api/...'.

const root = path.resolve(import.meta.dirname, '../..');
const featuresDir = path.join(root, 'src/server/features');

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

/** The files under features/ that define route plugins (not tests). */
function routePluginFiles(): string[] {
  return readdirSync(featuresDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(featuresDir, name))
    .filter(
      (file) => file.endsWith('.routes.ts') || readFileSync(file, 'utf8').includes('FastifyPluginAsync'),
    );
}

/** Every string literal (or template head) of a file that starts an '/api' path, as `file:line text`. */
function apiLiteralsOf(file: string): string[] {
  const source = parse(file);
  const found: string[] = [];
  visit(source, (node) => {
    if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTemplateHead(node))
      return;
    if (node.text === '/api' || node.text.startsWith('/api/')) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${path.relative(root, file)}:${String(line + 1)} ${node.text}`);
    }
  });
  return found;
}

interface Registration {
  plugin: string;
  prefix: string | null;
}

/** The route plugins app.ts imports from features/ and each `app.register` of one, with its prefix. */
function registrationsOf(file: string): { imported: string[]; registrations: Registration[] } {
  const source = parse(file);
  const imported: string[] = [];
  const registrations: Registration[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    // A module's route plugins come through its public face (index.ts), named `…Routes`.
    if (!/\/features\/[^/]+\/(index|.+\.(routes|page))\.js$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        if (element.name.text.endsWith('Routes')) imported.push(element.name.text);
  }
  visit(source, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    if (node.expression.name.text !== 'register') return;
    const [plugin, options] = node.arguments;
    if (!plugin || !ts.isIdentifier(plugin) || !imported.includes(plugin.text)) return;
    let prefix: string | null = null;
    if (options && ts.isObjectLiteralExpression(options)) {
      for (const property of options.properties) {
        if (
          ts.isPropertyAssignment(property) &&
          ts.isIdentifier(property.name) &&
          property.name.text === 'prefix' &&
          ts.isStringLiteral(property.initializer)
        )
          prefix = property.initializer.text;
      }
    }
    registrations.push({ plugin: plugin.text, prefix });
  });
  return { imported, registrations };
}

describe('route prefixes', () => {
  it('keeps full /api paths out of the route plugins (their prefix is in app.ts)', () => {
    const files = routePluginFiles();
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(apiLiteralsOf)).toEqual([]);
  });

  it('registers every route plugin in app.ts with a prefix of its own', () => {
    const { imported, registrations } = registrationsOf(path.join(root, 'src/server/app.ts'));
    expect(imported.length).toBeGreaterThan(20);
    // Imported, so registered: each at least once, and each time with a literal prefix.
    expect(imported.filter((plugin) => !registrations.some((r) => r.plugin === plugin))).toEqual([]);
    expect(registrations.filter((r) => r.prefix === null).map((r) => r.plugin)).toEqual([]);
    // One URL family, one registration: no two plugins (or modules) share a prefix.
    const prefixes = registrations.map((r) => r.prefix);
    expect(prefixes.filter((prefix, index) => prefixes.indexOf(prefix) !== index)).toEqual([]);
  });
});
