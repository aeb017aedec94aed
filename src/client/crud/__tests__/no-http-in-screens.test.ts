/**
 * The client has one data layer: HTTP calls run in sagas (the request saga of crud/, the feature sagas), never
 * in components or hooks. This reads the import graph of src/client and fails with the list of files that
 * call HTTP outside it: a module that calls lib/api's postJson/postTo/loadHttp (or lib/http, axios) is an
 * HTTP module, and only sagas may import one.
 */
import fs from 'node:fs';
import path from 'node:path';

const CLIENT = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__tests__' || d.name === 'test-support' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [full] : [];
  });
}

interface Import { from: string; names: string[]; typeOnly: boolean }

/** The value imports of a file (`import type` and `type X` names left out), resolved to files. */
function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const m of text.matchAll(/(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/g)) {
    const spec = m[3];
    const clause = m[2];
    const braced = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    const names = braced.split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('type '));
    const hasDefault = /^[A-Za-z_$][\w$]*/.test(clause.replace(/^\{[^}]*\}/, '').trim()) || clause.includes('* as');
    const typeOnly = Boolean(m[1]) || (names.length === 0 && !hasDefault);
    found.push({ from: resolve(file, spec), names, typeOnly });
  }
  for (const m of text.matchAll(/import\(\s*(?:\/\*[^*]*\*\/\s*)?'([^']+)'\s*\)/g)) found.push({ from: resolve(file, m[1]), names: ['*'], typeOnly: false });
  return found;
}

function resolve(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const base = path.resolve(path.dirname(file), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return base;
}

const LIB_API = path.join(CLIENT, 'lib', 'api.ts');
const LIB_HTTP = path.join(CLIENT, 'lib', 'http.ts');
const CALLS = new Set(['postJson', 'postTo', 'loadHttp', 'api', '*']);
/** A saga module: it runs redux-saga effects (the request saga, a feature's sagas). */
const isSaga = (file: string) => file.endsWith('.ts') && /from 'redux-saga\/effects'/.test(fs.readFileSync(file, 'utf8'));
const rel = (file: string) => path.relative(CLIENT, file);

export function filesCallingHttpOutsideSagas(): string[] {
  const files = sourceFiles(CLIENT).filter((f) => f !== LIB_API && f !== LIB_HTTP);
  const callsHttp = (imports: Import[]) => imports.some((i) => !i.typeOnly && (i.from === LIB_HTTP || i.from === 'axios' || (i.from === LIB_API && i.names.some((n) => CALLS.has(n.split(' as ')[0])))));
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const httpModules = new Set(files.filter((f) => callsHttp(graph.get(f) ?? [])));
  const sagas = new Set(files.filter(isSaga));
  // An HTTP module may use another (a feature's calls use lib/download); a saga may use any; nothing else may.
  const transport = (f: string) => httpModules.has(f) && f.endsWith('.ts');
  return files
    .filter((f) => !sagas.has(f) && !transport(f))
    .filter((f) => httpModules.has(f) || (graph.get(f) ?? []).some((i) => !i.typeOnly && httpModules.has(i.from) && !sagas.has(i.from)))
    .map(rel)
    .sort();
}

test('no component or hook calls HTTP: every call goes through a saga', () => {
  expect(filesCallingHttpOutsideSagas()).toEqual([]);
});

test('the check finds a component that calls HTTP (it can fail)', () => {
  const probe = path.join(CLIENT, 'features', '__probe-screen.tsx');
  fs.writeFileSync(probe, "import { postTo } from '../lib/api';\nexport const x = postTo;\n");
  try {
    expect(filesCallingHttpOutsideSagas()).toContain(rel(probe));
  } finally {
    fs.unlinkSync(probe);
  }
});
