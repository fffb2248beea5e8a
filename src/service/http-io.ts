import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as v from 'valibot';
import { validate, type InputProblem } from '../schema';
import { HttpError } from './http-errors';

/** Reading requests and writing answers, with the checks every request passes before any route sees it. */

/** The path of a request target; only origin-form (`/v1/…`) is served, so an absolute-form target never reaches a route. */
export function requestPath(target: string | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//')) throw new HttpError(400, 'BadRequestTarget', 'The request target must be a path such as /v1/sessions/start.');
  let path: string;
  try {
    path = new URL(target, 'http://service.invalid').pathname;
    decodeURIComponent(path);
  } catch {
    throw new HttpError(400, 'BadRequestTarget', 'The request target is not a valid path.');
  }
  return path;
}

/**
 * Browsers send Origin (and Sec-Fetch-Site) with the requests a page makes; the service's clients are programs, which
 * do not. A page on another site must never reach the service, even knowing a key: there is no CORS, and such
 * requests are refused before anything else.
 */
export function refuseBrowserOrigin(origin: string | undefined, fetchSite: string | undefined): void {
  if ((origin !== undefined && origin !== '') || (fetchSite !== undefined && fetchSite !== 'none')) {
    throw new HttpError(403, 'ForbiddenOrigin', 'Requests from web pages are not accepted: call this service from a program, not from a browser page.');
  }
}

export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

export async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw new HttpError(413, 'PayloadTooLarge', `The body is ${declared} bytes; the limit is ${limit}.`);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new HttpError(413, 'PayloadTooLarge', `The body is over the limit of ${limit} bytes.`);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The connection closed mid-body: the client left, or was cut off for sending too slowly.
    throw new HttpError(408, 'RequestTimeout', 'The request body did not arrive whole.');
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(request: IncomingMessage, limit: number): Promise<unknown> {
  const text = await readBody(request, limit);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'InvalidJson', 'The body is not valid JSON.');
  }
}

/** The body as its schema checked it, typed from that schema; a 400 naming the first field wrong otherwise. */
export function validBody<S extends v.GenericSchema>(schema: S, raw: unknown): v.InferOutput<S> {
  const checked = validate(schema, raw);
  if (checked.ok) return checked.value;
  const first: InputProblem = checked.problems[0]!;
  throw new HttpError(400, 'InvalidRequest', checked.problems.map((problem) => problem.message).join('; '), first.field);
}
