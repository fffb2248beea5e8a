import { LLMResponseError } from '../errors';

/** The most of one model reply that is read, by default (`rehearse serve --max-model-reply`). */
export const DEFAULT_MODEL_REPLY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * The fetch the model SDKs are given: a reply is read up to `limitBytes` and no further. Past it the connection is
 * dropped and reading fails with an LLMResponseError, so an endpoint that answers without end (which a client may
 * choose) costs at most the limit in memory, once, instead of the whole answer twice (the reply and its repair turn).
 */
export function boundedFetch(limitBytes: number, modelId: string): typeof fetch {
  const tooLarge = () => new LLMResponseError(`${modelId}: the model's reply is larger than ${describeBytes(limitBytes)}, the most this service reads of one reply; it was not read further.`);
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = response.body;
    if (!body) return response;
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limitBytes) {
      await body.cancel().catch(() => undefined);
      return replaced(response, new ReadableStream({ start: (controller) => controller.error(tooLarge()) }));
    }
    const reader = body.getReader();
    let read = 0;
    return replaced(response, new ReadableStream<Uint8Array>({
      async pull(controller) {
        const chunk = await reader.read().catch((error: unknown) => {
          controller.error(error);
          return undefined;
        });
        if (!chunk) return;
        if (chunk.done) return controller.close();
        read += chunk.value.byteLength;
        if (read > limitBytes) {
          await reader.cancel().catch(() => undefined);
          return controller.error(tooLarge());
        }
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    }));
  };
}

function replaced(response: Response, body: ReadableStream<Uint8Array>): Response {
  const copy = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  // The SDKs read the final URL from the response (request ids in errors); a constructed Response has none of its own.
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB` : `${bytes} bytes`;
}
