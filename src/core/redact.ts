/** Removes secrets (API keys, tokens, secret variable values) from text that may reach a log, an error or a file. */
export function redact(text: string, secrets: Iterable<string | undefined>): string {
  let output = text;
  for (const secret of secrets) {
    // Very short values would blank out ordinary words; they are not credentials anyway.
    if (!secret || secret.length < 4) continue;
    output = output.split(secret).join('[redacted]');
  }
  return output;
}
