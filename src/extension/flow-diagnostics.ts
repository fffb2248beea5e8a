import * as vscode from 'vscode';
import { nodeAt, type JsonNode } from '../flows/json-locations';
import { isFlowFile, readFlowOf, rangeOf } from './flow-files';
import { Owner } from './owner';

/** The value a problem is about: its field, or the property its message starts with ("steps.1.action: method: …"). */
function problemNode(root: JsonNode | undefined, problem: { field?: string | undefined; message: string }): JsonNode | undefined {
  const node = nodeAt(root, problem.field);
  const rest = problem.field ? problem.message.slice(problem.message.indexOf(problem.field) + problem.field.length) : '';
  const property = /^: (\w+): /.exec(rest)?.[1];
  return (property && node?.children?.get(property)) || node;
}

/** Problems of invalid flow files, each on the field at fault, as the replay would report them. */
export class FlowDiagnostics extends Owner {
  private readonly collection = this.own(vscode.languages.createDiagnosticCollection('rehearse'));

  constructor() {
    super();
    this.own(vscode.workspace.onDidOpenTextDocument((document) => this.check(document)));
    this.own(vscode.workspace.onDidChangeTextDocument((event) => this.check(event.document)));
    this.own(vscode.workspace.onDidCloseTextDocument((document) => this.collection.delete(document.uri)));
    for (const document of vscode.workspace.textDocuments) this.check(document);
  }

  check(document: vscode.TextDocument): void {
    if (!isFlowFile(document.uri)) return;
    const parsed = readFlowOf(document);
    if (!parsed.error) {
      this.collection.delete(document.uri);
      return;
    }
    const problems = parsed.error.problems.length ? parsed.error.problems : [{ field: undefined, message: parsed.error.message.replace(/^[^:]*: /, '') }];
    this.collection.set(document.uri, problems.map((problem) => {
      const diagnostic = new vscode.Diagnostic(rangeOf(document, parsed.locations, problemNode(parsed.locations, problem)), problem.message, vscode.DiagnosticSeverity.Error);
      diagnostic.source = 'Rehearse';
      return diagnostic;
    }));
  }
}
