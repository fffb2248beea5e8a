import { isIP } from 'node:net';
import { HttpError } from './http-errors';

function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/**
 * DNS rebinding defence: a page on a site whose name an attacker points at 127.0.0.1 reaches a loopback service with
 * its own name in Host. Only the service's own address, loopback names on a loopback service, IP literals on an
 * all-interfaces service, and the names the operator lists (`--host-name`, behind a proxy) are answered.
 */
export class HostCheck {
  private readonly names: ReadonlySet<string>;
  private readonly loopback: boolean;
  private readonly anyInterface: boolean;

  constructor(private readonly bound: string, private readonly port: number, names: readonly string[]) {
    this.names = new Set(names.map((name) => name.toLowerCase()));
    this.loopback = isLoopbackName(bound);
    this.anyInterface = bound === '0.0.0.0' || bound === '::';
  }

  check(hostHeader: string | undefined): void {
    if (!hostHeader) throw new HttpError(400, 'MissingHost', 'The request has no Host header.');
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostHeader.trim().toLowerCase());
    if (!match) throw this.refuse(hostHeader);
    const host = match[1]!.replace(/^\[|\]$/g, '');
    const port = match[2] === undefined ? 80 : Number(match[2]);
    if (this.names.has(host)) return;
    if (port !== this.port) throw this.refuse(hostHeader);
    if (this.loopback ? isLoopbackName(host) : this.anyInterface ? isIP(host) !== 0 || host === 'localhost' : host === this.bound.toLowerCase()) return;
    throw this.refuse(hostHeader);
  }

  private refuse(host: string): HttpError {
    return new HttpError(403, 'ForbiddenHost', `This service does not answer to the host ${JSON.stringify(host.slice(0, 100))}; its operator can add a name with --host-name.`);
  }
}
