import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import Module from 'node:module';
import path from 'node:path';
import type * as vscodeTypes from 'vscode';

/**
 * The parts of the VS Code API the extension's logic uses, for tests in plain Node (issue 32): the extension's own
 * modules run unchanged, their `import * as vscode from 'vscode'` answered by this module. Files are real (a temporary
 * workspace on disk), settings start from the defaults package.json contributes, and what the extension tells the
 * editor (notifications, status bar, quick picks, test run events, diagnostics, commands, the clipboard) is kept for the
 * test to read, and a test answers notifications and quick picks as a person would. The extension activates here as
 * in VS Code (local-engine.ts): its commands run through `commands.executeCommand`, its providers are kept to call.
 * The editor's cursor is `editor.cursorIn`; its edits are the insertions `WorkspaceEdit` makes. What needs a real
 * workbench (webviews, quick inputs as drawn, language features of JSON, the Testing view's own commands) stays in
 * test/extension.
 */

type Listener<T> = (event: T) => unknown;

export class Disposable {
  constructor(private readonly onDispose: () => void = () => undefined) {}
  static from(...disposables: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => disposables.forEach((disposable) => disposable.dispose()));
  }
  dispose(): void {
    this.onDispose();
  }
}

export class EventEmitter<T> {
  private readonly listeners = new Set<Listener<T>>();
  readonly event = (listener: Listener<T>): Disposable => {
    this.listeners.add(listener);
    return new Disposable(() => this.listeners.delete(listener));
  };
  fire(event: T): void {
    for (const listener of [...this.listeners]) listener(event);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export class Uri {
  private constructor(readonly scheme: string, readonly path: string, private readonly query = '') {}
  static file(file: string): Uri {
    return new Uri('file', path.resolve(file).split(path.sep).join('/'));
  }
  static parse(text: string): Uri {
    const url = new URL(text);
    return url.protocol === 'file:' ? Uri.file(decodeURIComponent(url.pathname)) : new Uri(url.protocol.slice(0, -1), url.pathname, url.search.slice(1));
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri(base.scheme, path.posix.join(base.path, ...parts), base.query);
  }
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return this.scheme === 'file' ? `file://${encodeURI(this.path)}` : `${this.scheme}:${this.path}${this.query ? `?${this.query}` : ''}`;
  }
}

export class Position {
  constructor(readonly line: number, readonly character: number) {}
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(start: Position | number, end: Position | number, endLine?: number, endCharacter?: number) {
    this.start = typeof start === 'number' ? new Position(start, end as number) : start;
    this.end = typeof start === 'number' ? new Position(endLine!, endCharacter!) : end as Position;
  }
}

export class Location {
  constructor(readonly uri: Uri, readonly range: Range | Position) {}
}

export class MarkdownString {
  isTrusted: unknown;
  constructor(public value = '') {}
  appendText(text: string): this {
    this.value += text;
    return this;
  }
  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }
}

export class TestMessage {
  expectedOutput?: string;
  actualOutput?: string;
  location?: Location;
  constructor(readonly message: string | MarkdownString) {}
  static diff(message: string | MarkdownString, expected: string, actual: string): TestMessage {
    return Object.assign(new TestMessage(message), { expectedOutput: expected, actualOutput: actual });
  }
}

export enum TestRunProfileKind { Run = 1, Debug = 2, Coverage = 3 }
export enum DiagnosticSeverity { Error = 0, Warning = 1, Information = 2, Hint = 3 }
export enum ConfigurationTarget { Global = 1, Workspace = 2, WorkspaceFolder = 3 }
export enum ProgressLocation { SourceControl = 1, Window = 10, Notification = 15 }

export class TestRunRequest {
  constructor(readonly include?: readonly TestItem[], readonly exclude?: readonly TestItem[], readonly profile?: unknown, readonly continuous?: boolean) {}
}

export class CancellationTokenSource {
  private readonly cancelled = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: this.cancelled.event };
  cancel(): void {
    if (this.token.isCancellationRequested) return;
    this.token.isCancellationRequested = true;
    this.cancelled.fire();
  }
  dispose(): void {
    this.cancelled.dispose();
  }
}

export class Diagnostic {
  source?: string;
  constructor(readonly range: Range, readonly message: string, readonly severity: DiagnosticSeverity) {}
}

