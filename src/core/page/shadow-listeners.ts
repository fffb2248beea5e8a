/**
 * Listens inside every shadow root, for events that do not leave one (change and scroll are not composed): those
 * there now, and those made later, closed ones included, through a proxy of the browser's own attachShadow (to the
 * page it is still the native function: its name, its source). Runs in the page, built into the recorder.
 */
export function listenInsideShadowRoots(listeners: Readonly<Record<string, (event: Event) => void>>): void {
  const listenInside = (root: ShadowRoot) => {
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
