import type * as vscode from 'vscode';

/**
 * What the extension's parts have in common: each owns listeners, emitters, watchers and views it registers, and
 * disposes of them once, newest first. Something registered after disposal is disposed of at once, never leaked.
 */
export abstract class Owner implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];
  private disposed = false;

  protected own<T extends vscode.Disposable>(disposable: T): T {
    if (this.disposed) disposable.dispose();
    else this.owned.push(disposable);
    return disposable;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const disposable of this.owned.splice(0).reverse()) disposable.dispose();
  }
}
