import * as vscode from 'vscode';
import { FlowFileError, parseFlow } from '../flows/format';
import type { Flow } from '../schema';
import { nodeAt, parseLocations, type JsonNode } from '../flows/json-locations';
import { readSetting } from './settings';

export const FLOW_GLOB = '**/*.flow.json';

export function isFlowFile(uri: vscode.Uri): boolean {
  return uri.path.endsWith('.flow.json');
}

/** A flow file as the editor sees it: its text, the flow if valid, else the error, and where each value sits. */
export interface FlowDocument {
  readonly uri: vscode.Uri;
  readonly text: string;
  readonly flow?: Flow;
  readonly error?: FlowFileError;
  readonly locations: JsonNode | undefined;
}

export function readFlowText(uri: vscode.Uri, text: string): FlowDocument {
  const locations = parseLocations(text);
  try {
    return { uri, text, flow: parseFlow(text, vscode.workspace.asRelativePath(uri)), locations };
  } catch (error) {
    if (error instanceof FlowFileError) return { uri, text, error, locations };
    throw error;
  }
}

/** Each open document is parsed once per version: CodeLens, decorations, diagnostics and code actions share it. */
const parsedVersions = new WeakMap<vscode.TextDocument, { readonly version: number; readonly parsed: FlowDocument }>();

export function readFlowOf(document: vscode.TextDocument): FlowDocument {
  const known = parsedVersions.get(document);
  if (known?.version === document.version) return known.parsed;
  const parsed = readFlowText(document.uri, document.getText());
  parsedVersions.set(document, { version: document.version, parsed });
  return parsed;
}

/**
 * A flow file as it is now: the open document's text while it has unsaved edits, else the file on disk. An open
 * document shows a change on disk (Open Demo pointing its copy at the site again, a git checkout, another tool) only
 * some time later; until then its text is the old one.
 */
export async function readFlowDocument(uri: vscode.Uri): Promise<FlowDocument> {
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.isDirty || uri.scheme !== 'file') return readFlowOf(document);
  const onDisk = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  return onDisk === document.getText() ? readFlowOf(document) : readFlowText(uri, onDisk);
}

/** `rehearse.flows.folder` as a workspace-relative path without leading or trailing slashes ('' for the whole workspace). */
export function flowsFolder(): string {
  return readSetting('flows.folder').replace(/^\.?\/+|\/+$/g, '');
}

/** Flow files in the workspace (under `rehearse.flows.folder` when set), sorted by path. */
export async function findFlowFiles(): Promise<vscode.Uri[]> {
  const folder = flowsFolder();
  const include = folder ? `${folder}/${FLOW_GLOB}` : FLOW_GLOB;
  const files = await vscode.workspace.findFiles(include, '**/node_modules/**', 2000);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** The range of the value at a path (`steps.2`), or of the whole text when the path is not there. */
export function rangeOf(document: vscode.TextDocument, root: JsonNode | undefined, node: JsonNode | undefined): vscode.Range {
  const target = node ?? root;
  if (!target) return new vscode.Range(0, 0, 0, 0);
  return new vscode.Range(document.positionAt(target.start), document.positionAt(target.end));
}

/** The index of the step an offset of the text falls in, if any. */
export function stepIndexAt(locations: JsonNode | undefined, offset: number): number | undefined {
  for (const [key, node] of nodeAt(locations, 'steps')?.children ?? []) if (offset >= node.start && offset <= node.end) return Number(key);
  return undefined;
}
