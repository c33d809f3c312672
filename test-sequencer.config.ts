import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The environment a test file asks for in its docblock (`// @vitest-environment jsdom`), else Node's. */
function environmentOf(file: string): string {
  const head = readFileSync(file, 'utf8').slice(0, 2000);
  return /@vitest-environment\s+([\w-]+)/.exec(head)?.[1] ?? 'node';
}

/**
 * Vitest's order (longest or largest file first), with the files of one environment kept together.
 *
 * With `isolate: false` a worker is handed the next file only if that file has the worker's environment;
 * otherwise the worker is stopped and a new one started, which imports the app, jsdom and the test
 * libraries again. In Vitest's own order the jsdom files (the client's) and the Node files (the server's)
 * alternate, so a worker lasted a file or two: in the PGlite stage, 199 s of imports and 232 s of
 * environment set-up across 459 files. Kept together, each worker changes environment about once.
 */
export class EnvironmentGroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const environment = environmentOf(spec.moduleId);
      groups.set(environment, [...(groups.get(environment) ?? []), spec]);
    }
    return [...groups.values()].flat();
  }
}
