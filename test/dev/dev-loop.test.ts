import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'jsonc-parser';

const ROOT = path.join(__dirname, '..', '..', '..');
const read = <T>(file: string): T => parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

interface LaunchConfiguration { name: string; type: string; args?: string[]; outFiles?: string[]; preLaunchTask?: string }
interface Matcher { pattern: { regexp: string; message?: number; file?: number; line?: number; column?: number }[]; background: { beginsPattern: string; endsPattern: string } }
interface Task { label: string; type?: string; script?: string; dependsOn?: string[]; group?: { kind: string; isDefault?: boolean }; problemMatcher?: Matcher | string | [] }

/** F5 as CONTRIBUTING.md tells it: what VS Code reads from .vscode/, held to the scripts and the build it names. */
describe('the development loop (.vscode)', () => {
  const tasks = read<{ tasks: Task[] }>('.vscode/tasks.json').tasks;
  const scripts = read<{ scripts: Record<string, string>; main: string }>('package.json');

  it('F5 (Run Extension) runs the repository as an Extension Development Host after the default build task, whose watchers are npm scripts', () => {
    const run = read<{ configurations: LaunchConfiguration[] }>('.vscode/launch.json').configurations.find((configuration) => configuration.name === 'Run Extension');
    assert.ok(run, 'a Run Extension configuration');
    assert.equal(run.type, 'extensionHost');
    assert.ok(run.args?.includes('--extensionDevelopmentPath=${workspaceFolder}'), JSON.stringify(run.args));
    assert.equal(run.preLaunchTask, '${defaultBuildTask}');
    assert.ok(run.outFiles?.includes('${workspaceFolder}/dist/**/*.js') && scripts.main.startsWith('./dist/'), 'source maps of the bundle the manifest runs');
    const build = tasks.find((task) => task.group?.kind === 'build' && task.group.isDefault);
    assert.ok(build?.dependsOn?.length, 'a default build task that starts the watchers');
    for (const label of build.dependsOn) {
      const task = tasks.find((candidate) => candidate.label === label);
      assert.ok(task?.type === 'npm' && task.script && scripts.scripts[task.script], `${label}: an npm script of package.json`);
    }
  });

  it('the watch task sees a rebuild start and end, and its problem matcher reads esbuild.js\'s errors with their place', async function () {
    this.timeout(60_000);
    const matcher = tasks.find((task) => task.script === 'watch')?.problemMatcher as Matcher;
    const copy = mkdtempSync(path.join(tmpdir(), 'rehearse-dev-'));
    try {
      for (const entry of ['src', 'esbuild.js', 'package.json']) cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
      appendFileSync(path.join(copy, 'src', 'core', 'errors.ts'), '\nexport const broken = ;\n');
      const brokenLine = readFileSync(path.join(copy, 'src', 'core', 'errors.ts'), 'utf8').split('\n').indexOf('export const broken = ;') + 1;
      const output = await new Promise<string>((resolve, reject) => {
        const watch = spawn(process.execPath, ['esbuild.js', '--watch'], { cwd: copy });
        let text = '';
        const timer = setTimeout(() => (watch.kill(), reject(new Error(`no end of the build in 30 s:\n${text}`))), 30_000);
        const read = (chunk: Buffer) => {
          text += chunk.toString();
          if (new RegExp(matcher.background.endsPattern, 'm').test(text)) (clearTimeout(timer), watch.kill(), resolve(text));
        };
        watch.stdout.on('data', read);
        watch.stderr.on('data', read);
      });
      const lines = output.split('\n');
      assert.match(lines[0]!, new RegExp(matcher.background.beginsPattern), output);
      assert.equal(lines.filter((line) => new RegExp(matcher.background.endsPattern).test(line)).length, 1, 'one end for the rebuild of every bundle');
      const [first, second] = matcher.pattern.map((step) => new RegExp(step.regexp));
      const at = lines.findIndex((line, index) => first!.test(line) && second!.test(lines[index + 1] ?? ''));
      assert.ok(at >= 0, output);
      const place = second!.exec(lines[at + 1]!)!;
      assert.equal(place[matcher.pattern[1]!.file!], 'src/core/errors.ts');
      assert.equal(Number(place[matcher.pattern[1]!.line!]), brokenLine);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
