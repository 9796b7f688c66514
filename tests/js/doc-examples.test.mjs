// The command examples of README.md and the guide (docs/*.md) run as documented: every line of a
// fenced `sh` block that starts with `tilesearch` runs (in bash, with the CLI first on PATH) in an
// empty folder that has the repository's tests/ beside it, the lines of one block in order in
// the same folder, and exits with the status its trailing `# exit N` comment says (0 without
// one). In a `console` block, every `$ tilesearch …` line's output (standard output and error
// together) is the text shown under it, up to the next `$` line or the block's end.
// The CLI's help names no command or option the guide leaves out. TILESEARCH_CLI names the CLI
// (`make test-js` passes the one `make native-cli` builds).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CLI = resolve(ROOT, process.env.TILESEARCH_CLI ?? 'target/native/test-release/tilesearch');

/** The fenced blocks of a Markdown text: {info, line (1-based, of the first content line), lines}. */
export function fencedBlocks(text) {
  const blocks = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = lines[i].match(/^(`{3,}|~{3,})\s*([\w-]*)/);
    if (!open) continue;
    const fence = open[1];
    const body = [];
    let j = i + 1;
    while (j < lines.length && !(lines[j].startsWith(fence[0].repeat(fence.length)) && lines[j].trim() === fence[0].repeat(lines[j].trim().length))) {
      body.push(lines[j]);
      j += 1;
    }
    blocks.push({ info: open[2], line: i + 2, lines: body });
    i = j;
  }
  return blocks;
}

/** The files whose examples run: the README and every page of the guide. */
const FILES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];

/** A folder to run a block in: empty but for tests/ (the repository's), and a bin/ with the CLI as `tilesearch`. */
function workFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'tilesearch-doc-'));
  symlinkSync(join(ROOT, 'tests'), join(folder, 'tests'));
  mkdirSync(join(folder, '.bin'));
  symlinkSync(CLI, join(folder, '.bin/tilesearch'));
  return folder;
}

const run = (folder, command) => spawnSync('bash', ['-c', command], {
  cwd: folder, encoding: 'utf8', timeout: 120000, maxBuffer: 64 << 20,
  env: { ...process.env, PATH: `${join(folder, '.bin')}:${process.env.PATH}`, TILESEARCH_CACHE: join(folder, '.cache') },
});

const examples = [];
const outputs = [];
for (const file of FILES) {
  for (const block of fencedBlocks(readFileSync(join(ROOT, file), 'utf8'))) {
    if (block.info === 'sh') {
      const commands = block.lines.map((text, k) => ({ text, line: block.line + k })).filter(({ text }) => text.startsWith('tilesearch'));
      if (commands.length > 0) examples.push({ file, line: block.line, commands });
    } else if (block.info === 'console') {
      block.lines.forEach((text, k) => {
        if (!text.startsWith('$ tilesearch')) return;
        const rest = block.lines.slice(k + 1);
        const end = rest.findIndex((next) => next.startsWith('$ '));
        outputs.push({ file, line: block.line + k, command: text.slice(2), expected: (end < 0 ? rest : rest.slice(0, end)).join('\n') });
      });
    }
  }
}

test('the README and the guide have command examples to run, and the CLI is built', () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: make native-cli`);
  assert.ok(examples.some((e) => e.file === 'README.md'), 'the README has a tilesearch example in a sh block');
  const count = examples.reduce((sum, e) => sum + e.commands.length, 0);
  assert.ok(count >= 20, `${count} tilesearch lines in sh blocks`);
  assert.ok(outputs.length >= 2, `${outputs.length} console examples`);
});

for (const { file, line, commands } of examples) {
  test(`${file}:${line}: ${commands.length} command${commands.length === 1 ? '' : 's'} exit as documented`, () => {
    const folder = workFolder();
    try {
      for (const { text, line } of commands) {
        const expected = Number(text.match(/#\s*exit\s+(\d+)\s*$/)?.[1] ?? 0);
        const result = run(folder, text);
        assert.equal(result.status, expected,
          `${file}:${line}: \`${text}\` exited ${result.status ?? result.signal}, documented ${expected}\n${result.stderr.slice(0, 2000)}`);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
}

for (const { file, line, command, expected } of outputs) {
  test(`${file}:${line}: \`${command.slice(0, 60)}\` prints what the page shows`, () => {
    const folder = workFolder();
    try {
      const result = run(folder, `${command} 2>&1`);
      assert.equal(result.stdout.replace(/\n$/, ''), expected, `${file}:${line}: the output of \`${command}\``);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
}

test("every command and option of the CLI's help is in the guide's CLI page (exercise's in the exercises page too)", () => {
  const help = (args) => spawnSync(CLI, args, { encoding: 'utf8' });
  const text = (result) => `${result.stdout}${result.stderr}`;
  const general = text(help(['--help']));
  const exercise = text(help(['exercise', '--help']));
  const cli = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
  const pages = cli + readFileSync(join(ROOT, 'docs/exercises.md'), 'utf8');
  const commands = [...general.matchAll(/^\s+tilesearch (\w+)/gm)].map((m) => m[1]);
  const options = (help) => [...new Set(help.match(/--[a-z][a-z-]*/g))];
  assert.ok(commands.length >= 6 && options(general).length >= 10, `${commands.join(' ')}; ${options(general).join(' ')}`);
  for (const command of commands) assert.match(cli, new RegExp(`tilesearch ${command}\\b`), `docs/cli.md names tilesearch ${command}`);
  for (const option of options(general)) assert.ok(cli.includes(`\`${option}`) || cli.includes(`${option} `), `docs/cli.md names ${option}`);
  for (const option of options(exercise)) assert.ok(pages.includes(`\`${option}`) || pages.includes(`${option} `), `the guide names exercise's ${option}`);
});
