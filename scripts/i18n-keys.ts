/**
 * The messages the web app shows, for the catalog test and for translators: every English
 * string passed literally to `t()` or `msg()` in web/, and the labels and messages of the shared
 * contracts (`*_LABELS`, `*_MESSAGES`, `*_MESSAGE`, `*_HINTS`, `*_DESCRIPTIONS`, `*_NOTICES`, `*_SENTENCES`), which screens translate by their English.
 * `npx tsx scripts/i18n-keys.ts ak` lists what the Twi catalog misses and what it has unused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import type { Language } from '../contracts/languages.ts';

const ROOT = join(import.meta.dirname, '..');
const WEB = join(ROOT, 'web');
const CONTRACTS = join(ROOT, 'contracts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** English keys written literally in `t('...')` and `msg('...')` calls, with where they are. */
export function keysInSource(dir = WEB): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    if (!/\b(?:t|msg)\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        (node.expression.text === 't' || node.expression.text === 'msg')
      ) {
        const [first] = node.arguments;
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          found.set(first.text, relative(ROOT, file));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const CONTRACT_COPY = /_(LABELS|MESSAGES|MESSAGE|HINTS|DESCRIPTIONS|NOTICES|SENTENCES)$/;

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The contracts' labels and validation messages: the web shows them, translated by their English. */
export async function keysInContracts(): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const file of sourceFiles(CONTRACTS)) {
    const module: Record<string, unknown> = await import(file);
    for (const [name, value] of Object.entries(module)) {
      if (CONTRACT_COPY.test(name)) for (const text of stringsIn(value)) keys.add(text);
    }
  }
  return keys;
}

export async function usedKeys(): Promise<Set<string>> {
  return new Set([...keysInSource().keys(), ...(await keysInContracts())]);
}

export function readCatalog(language: Exclude<Language, 'en-GH'>): Record<string, unknown> {
  return JSON.parse(
    readFileSync(join(WEB, 'lib', 'i18n', 'catalogs', `${language}.json`), 'utf8'),
  ) as Record<string, unknown>;
}

export function compareCatalog(
  catalog: Record<string, unknown>,
  used: Set<string>,
): { missing: string[]; unused: string[] } {
  return {
    missing: [...used].filter((key) => !(key in catalog)).sort(),
    unused: Object.keys(catalog)
      .filter((key) => !used.has(key))
      .sort(),
  };
}

if (process.argv[1] === import.meta.filename) {
  const language = process.argv[2] as Exclude<Language, 'en-GH'> | undefined;
  const used = await usedKeys();
  if (!language) {
    console.log(JSON.stringify([...used].sort(), null, 2));
  } else {
    console.log(JSON.stringify(compareCatalog(readCatalog(language), used), null, 2));
  }
}
