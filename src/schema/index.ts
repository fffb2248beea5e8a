export * from './action';
export * from './act';
export * from './agent';
export * from './issues';
export * from './model-config';
export * from './observe';
export * from './variables';
export * from './from-json-schema';
