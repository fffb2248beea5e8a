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

/**
 * Removes what a URL may carry as a credential: its user and password, its query string and its fragment
 * (`wss://grid/?token=…`, `https://user:pass@host`). For URLs that reach a log line or an error message.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const hadSecrets = parsed.username || parsed.password || parsed.search || parsed.hash;
    if (!hadSecrets) return url;
    parsed.username = '';
    parsed.password = '';
    const query = parsed.search ? '?[redacted]' : '';
    parsed.search = '';
    parsed.hash = '';
    return `${parsed.href}${query}`;
  } catch {
    return url.replace(/[?#].*$/, '?[redacted]');
  }
}

/** Every URL in a text, redacted as redactUrl does. */
export function redactUrls(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi, (url) => redactUrl(url));
}
