/**
 * What a click in the browser does while recording: record the gesture, write an expect step about the element clicked,
 * or pick its locator. The toolbar in the page and VS Code's Assert While Recording offer the same list. No imports:
 * the recorder's page script bundles this file.
 */
export const RECORD_MODES = ['record', 'visible', 'text', 'value', 'snapshot', 'locator'] as const;
export type RecordMode = (typeof RECORD_MODES)[number];

export const RECORD_MODE_LABELS: { readonly [M in RecordMode]: string } = {
  record: 'Record',
  visible: 'Assert visible',
  text: 'Assert text',
  value: 'Assert value',
  snapshot: 'Assert snapshot',
  locator: 'Pick locator',
};

/** What the next click does, in the mode's words. */
export const RECORD_MODE_HINTS: { readonly [M in RecordMode]: string } = {
  record: 'Recording what you do.',
  visible: 'Click an element: the flow will expect it visible.',
  text: 'Click an element: the flow will expect its text.',
  value: 'Click a field: the flow will expect its value (a checkbox: its state).',
  snapshot: 'Click a region: the flow will expect its ARIA snapshot.',
  locator: 'Click an element to see its locator.',
};