class TestItemCollection {
  private readonly items = new Map<string, TestItem>();
  get size(): number {
    return this.items.size;
  }
  add(item: TestItem): void {
    this.items.set(item.id, item);
  }
  get(id: string): TestItem | undefined {
    return this.items.get(id);
  }
  delete(id: string): void {
    this.items.delete(id);
  }
  replace(items: readonly TestItem[]): void {
    this.items.clear();
    for (const item of items) this.add(item);
  }
  forEach(callback: (item: TestItem) => void): void {
    [...this.items.values()].forEach(callback);
  }
}

export interface TestItem {
  readonly id: string;
  label: string;
  readonly uri?: Uri;
  readonly children: TestItemCollection;
  range?: Range;
  description?: string;
  error?: string | MarkdownString;
}

/** What a test run told the Testing view, in order. */
export interface RunEvent {
  readonly kind: 'enqueued' | 'started' | 'passed' | 'failed' | 'errored' | 'skipped' | 'output' | 'end';
  readonly id?: string;
  readonly message?: TestMessage;
  readonly ms?: number;
  readonly output?: string;
}

function createTestController(id: string, label: string) {
  const items = new TestItemCollection();
  const controller = {
    id, label, items,
    resolveHandler: undefined as ((item?: TestItem) => Promise<void>) | undefined,
    refreshHandler: undefined as (() => Promise<void>) | undefined,
    createTestItem: (itemId: string, itemLabel: string, uri?: Uri): TestItem => ({ id: itemId, label: itemLabel, ...(uri ? { uri } : {}), children: new TestItemCollection() }),
    createRunProfile: (profileLabel: string, kind: TestRunProfileKind, runHandler: (request: TestRunRequest, token: CancellationTokenSource['token']) => Promise<void>) => ({ label: profileLabel, kind, runHandler, dispose: () => undefined }),
    createTestRun: (_request: TestRunRequest) => {
      const events: RunEvent[] = [];
      fake.runs.push(events);
      const told = (kind: RunEvent['kind']) => (item: TestItem, extra?: TestMessage | number, ms?: number) => events.push({
        kind, id: item.id, ...(extra instanceof TestMessage ? { message: extra } : typeof extra === 'number' ? { ms: extra } : {}), ...(ms !== undefined ? { ms } : {}),
      });
      return {
        enqueued: told('enqueued'), started: told('started'), passed: told('passed'), failed: told('failed'), errored: told('errored'), skipped: told('skipped'),
        appendOutput: (output: string) => events.push({ kind: 'output', output }),
        end: () => events.push({ kind: 'end' }),
      };
    },
    dispose: () => undefined,
  };
  return controller;
}

/** A text document read from disk: the extension parses flows from these. Typed edits make it dirty until saved. */
export class TextDocument {
  version = 1;
  isDirty = false;
  constructor(readonly uri: Uri | vscodeTypes.Uri, private text: string) {}
  getText(range?: Range): string {
    return range ? this.text.slice(this.offsetAt(range.start), this.offsetAt(range.end)) : this.text;
  }
  offsetAt(position: Position): number {
    const lines = this.text.split('\n');
    return lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
  }
  get lineCount(): number {
    return this.text.split('\n').length;
  }
  lineAt(line: number): { text: string } {
    return { text: this.text.split('\n')[line] ?? '' };
  }
  positionAt(offset: number): Position {
    const before = this.text.slice(0, offset).split('\n');
    return new Position(before.length - 1, before.at(-1)!.length);
  }
  /** An edit typed into the editor (not saved). */
  edit(text: string): void {
    this.text = text;
    this.version++;
    this.isDirty = true;
  }
  /** The file changed on disk while the document had no unsaved edits: VS Code shows the new text. */
  reload(text: string): void {
    if (text === this.text) return;
    this.text = text;
    this.version++;
  }
  async save(): Promise<boolean> {
    await writeFile(this.uri.fsPath, this.text);
    this.isDirty = false;
    fake.savedDocument.fire(this);
    return true;
  }
}

export class Selection extends Range {
  constructor(readonly anchor: Position, readonly active: Position) {
    super(anchor, active);
  }
}

/** How long after its file changed on disk an open document shows it (VS Code's file watcher is not immediate). */
const RELOAD_LAG_MS = 150;

/** Insertions and replacements in documents, applied by `workspace.applyEdit`, in the order they were made. */
export class WorkspaceEdit {
  readonly edits: { uri: Uri; range: Range; text: string }[] = [];
  insert(uri: Uri, position: Position, text: string): void {
    this.edits.push({ uri, range: new Range(position, position), text });
  }
  replace(uri: Uri, range: Range, text: string): void {
    this.edits.push({ uri, range, text });
  }
}

