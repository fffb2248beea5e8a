/** `text` as a regular expression that matches it literally (also inside `/…/` and in `u` mode). */
export const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
