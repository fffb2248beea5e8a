import type * as v from 'valibot';
import type { Usage } from '../../schema';

export type { Usage };

export type ContentPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly mediaType: 'image/png' | 'image/jpeg'; readonly base64: string };

export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** A conversation in a provider-neutral form; each wire adapter maps it to its own message shapes. */
export type ChatItem =
  | { readonly role: 'user'; readonly content: readonly ContentPart[] }
  | { readonly role: 'assistant'; readonly text?: string; readonly toolCalls?: readonly ToolCall[] }
  | { readonly role: 'tool'; readonly callId: string; readonly name: string; readonly output: string; readonly isError?: boolean };

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the tool's input (an object schema). */
  readonly parameters: Record<string, unknown>;
}

export type ToolChoice = 'auto' | 'required' | { readonly name: string };

/** Asks for a JSON object matching a JSON Schema, by the wire's native mechanism. */
export interface JsonOutputRequest {
  readonly name: string;
  readonly schema: Record<string, unknown>;
  /** Whether the schema satisfies OpenAI's strict-mode rules (every property required, no extra properties). */
  readonly strict: boolean;
}

export interface TurnRequest {
  readonly system?: string | undefined;
  readonly items: readonly ChatItem[];
  readonly tools?: readonly ToolDefinition[] | undefined;
  readonly toolChoice?: ToolChoice | undefined;
  readonly jsonOutput?: JsonOutputRequest | undefined;
  readonly maxOutputTokens?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  /** When given, the reply is streamed and each piece of text is passed here as it arrives. */
  readonly onText?: ((delta: string) => void) | undefined;
}

export interface TurnReply {
  readonly text: string;
  readonly toolCalls: readonly ToolCall[];
  readonly usage: Usage;
  /** With `jsonOutput`: the object the model produced, or undefined when the reply held none. */
  readonly json?: unknown;
  /** With `jsonOutput` on a wire that returns it as a forced tool call (Anthropic): that call, to answer in a repair turn. */
  readonly jsonCall?: ToolCall;
}

/** One wire format (OpenAI Responses, OpenAI Chat Completions, Anthropic Messages) behind one call. */
export interface ModelTransport {
  /** `responses`, `chat` or `anthropic`: which wire this transport speaks. */
  readonly wire: 'responses' | 'chat' | 'anthropic';
  /** How the transport produces JSON: natively (json_schema / forced tool) or by instruction and parsing the text. */
  readonly jsonMode: () => 'native' | 'text';
  turn(request: TurnRequest): Promise<TurnReply>;
}

export interface ObjectRequest<S extends v.GenericSchema> {
  readonly system?: string | undefined;
  readonly prompt: string | readonly ContentPart[];
  readonly schema: S;
  /** A short name for the output, sent to the provider (`observe_result`). */
  readonly name: string;
  /** A check beyond the schema (ids that exist on the page, …); a returned sentence triggers the repair turn. */
  readonly check?: (value: v.InferOutput<S>) => string | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface ObjectReply<T> {
  readonly object: T;
  readonly usage: Usage;
  /** 1, or 2 when a repair turn was needed. */
  readonly attempts: number;
}

/** The one model client the engine uses, whatever the provider. */
export interface ModelClient {
  /** `<provider>/<model>` as configured. */
  readonly id: string;
  readonly provider: string;
  readonly wire: ModelTransport['wire'];
  generateObject<S extends v.GenericSchema>(request: ObjectRequest<S>): Promise<ObjectReply<v.InferOutput<S>>>;
  turn(request: TurnRequest): Promise<TurnReply>;
}

/** How the provider SDKs are driven (retries, time and size limits); in the types so the library's types need no SDK. */
export interface SdkOptions {
  /** Retries on 408/409/429/5xx with exponential backoff (honouring retry-after); none on other 4xx. */
  readonly maxRetries?: number | undefined;
  /** How long one model call may take, in ms, its retries included; a hung provider fails the call then. */
  readonly requestTimeoutMs?: number | undefined;
  /** The most of one reply that is read, in bytes; a larger one fails the call (LLMResponseError). */
  readonly replyLimitBytes?: number | undefined;
}
