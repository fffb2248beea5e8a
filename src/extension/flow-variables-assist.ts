import * as vscode from 'vscode';
import type { Flow } from '../schema';

type Variables = NonNullable<Flow['variables']>;

/** A flow's declared variables, read leniently: while a file is being typed it is often not valid JSON. */
function declaredVariables(document: vscode.TextDocument, lastGood: Map<string, Variables>): Variables {
  const key = document.uri.toString();
  try {
    const parsed = JSON.parse(document.getText()) as { variables?: unknown };
    const variables = parsed.variables && typeof parsed.variables === 'object' && !Array.isArray(parsed.variables) ? parsed.variables as Variables : {};
    lastGood.set(key, variables);
    return variables;
  } catch {
    return lastGood.get(key) ?? {};
  }
}

/** Whether a position is inside a JSON string on its line (an odd number of unescaped quotes before it). */
function insideString(prefix: string): boolean {
  return (prefix.replace(/\\./g, '').match(/"/g)?.length ?? 0) % 2 === 1;
}

function describe(name: string, variable: Variables[string] | undefined): vscode.MarkdownString {
  const text = new vscode.MarkdownString();
  text.appendMarkdown(`**%${name}%**`);
  if (!variable) {
    text.appendMarkdown(' is not declared in `variables`: replay asks for its value, or reads `REHEARSE_VAR_' + name.toUpperCase().replace(/[^A-Z0-9]/g, '_') + '`.');
    return text;
  }
  if (variable.description) text.appendMarkdown(`: ${variable.description.replace(/[\\`*_[\]]/g, '\\$&')}`);
  if (variable.secret) text.appendMarkdown('\n\nSecret: its value is never in the file. Replay asks for it once and keeps it in VS Code\'s secret storage (or reads it from the environment).');
  else if (variable.default !== undefined) text.appendMarkdown(`\n\nDefault: \`${variable.default.replace(/`/g, "'")}\``);
  return text;
}

/**
 * Editing flow files by hand: `%` offers the flow's variables, and hovering a `%name%` says what it is (secret, default).
 * Step kinds, methods and fields come from the contributed JSON Schema (completions and hovers of VS Code's JSON support).
 */
export class FlowVariablesAssist implements vscode.CompletionItemProvider, vscode.HoverProvider {
  private readonly lastGood = new Map<string, Variables>();

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined {
    const prefix = document.lineAt(position.line).text.slice(0, position.character);
    const typed = /%([A-Za-z0-9_.-]*)$/.exec(prefix);
    if (!typed || !insideString(prefix)) return undefined;
    const start = position.translate(0, -typed[0].length);
    const rest = document.lineAt(position.line).text.slice(position.character);
    // A name already closed by % is replaced whole, so choosing an item never leaves %name%name%.
    const closing = /^[A-Za-z0-9_.-]*%?/.exec(rest)![0].length;
    const range = new vscode.Range(start, position.translate(0, closing));
    return Object.entries(declaredVariables(document, this.lastGood)).map(([name, variable]) => {
      const item = new vscode.CompletionItem(`%${name}%`, vscode.CompletionItemKind.Variable);
      item.insertText = `%${name}%`;
      item.range = range;
      item.filterText = `%${name}%`;
      item.detail = variable.secret ? 'secret variable' : variable.default !== undefined ? `default "${variable.default}"` : 'variable';
      item.documentation = describe(name, variable);
      return item;
    });
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const range = document.getWordRangeAtPosition(position, /%[A-Za-z_][A-Za-z0-9_.-]*%/);
    if (!range) return undefined;
    const name = document.getText(range).slice(1, -1);
    return new vscode.Hover(describe(name, declaredVariables(document, this.lastGood)[name]), range);
  }
}
