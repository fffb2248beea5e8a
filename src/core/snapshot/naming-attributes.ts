/**
 * The attributes a selector may name an element by, best first: the test ids teams put on elements for their tests,
 * and the attributes that say what an element is (a field's name, its label, a placeholder, a title, an image's alt,
 * the text a design system's item is given to show: UI5's `<ui5-cb-item text="Germany">`).
 * Read by the snapshot (Node) and by the recorder's selectors (in the page).
 */
export const TEST_ID_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-cy', 'data-qa'] as const;
export const DESCRIPTIVE_ATTRIBUTES = ['name', 'aria-label', 'placeholder', 'title', 'alt', 'text'] as const;
