import { InvalidAISDKModelFormatError } from '../errors';

export interface ModelName {
  readonly provider: string;
  readonly model: string;
}

const FORM = /^([A-Za-z0-9][A-Za-z0-9._-]*)\/(\S+)$/;

/** Splits `<provider>/<model>`; anything else is an InvalidAISDKModelFormatError. */
export function parseModelName(name: string, field = 'model'): ModelName {
  const match = FORM.exec(name.trim());
  if (!match) {
    throw new InvalidAISDKModelFormatError(
      `${field}: expected "<provider>/<model>" such as "openai/gpt-4.1-mini" or "anthropic/claude-sonnet-4-5", received ${JSON.stringify(name)}`,
      { field },
    );
  }
  return { provider: match[1]!.toLowerCase(), model: match[2]! };
}
