export { createModelClient, type ModelClientOptions } from './create-client';
export { parseModelName } from './model-name';
export { chosenEndpoints, resolveModel, SUPPORTED_PROVIDERS, type Environment, type ResolvedModel } from './resolve';
export { addUsage, sumUsage, ZERO_USAGE } from './usage';
export type * from './types';
