import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { markTreeShakable } from './react-router-production-plugin.ts';

const PRODUCTION_BUILD = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/', import.meta.url),
);

test('components are marked pure and their display names go, every line staying where it was', () => {
  const source = [
    'var Link = React10.forwardRef(',
    '  function LinkWithRef() {}',
    ');',
    '',
    'Link.displayName = "Link";',
    'var Memo = React3.memo(Routes);',
    'function make() {',
    '    let FetcherForm2 = React10.forwardRef(() => null);',
    '    FetcherForm2.displayName = "fetcher.Form";',
    '}',
    'label.displayName = name;',
  ].join('\n');
  expect(markTreeShakable(source).split('\n')).toEqual([
    'var Link = /* @__PURE__ */ React10.forwardRef(',
    '  function LinkWithRef() {}',
    ');',
    '',
    '',
    'var Memo = /* @__PURE__ */ React3.memo(Routes);',
    'function make() {',
    '    let FetcherForm2 = /* @__PURE__ */ React10.forwardRef(() => null);',
    '',
    '}',
    // Not a fixed name: left as it is.
    'label.displayName = name;',
  ]);
});

// A new React Router that writes its components another way would quietly bring <Form> and
// the rest back into the first screen: this says so first.
test('the installed React Router is written as the plugin expects', () => {
  const files = readdirSync(PRODUCTION_BUILD).filter((file) => file.endsWith('.mjs'));
  const code = files.map((file) => readFileSync(`${PRODUCTION_BUILD}${file}`, 'utf8')).join('\n');
  const marked = markTreeShakable(code);
  expect(marked.split('\n')).toHaveLength(code.split('\n').length);
  for (const name of ['Link', 'NavLink', 'Form']) {
    expect(marked).toMatch(
      new RegExp(`^var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.forwardRef\\(`, 'm'),
    );
    expect(code).toContain(`${name}.displayName = "${name}";`);
  }
  expect(marked).not.toMatch(/\.displayName = "/);
});
