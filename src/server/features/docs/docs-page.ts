/**
 * A readable page of the OpenAPI description, rendered on the server: no script, no CDN, nothing the
 * strict CSP would block. Each operation is a <details> element (keyboard and screen-reader friendly
 * without JavaScript); schemas are shown as nested field lists.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  tags?: string[];
  description?: string;
  'x-acesso'?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function range(min: number | undefined, max: number | undefined, one: string, many: string): string[] {
  const unit = (count: number) => (count === 1 ? one : many);
  if (min !== undefined && min > 0 && max !== undefined) return [`${min} a ${max} ${unit(max)}`];
  if (min !== undefined && min > 0) return [`ao menos ${min} ${unit(min)}`];
  if (max !== undefined) return [`até ${max} ${unit(max)}`];
  return [];
}

/** Text with `code` spans (the description's own markup), escaped. */
function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, (_match, code: string) => `<code>${code}</code>`);
}

/** The constraints of a schema in words ("texto, 1 a 120 caracteres", "um de: a, b"). */
export function describeSchema(schema: JsonSchema): string {
  const parts: string[] = [];
  const types = [schema.type ?? []].flat();
  const names: Record<string, string> = {
    string: 'texto',
    integer: 'inteiro',
    number: 'número',
    boolean: 'booleano',
    array: 'lista',
    object: 'objeto',
    null: 'nulo',
  };
  if (types.length > 0) parts.push(types.map((type) => names[type] ?? type).join(' ou '));
  if (schema.format) parts.push(`formato ${schema.format}`);
  if (schema.enum) parts.push(`um de: ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.const !== undefined) parts.push(`exatamente ${JSON.stringify(schema.const)}`);
  parts.push(...range(schema.minLength, schema.maxLength, 'caractere', 'caracteres'));
  if (schema.minimum !== undefined) parts.push(`mínimo ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) parts.push(`maior que ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) parts.push(`máximo ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) parts.push(`menor que ${schema.exclusiveMaximum}`);
  parts.push(...range(schema.minItems, schema.maxItems, 'item', 'itens'));
  if (schema.pattern) parts.push(`padrão ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`padrão: ${JSON.stringify(schema.default)}`);
  return parts.join('; ');
}

function renderSchema(schema: JsonSchema, depth = 0): string {
  if (depth > 6) return '<span class="muted">…</span>';
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    return `<span class="muted">uma das formas:</span><ol class="alts">${alternatives
      .map((option) => `<li>${renderSchema(option, depth + 1)}</li>`)
      .join('')}</ol>`;
  }
  if (schema.allOf) return schema.allOf.map((part) => renderSchema(part, depth + 1)).join('');
  const summary = escapeHtml(describeSchema(schema));
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    const rows = Object.entries(schema.properties)
      .map(
        ([name, property]) =>
          `<li><code>${escapeHtml(name)}</code>${
            required.has(name) ? ' <span class="req">obrigatório</span>' : ''
          } ${renderSchema(property, depth + 1)}</li>`,
      )
      .join('');
    const closed =
      schema.additionalProperties === false ? ' <span class="muted">(sem outros campos)</span>' : '';
    return `<span class="type">${summary}</span>${closed}<ul class="fields">${rows}</ul>`;
  }
  if (schema.items) {
    return `<span class="type">${summary}</span> de ${renderSchema(schema.items, depth + 1)}`;
  }
  return `<span class="type">${summary || 'qualquer valor'}</span>`;
}

function renderOperation(method: string, path: string, operation: OpenApiOperation): string {
  const parameters = operation.parameters ?? [];
  const body = Object.entries(operation.requestBody?.content ?? {});
  const sections: string[] = [];
  if (operation.description) sections.push(`<p>${escapeHtml(operation.description)}</p>`);
  if (parameters.length > 0) {
    const names: Record<string, string> = { path: 'caminho', query: 'consulta', header: 'cabeçalho' };
    sections.push(
      `<h4>Parâmetros</h4><ul class="fields">${parameters
        .map(
          (parameter) =>
            `<li><code>${escapeHtml(parameter.name)}</code> <span class="muted">(${
              names[parameter.in] ?? escapeHtml(parameter.in)
            })</span>${parameter.required ? ' <span class="req">obrigatório</span>' : ''} ${renderSchema(
              parameter.schema ?? {},
            )}</li>`,
        )
        .join('')}</ul>`,
    );
  }
  for (const [type, content] of body) {
    sections.push(`<h4>Corpo (${escapeHtml(type)})</h4>${renderSchema(content.schema ?? {})}`);
  }
  if (parameters.length === 0 && body.length === 0) sections.push('<p class="muted">Sem parâmetros.</p>');
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  return `<details id="${escapeHtml(id)}"><summary><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(
    path,
  )}</code> <span class="access">${escapeHtml(operation['x-acesso'] ?? '')}</span></summary>${sections.join(
    '',
  )}</details>`;
}

export function renderDocsPage(document: OpenApiDocument): string {
  const groups = new Map<string, string[]>();
  let count = 0;
  for (const [path, item] of Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'outros';
      groups.set(tag, [...(groups.get(tag) ?? []), renderOperation(method, path, operation)]);
      count++;
    }
  }
  const toc = [...groups.keys()]
    .map((tag) => `<li><a href="#grupo-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  const body = [...groups.entries()]
    .map(
      ([tag, operations]) =>
        `<section id="grupo-${escapeHtml(tag)}" aria-labelledby="titulo-${escapeHtml(tag)}"><h2 id="titulo-${escapeHtml(
          tag,
        )}">${escapeHtml(tag)}</h2>${operations.join('')}</section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<title>${escapeHtml(document.info.title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0; background: #f8fafc; color: #0f172a; line-height: 1.5; }
  header, main { max-width: 960px; margin: 0 auto; padding: 1rem; }
  header { border-bottom: 1px solid #e2e8f0; }
  h1 { font-size: 1.5rem; margin: 0.5rem 0; }
  h2 { font-size: 1.15rem; margin: 2rem 0 0.5rem; text-transform: capitalize; }
  h4 { margin: 0.75rem 0 0.25rem; font-size: 0.9rem; }
  nav ul { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; padding: 0; }
  nav a { display: inline-block; padding: 0.15rem 0.6rem; border-radius: 999px; background: #e0e7ff; color: #1e3a8a; text-decoration: none; font-size: 0.85rem; }
  nav a:focus-visible, summary:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  details { background: #fff; border: 1px solid #e2e8f0; border-radius: 0.5rem; margin: 0.4rem 0; padding: 0.25rem 0.75rem; }
  summary { cursor: pointer; padding: 0.35rem 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
  summary code { font-size: 0.9rem; word-break: break-all; }
  .method { display: inline-block; min-width: 4.2rem; text-align: center; border-radius: 0.25rem; color: #fff; font-weight: 600; font-size: 0.75rem; padding: 0.1rem 0.3rem; }
  .get { background: #1d4ed8; } .post { background: #047857; } .put { background: #b45309; } .patch { background: #7c3aed; } .delete { background: #b91c1c; }
  .access { margin-left: auto; color: #475569; font-size: 0.8rem; }
  .muted { color: #64748b; }
  .req { color: #b91c1c; font-size: 0.75rem; font-weight: 600; }
  .type { color: #334155; font-size: 0.85rem; }
  ul.fields { margin: 0.25rem 0; padding-left: 1.1rem; }
  ul.fields li { margin: 0.15rem 0; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; background: #f1f5f9; padding: 0 0.2rem; border-radius: 0.2rem; }
</style>
</head>
<body>
<header>
  <h1>${escapeHtml(document.info.title)} <span class="muted">v${escapeHtml(document.info.version)}</span></h1>
  <p>${inlineCode(document.info.description ?? '')}</p>
  <p>${count} operações, geradas dos esquemas que validam cada rota. Descrição OpenAPI 3.1 em JSON: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>.</p>
  <nav aria-label="Grupos"><ul>${toc}</ul></nav>
</header>
<main>${body}</main>
</body>
</html>`;
}
