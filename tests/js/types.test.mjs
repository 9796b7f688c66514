// The package's TypeScript declarations as a page's TypeScript uses them: tsc type-checks a small
// consumer (tests/js/types/consumer.ts) against www/pkg/tilesearch.d.ts. It narrows every event
// by its type, reads every summary field and marks three mistakes @ts-expect-error, so
// declarations that were missing, wrong or `any` fail here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('a TypeScript consumer of the package type-checks (tsc --strict)', () => {
  let output = '';
  try {
    output = execFileSync(`${root}node_modules/.bin/tsc`, ['-p', 'tests/js/types'], { cwd: root, encoding: 'utf8' });
  } catch (e) {
    assert.fail(`tsc found errors:\n${e.stdout}${e.stderr}`);
  }
  assert.equal(output.trim(), '');
});
