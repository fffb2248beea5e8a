/** The shadow roots listened in, kept while their host is on the page. */
const known = new Set<ShadowRoot>();

/**
 * The document and the shadow roots on it that are listened in, without a walk of the page (read at each press): what
 * `openRoots` finds, closed roots too.
 */
export function listenedRoots(): (Document | ShadowRoot)[] {
  for (const root of known) if (!root.host.isConnected) known.delete(root);
  return [document, ...known];
}

/**
 * Listens inside every shadow root, for events that do not leave one (change and scroll are not composed): those
 * there now, and those made later, closed ones included, through a proxy of the browser's own attachShadow (to the
 * page it is still the native function: its name, its source). Runs in the page, built into the recorder.
 */
export function listenInsideShadowRoots(listeners: Readonly<Record<string, (event: Event) => void>>): void {
  const listenInside = (root: ShadowRoot) => {
    known.add(root);
    for (const [type, listener] of Object.entries(listeners)) root.addEventListener(type, listener, true);
  };
  const walk = (node: ShadowRoot | Document) => {
    for (const element of node.querySelectorAll('*')) {
      if (element.shadowRoot) {
        listenInside(element.shadowRoot);
        walk(element.shadowRoot);
      }
    }
  };
  walk(document);
  Element.prototype.attachShadow = new Proxy(Element.prototype.attachShadow, {
    apply(native, element: Element, args: [ShadowRootInit]) {
      const root: ShadowRoot = Reflect.apply(native, element, args);
      listenInside(root);
      return root;
    },
  });
}