/** Defaults of the `rehearse.*` settings, from package.json, as VS Code reads them. */
const DEFAULTS: Record<string, unknown> = Object.fromEntries(
  Object.entries((JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default?: unknown }> } } })
    .contributes.configuration.properties).map(([key, property]) => [key, property.default]),
);

function globToRegExp(glob: string): RegExp {
  const pattern = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/\*\*/g, '.*').replace(/\*/g, '[^/]*');
  return new RegExp(`^${pattern}$`);
}

async function walk(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? walk(path.join(folder, entry.name)) : Promise.resolve([path.join(folder, entry.name)]))));
  return nested.flat();
}

/** A notification the extension showed, and what the person answered. */
export interface Shown {
  readonly level: 'info' | 'warning' | 'error';
  readonly message: string;
  readonly items: readonly string[];
}

/** An item of the status bar, as the extension sets it. */
export class StatusBarItem {
  text = '';
  tooltip: string | undefined;
  command: string | undefined;
  name: string | undefined;
  backgroundColor: unknown;
  visible = false;
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  dispose(): void {
    this.visible = false;
    fake.statusItems.splice(fake.statusItems.indexOf(this), 1);
  }
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export class ThemeIcon {
  static readonly File = new ThemeIcon('file');
  constructor(readonly id: string, readonly color?: ThemeColor) {}
}

export const TreeItemCollapsibleState = { None: 0, Collapsed: 1, Expanded: 2 } as const;

export class CodeLens {
  constructor(readonly range: Range, readonly command?: { command: string; title: string; arguments?: unknown[] }) {}
}

export class CodeAction {
  command?: { command: string; title: string; arguments?: unknown[] };
  constructor(readonly title: string, readonly kind?: unknown) {}
}

class CodeActionKindValue {
  constructor(readonly value: string) {}
  append(part: string): CodeActionKindValue {
    return new CodeActionKindValue(`${this.value}.${part}`);
  }
}

export class CompletionItem {
  constructor(readonly label: string, readonly kind?: number) {}
}

export class Hover {
  constructor(readonly contents: unknown, readonly range?: Range) {}
}

/** A row of a tree view, as a view's provider describes it. */
export class TreeItem {
  description?: string | boolean;
  iconPath?: unknown;
  tooltip?: unknown;
  command?: { command: string; title: string; arguments?: unknown[] };
  contextValue?: string;
  resourceUri?: Uri;
  id?: string;
  constructor(readonly label: string | Uri, readonly collapsibleState: number = TreeItemCollapsibleState.None) {}
}

/** A quick pick the extension showed: its title and its items' labels. */
export interface Picked {
  readonly title: string | undefined;
  readonly labels: readonly string[];
}

const fake = {
  root: '',
  /** Commands the extension registered, by id. */
  registered: new Map<string, (...args: unknown[]) => unknown>(),
  /** Language feature providers the extension registered (CodeLens, completions, hovers, code actions). */
  providers: [] as { kind: string; provider: unknown }[],
  openedExternally: [] as string[],
  statusItems: [] as StatusBarItem[],
  statusMessages: [] as string[],
  clipboard: '',
  picks: [] as Picked[],
  /** Which label the person picks in a quick pick (none: they press Escape). */
  pick: (_picked: Picked): string | undefined => undefined,
  settings: new Map<string, unknown>(),
  documents: [] as TextDocument[],
  shown: [] as Shown[],
  /** How the person answers a notification (none: they dismiss it). */
  answer: (_shown: Shown): string | undefined => undefined,
  /** What the person types into an input box, by its prompt (none: they press Escape). */
  input: (_prompt: string): string | undefined => undefined,
  commands: [] as { id: string; args: unknown[] }[],
  runs: [] as RunEvent[][],
  diagnostics: new Map<string, Diagnostic[]>(),
  watchers: [] as { glob: RegExp; created: EventEmitter<Uri>; changed: EventEmitter<Uri>; deleted: EventEmitter<Uri> }[],
  changedDocument: new EventEmitter<{ document: TextDocument }>(),
  savedDocument: new EventEmitter<TextDocument>(),
  openedDocument: new EventEmitter<TextDocument>(),
  closedDocument: new EventEmitter<TextDocument>(),
  log: [] as string[],
  /** Documents shown in an editor, by URI. */
  opened: [] as string[],
  /** The editor with the focus, and its cursor. */
  activeEditor: undefined as { document: TextDocument; selection: Selection } | undefined,
};

const relative = (target: Uri | string) => {
  const file = typeof target === 'string' ? target : target.fsPath;
  return path.relative(fake.root, file).split(path.sep).join('/');
};

function show(level: Shown['level']) {
  return (message: string, ...items: unknown[]): Promise<string | undefined> => {
    const shown = { level, message, items: items.filter((item): item is string => typeof item === 'string') };
    fake.shown.push(shown);
    return Promise.resolve(fake.answer(shown));
  };
}

function register(kind: string, provider: unknown): Disposable {
  const entry = { kind, provider };
  fake.providers.push(entry);
  return new Disposable(() => fake.providers.splice(fake.providers.indexOf(entry), 1));
}

const vscode = {
  Disposable, EventEmitter, Uri, Position, Range, Selection, WorkspaceEdit, Location, MarkdownString, TestMessage, TestRunProfileKind, TestRunRequest, CancellationTokenSource,
  Diagnostic, DiagnosticSeverity, ConfigurationTarget, ProgressLocation, ThemeColor, ThemeIcon, TreeItem, TreeItemCollapsibleState, StatusBarAlignment: { Left: 1, Right: 2 },
  CodeLens, CodeAction, CompletionItem, Hover, CodeActionKind: { Refactor: new CodeActionKindValue('refactor') }, CompletionItemKind: { Variable: 5 },
  OverviewRulerLane: { Left: 1, Center: 2, Right: 4, Full: 7 },
  l10n: { t: (template: string, ...args: unknown[]) => template.replace(/\{(\d+)\}/g, (_whole, index: string) => String(args[Number(index)])) },
  env: {
    clipboard: { writeText: async (text: string) => void (fake.clipboard = text), readText: async () => fake.clipboard },
    openExternal: async (target: Uri) => void fake.openedExternally.push(target.toString()),
  },
  tests: { createTestController },
  workspace: {
    isTrusted: true,
    get workspaceFolders() {
      return [{ uri: Uri.file(fake.root), name: path.basename(fake.root), index: 0 }];
    },
    get textDocuments() {
      return fake.documents;
    },
    asRelativePath: relative,
    getConfiguration: (section: string) => ({
      get: (key: string) => (fake.settings.has(`${section}.${key}`) ? fake.settings.get(`${section}.${key}`) : DEFAULTS[`${section}.${key}`]),
      inspect: (key: string) => ({ defaultValue: DEFAULTS[`${section}.${key}`] }),
      update: async (key: string, value: unknown) => {
        if (value === undefined) fake.settings.delete(`${section}.${key}`);
        else fake.settings.set(`${section}.${key}`, value);
      },
    }),
    findFiles: async (include: string) => (await walk(fake.root)).filter((file) => globToRegExp(include).test(relative(file)) && !relative(file).includes('node_modules/')).map((file) => Uri.file(file)),
    openTextDocument: async (uri: Uri) => {
      const text = await readFile(uri.fsPath, 'utf8');
      const open = fake.documents.find((document) => document.uri.toString() === uri.toString());
      // As in VS Code, an open document shows what its file has on disk some time after the file changed, not at once.
      if (open && !open.isDirty && open.getText() !== text) setTimeout(() => void readFile(uri.fsPath, 'utf8').then((now) => open.isDirty || open.reload(now), () => undefined), RELOAD_LAG_MS).unref();
      if (open) return open;
      const document = new TextDocument(uri, text);
      fake.documents.push(document);
      fake.openedDocument.fire(document);
      return document;
    },
    applyEdit: async (edit: WorkspaceEdit) => {
      for (const { uri, range, text } of edit.edits) {
        const document = await vscode.workspace.openTextDocument(uri);
        const current = document.getText();
        document.edit(current.slice(0, document.offsetAt(range.start)) + text + current.slice(document.offsetAt(range.end)));
        fake.changedDocument.fire({ document });
      }
      return true;
    },
    createFileSystemWatcher: (glob: string) => {
      const watcher = { glob: globToRegExp(glob), created: new EventEmitter<Uri>(), changed: new EventEmitter<Uri>(), deleted: new EventEmitter<Uri>() };
      fake.watchers.push(watcher);
      return { onDidCreate: watcher.created.event, onDidChange: watcher.changed.event, onDidDelete: watcher.deleted.event, dispose: () => fake.watchers.splice(fake.watchers.indexOf(watcher), 1) };
    },
    onDidChangeTextDocument: fake.changedDocument.event,
    onDidSaveTextDocument: fake.savedDocument.event,
    onDidOpenTextDocument: fake.openedDocument.event,
    onDidCloseTextDocument: fake.closedDocument.event,
    onDidChangeConfiguration: new EventEmitter<unknown>().event,
    fs: {
      readFile: async (uri: Uri) => new Uint8Array(await readFile(uri.fsPath)),
      writeFile: (uri: Uri, bytes: Uint8Array) => writeFile(uri.fsPath, bytes),
      createDirectory: (uri: Uri) => mkdir(uri.fsPath, { recursive: true }).then(() => undefined),
      readDirectory: async (uri: Uri) => (await readdir(uri.fsPath, { withFileTypes: true })).map((entry) => [entry.name, entry.isDirectory() ? 2 : 1] as const),
      delete: (uri: Uri) => rm(uri.fsPath, { recursive: true, force: true }),
      stat: async (uri: Uri) => ({ size: (await stat(uri.fsPath)).size }),
    },
  },
  window: {
    showInformationMessage: show('info'),
    showWarningMessage: show('warning'),
    showErrorMessage: show('error'),
    showInputBox: async (options: { prompt?: string; title?: string } = {}) => fake.input(options.prompt ?? options.title ?? ''),
    showQuickPick: async <T extends string | { label: string }>(items: readonly T[] | Promise<readonly T[]>, options: { title?: string } = {}) => {
      const all = await items;
      const picked = { title: options.title, labels: all.map((item) => (typeof item === 'string' ? item : item.label)) };
      fake.picks.push(picked);
      const label = fake.pick(picked);
      return all.find((item) => (typeof item === 'string' ? item : item.label) === label);
    },
    registerTreeDataProvider: () => new Disposable(),
    createTreeView: () => ({ description: undefined as unknown, message: undefined as unknown, reveal: async () => undefined, dispose: () => undefined }),
    createTextEditorDecorationType: () => ({ dispose: () => undefined }),
    onDidChangeVisibleTextEditors: new EventEmitter<unknown>().event,
    visibleTextEditors: [] as unknown[],
    // No editor groups open: nothing (the Browser tab included) shows in any.
    tabGroups: { all: [] as unknown[], activeTabGroup: { viewColumn: 1 } },
    registerWebviewPanelSerializer: () => new Disposable(),
    createStatusBarItem: () => {
      const item = new StatusBarItem();
      fake.statusItems.push(item);
      return item;
    },
    setStatusBarMessage: (text: string) => {
      fake.statusMessages.push(text);
      return new Disposable();
    },
    get activeTextEditor() {
      return fake.activeEditor;
    },
    showTextDocument: async (target: Uri | TextDocument) => {
      fake.opened.push(target instanceof Uri ? target.toString() : target.uri.toString());
      return undefined;
    },
    withProgress: <T>(_options: unknown, task: (progress: { report(): void }, token: CancellationTokenSource['token']) => Promise<T>) => task({ report: () => undefined }, new CancellationTokenSource().token),
    createOutputChannel: () => ({
      info: (line: string) => fake.log.push(`info ${line}`), warn: (line: string) => fake.log.push(`warn ${line}`), error: (line: string) => fake.log.push(`error ${line}`),
      show: () => undefined, dispose: () => undefined,
    }),
  },
  commands: {
    executeCommand: async (id: string, ...args: unknown[]) => {
      fake.commands.push({ id, args });
      return fake.registered.get(id)?.(...args);
    },
    registerCommand: (id: string, handler: (...args: unknown[]) => unknown) => {
      fake.registered.set(id, handler);
      return new Disposable(() => fake.registered.delete(id));
    },
  },
  languages: {
    registerCodeLensProvider: (_selector: unknown, provider: unknown) => register('codeLens', provider),
    registerCompletionItemProvider: (_selector: unknown, provider: unknown) => register('completion', provider),
    registerHoverProvider: (_selector: unknown, provider: unknown) => register('hover', provider),
    registerCodeActionsProvider: (_selector: unknown, provider: unknown) => register('codeAction', provider),
    createDiagnosticCollection: () => ({
      set: (uri: Uri, diagnostics: Diagnostic[]) => fake.diagnostics.set(uri.toString(), diagnostics),
      delete: (uri: Uri) => fake.diagnostics.delete(uri.toString()),
      dispose: () => fake.diagnostics.clear(),
    }),
  },
};

/** The fake as the extension's modules type it (the one place the fake is taken for the real API). */
export const api = vscode as unknown as typeof vscodeTypes;

/** The editor as the extension's modules see it: set up per test with a workspace folder on disk. */
export const editor = {
  /** Notifications shown, commands run, test runs' events, diagnostics and log lines, in order. */
  get shown(): Shown[] {
    return fake.shown;
  },
  get commands(): { id: string; args: unknown[] }[] {
    return fake.commands;
  },
  get runs(): RunEvent[][] {
    return fake.runs;
  },
  get diagnostics(): Map<string, Diagnostic[]> {
    return fake.diagnostics;
  },
  get log(): string[] {
    return fake.log;
  },
  get opened(): string[] {
    return fake.opened;
  },
  /** Status bar items shown now, and messages shown there. */
  get statusBar(): { items: StatusBarItem[]; messages: string[] } {
    return { items: fake.statusItems.filter((item) => item.visible), messages: fake.statusMessages };
  },
  get clipboard(): string {
    return fake.clipboard;
  },
  /** The language feature providers the extension registered, by kind ('codeLens', 'completion', 'hover', 'codeAction'). */
  providers<T>(kind: string): T[] {
    return fake.providers.filter((entry) => entry.kind === kind).map((entry) => entry.provider as T);
  },
  get picks(): Picked[] {
    return fake.picks;
  },
  set pick(pick: (picked: Picked) => string | undefined) {
    fake.pick = pick;
  },
  get answer(): (shown: Shown) => string | undefined {
    return fake.answer;
  },
  /** Starts over in a workspace folder: no settings changed, no notifications, no runs. */
  reset(root: string): void {
    fake.root = root;
    fake.settings.clear();
    fake.documents.length = 0;
    fake.shown.length = 0;
    fake.commands.length = 0;
    fake.runs.length = 0;
    fake.diagnostics.clear();
    fake.log.length = 0;
    fake.opened.length = 0;
    fake.activeEditor = undefined;
    fake.answer = () => undefined;
    fake.input = () => undefined;
    fake.statusMessages.length = 0;
    fake.clipboard = '';
    fake.picks.length = 0;
    fake.pick = () => undefined;
  },
  set answer(answer: (shown: Shown) => string | undefined) {
    fake.answer = answer;
  },
  set input(input: (prompt: string) => string | undefined) {
    fake.input = input;
  },
  /** A user setting set, or with `undefined` taken away (its default applies again), as VS Code's `update` does. */
  setting(key: string, value: unknown): void {
    if (value === undefined) fake.settings.delete(`rehearse.${key}`);
    else fake.settings.set(`rehearse.${key}`, value);
  },
  /** A file created, changed or deleted on disk, as VS Code's file watcher reports it. */
  fileEvent(kind: 'created' | 'changed' | 'deleted', file: string): void {
    const uri = Uri.file(file);
    for (const watcher of fake.watchers) if (watcher.glob.test(relative(uri))) watcher[kind].fire(uri);
  },
  /** A document opened in the editor, then typed into (not saved), then saved. */
  open(document: TextDocument): void {
    fake.documents.push(document);
    fake.openedDocument.fire(document);
  },
  typeInto(document: TextDocument, text: string): void {
    document.edit(text);
    fake.changedDocument.fire({ document });
  },
  close(document: TextDocument): void {
    fake.documents.splice(fake.documents.indexOf(document), 1);
    fake.closedDocument.fire(document);
  },
  async save(document: TextDocument): Promise<void> {
    await document.save();
  },
  /** The file opened in an editor with the focus, the cursor put just before the first (or last) `at` in its text. */
  async cursorIn(file: string, at: string, occurrence: 'first' | 'last' = 'first'): Promise<TextDocument> {
    const document = await vscode.workspace.openTextDocument(Uri.file(file));
    // The person puts the cursor in what the file says: they see the document once it shows the file.
    if (!document.isDirty) document.reload(await readFile(file, 'utf8'));
    const offset = occurrence === 'first' ? document.getText().indexOf(at) : document.getText().lastIndexOf(at);
    if (offset < 0) throw new Error(`${at} is not in ${file}`);
    const position = document.positionAt(offset);
    fake.activeEditor = { document, selection: new Selection(position, position) };
    return document;
  },
};

// Every `require('vscode')` from here on gets the fake.
const moduleWithLoad = Module as unknown as { _load: (request: string, parent: unknown, isMain: boolean) => unknown };
const load = moduleWithLoad._load;
moduleWithLoad._load = function loadWithFakeVscode(request, parent, isMain) {
  return request === 'vscode' ? vscode : load.call(this, request, parent, isMain);
};
