import { roleOf, type PageFingerprint } from './describe-in-page';
import { isInputProxy } from './fields';
import { hiddenForAria } from './find-sole';
import { holderSelectors, isOwnClass, ownPart } from './holder-selectors';
import { datedNamePattern } from './dated-names';
import { escapeRegExp } from '../escape-regexp';
import { describingSelectors, gridIndexSelector, idSelectors, ownClassSelector } from './own-attributes';
import { kinSelectors } from './kin-selectors';
import { cellPlaceOf, rowKeySelectors, type CellPlace } from './row-key';
import { positionalPath } from './positional-path';
import { groupName, LABELLED_GROUPS, sectionOf } from './section-of';
import { shadowSelectors } from './shadow-selectors';
import { isElementNode, isTag } from './node-kinds';

/**
 * Selectors for an element of a document's own tree, computed in the page at the moment a gesture starts (the element
 * may be gone a moment later), each checked to find this element alone. Best first: a test id, an id, role and name,
 * a naming attribute, the anchor around an unnamed element (`role=listitem >> internal:has-text="Buy milk"s >>
 * role=checkbox`), and last the position. Elements in open shadow roots get those of shadowSelectors; in closed ones,
 * none: the engine's snapshot names those.
 * Runs in the page, built into the recorder's script.
 */
export interface PageSelectors {
  readonly selectors: string[];
  /**
   * When the name holds a count in brackets (`Clear completed (1)`, `Cart [3]`), a pattern for it with any count, if
   * that still names this element alone on the page: replay then finds the button whatever the count has become. A
   * code editor's hidden input named by the caret's place (`Cursor at row 2`) is matched with any number there.
   */
  readonly namePattern?: string;
  /**
   * When the element's role and name repeat on the page (three checkboxes "Remember me" in three examples): the heading
   * of the section it sits in, which replay's target check compares too, so that a twin in another section is refused.
   */
  readonly section?: string;
  /** When the element is a cell of a keyed row, or a field in one: its column and its row's key (see cellPlaceOf). */
  readonly cell?: CellPlace;
}

/** An XPath string literal for any text (XPath 1.0 has no escapes: a text with both quotes is joined with concat). */
const xpathText = (text: string) => (!text.includes('"') ? `"${text}"` : !text.includes("'") ? `'${text}'` : `concat(${text.split('"').map((part) => `"${part}"`).join(`, '"', `)})`);


/** How far up from an element the box that holds the text beside it is looked for. */
const BESIDE_LEVELS = 3;

export function selectorsInPage(element: Element, fingerprint: PageFingerprint, describeFully: (element: Element, withAnchor?: boolean) => PageFingerprint): PageSelectors {
  const document = element.ownerDocument;
  // Each element of the page is named at most once per call, and its anchor read only when asked: on a table of 2,000
  // rows, every "Edit" button is named to prove a selector unique.
  const named = new Map<Element, PageFingerprint>();
  const anchored = new Map<Element, PageFingerprint>();
  const nameOf = (candidate: Element) => named.get(candidate) ?? named.set(candidate, describeFully(candidate, false)).get(candidate)!;
  const describe = (candidate: Element) => anchored.get(candidate) ?? anchored.set(candidate, describeFully(candidate)).get(candidate)!;
  // What tells an element in a shadow root from its twins there is its section.
  if (element.getRootNode() !== document) return { ...shadowSection(element, fingerprint, nameOf), selectors: shadowSelectors(element, fingerprint) };
  // Ids and classes a framework numbers as it renders (`ember12`, `sl-tab-2`, `fruit-opt-3`) differ on the next load.
  const ROLE = /^[a-z]+$/;
  // The roles whose name Playwright's role selector takes from the content (accname's name from content).
  const NAMED_BY_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab', 'tooltip', 'treeitem', 'textbox', 'combobox', 'searchbox', 'slider', 'spinbutton', 'listbox', 'img', 'dialog', 'navigation', 'region', 'form', 'group', 'table', 'progressbar', 'main', 'complementary']);
  const quote = (text: string) => JSON.stringify(text);
  const clean = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  const only = (css: string): boolean => {
    try {
      const found = document.querySelectorAll(css);
      return found.length === 1 && found[0] === element;
    } catch {
      return false;
    }
  };
  const selectors = idSelectors(element, only);
  // Elements that could share the role: the same tag, any with an explicit role, and the native elements of that role
  // (a widget's option beside the hidden <select> it stands for: Playwright's role selector finds both).
  const IMPLICIT: Readonly<Record<string, string>> = {
    option: 'option', button: 'button, input[type=button], input[type=submit], input[type=reset], input[type=image], summary', link: 'a[href], area[href]',
    checkbox: 'input[type=checkbox]', radio: 'input[type=radio]', textbox: 'input, textarea', combobox: 'select, input', listbox: 'select',
    heading: 'h1, h2, h3, h4, h5, h6', row: 'tr', cell: 'td', listitem: 'li', slider: 'input[type=range]', img: 'img',
  };
  const sameRole = (role: string) => [...document.querySelectorAll(`${element.localName}, [role]${IMPLICIT[role] ? `, ${IMPLICIT[role]}` : ''}`)].filter((candidate) => roleOf(candidate) === role);
  const { role, name, anchor } = fingerprint;
  let namePattern: string | undefined;
  let section: string | undefined;
  if (ROLE.test(role) && role !== 'generic' && role !== 'none' && name && name.length <= 100 && !name.endsWith('…')) {
    const others = sameRole(role);
    // What replay's role selector leaves out (a hidden <select>'s option under aria-hidden) is no twin.
    const matching = others.filter((candidate) => clean(nameOf(candidate).name) === clean(name) && (candidate === element || !hiddenForAria(candidate)));
    const parts = name.split(/([([]\s*\d+\s*[)\]])/);
    if (parts.length > 1) {
      const pattern = `^${parts.map((part, index) => (index % 2 ? `${escapeRegExp(part[0]!)}\\s*\\d+\\s*${escapeRegExp(part.at(-1)!)}` : escapeRegExp(part))).join('')}$`;
      const counted = new RegExp(pattern, 'i');
      const alike = others.filter((candidate) => counted.test(nameOf(candidate).name.replace(/\s+/g, ' ').trim()));
      if (alike.length === 1 && alike[0] === element) {
        namePattern = pattern;
        selectors.push(`role=${role}[name=/${pattern}/i]`);
      }
    }
    // Playwright names a list item, a paragraph or a generic element only from aria-label: by content, text finds it.
    const namedByAuthor = element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby');
    if (matching.length === 1 && matching[0] === element && (NAMED_BY_CONTENT.has(role) || namedByAuthor)) selectors.push(`role=${role}[name=${quote(name)}i]`);
    else if (twinsOf(matching).length > 1 && matching.includes(element)) {
      // Named alike elsewhere on the page, in a row alike too: told apart by the text beside it (the chip a remove
      // button sits on), and by the section it sits in, as a person would.
      // A labelled group that holds it alone (the date field "Arrival" around its "Month") names it as its label
      // does, before any text beside it, which there is the other fields' values.
      const own = sectionOf(element);
      const byGroup = own?.group && (NAMED_BY_CONTENT.has(role) || namedByAuthor) ? inGroup(own.heading, own.text, matching) : [];
      const alone = byGroup.filter((selector) => !selector.includes(' >> nth='));
      selectors.push(...alone);
      if (NAMED_BY_CONTENT.has(role) || namedByAuthor) selectors.push(...besideText(matching));
      if (own) {
        section = own.text;
        if (NAMED_BY_CONTENT.has(role) || namedByAuthor) selectors.push(...(own.group ? byGroup.filter((selector) => !alone.includes(selector)) : inSection(own.heading, own.text, matching)));
      }
    }
    else if (matching.length === 1 && matching[0] === element && name.length <= 80) {
      const holding = [...document.querySelectorAll(element.localName)].filter((candidate) => clean((candidate as HTMLElement).innerText ?? '').includes(clean(name)));
      if (holding.length === 1 && holding[0] === element) selectors.push(`css=${CSS.escape(element.localName)}:has-text(${quote(name)})`);
    }
  }
  // A select's box with no name of its own (its label drawn inside it) is known by the text it shows. Not a cell: its
  // text is data, which the step may change and a longer value may hold.
  const shown = ((element as HTMLElement).innerText ?? '').trim();
  if ((role === 'combobox' || role === 'listbox') && !name && shown && shown.length <= 60 && !/\n/.test(shown)) {
    const showing = sameRole(role).filter((candidate) => clean(candidate.textContent ?? '').includes(clean(shown)));
    if (showing.length === 1 && showing[0] === element) selectors.push(`role=${role} >> internal:has-text=${quote(shown.replace(/\s+/g, ' '))}i`);
  }
  selectors.push(...describingSelectors(element, only));
  const inGrid = gridIndexSelector(element, only);
  if (inGrid) selectors.push(inGrid);
  const part = ownClassSelector(element, only);
  if (part) selectors.push(part);
  const href = element.localName === 'a' ? element.getAttribute('href') : null;
  if (href && href.length <= 200 && only(`a[href=${quote(href)}]`)) selectors.push(`css=a[href=${quote(href)}]`);
  if (anchor && ROLE.test(role) && !anchor.name.endsWith('…')) {
    // The anchor is the nearest ancestor whose text is the anchor's name (a list item, a row, a label).
    const textOf = (node: Element) => clean((node as HTMLElement).innerText ?? '') || clean(node.textContent ?? '');
    let holder: Element | null = element.parentElement;
    while (holder && textOf(holder) !== clean(anchor.name)) holder = holder.parentElement;
    const anchorPart = anchor.role === 'label' ? 'css=label' : ROLE.test(anchor.role) ? `role=${anchor.role}` : undefined;
    // Playwright's has-text reads the text nodes as they are, with no space between a row's cells, exactly (`s`):
    // the anchor's name as a person reads it ("Order 7 Ada") would find no row ("Order 7Ada").
    const exactText = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    const text = holder && exactText(holder);
    // By the row's key before its whole text, which a release may add to.
    if (holder) selectors.push(...rowKeySelectors(element, holder, fingerprint, nameOf));
    if (holder && text && text.length <= 200 && anchorPart) {
      const holders = [...document.querySelectorAll(anchor.role === 'label' ? 'label' : `${holder.localName}, [role=${quote(anchor.role)}]`)]
        .filter((candidate) => exactText(candidate) === text);
      // Playwright's role selector finds no element of role generic (a label, a div): those are found by their tag.
      const byTag = ['generic', 'none', 'paragraph', 'text'].includes(role);
      // Holders inside holders (a row and the box in it, both showing only the row's text) hold the same elements once.
      const inside = [...new Set(holders.flatMap((candidate) => [...candidate.querySelectorAll(byTag ? CSS.escape(element.localName) : '*')].filter((inner) => byTag || roleOf(inner) === role)))];
      if (inside.length === 1 && inside[0] === element) selectors.push(`${anchorPart} >> internal:has-text=${quote(text)}s >> ${byTag ? `css=${CSS.escape(element.localName)}` : `role=${role}`}`);
      // Or by its name in that row (the cell "Vegetable" of the row "Leeks", when another row has one too).
      else if (!byTag && name && name.length <= 100 && !name.endsWith('…') && NAMED_BY_CONTENT.has(role) && inside.filter((inner) => clean(nameOf(inner).name) === clean(name)).length === 1 && inside.includes(element) && clean(nameOf(element).name) === clean(name)) {
        selectors.push(`${anchorPart} >> internal:has-text=${quote(text)}s >> role=${role}[name=${quote(name)}i]`);
      }
    }
  }
  // A select without a name is known by its options (the first one is often the prompt: "--Select a fruit--").
  if (isTag(element, 'select') && !name) {
    const first = clean(element.options[0]?.text ?? '');
    const holders = [...document.querySelectorAll('select')].filter((candidate) => clean(candidate.textContent ?? '').includes(first));
    if (first && holders.length === 1) selectors.push(`css=select:has-text(${quote(element.options[0]!.text.trim())})`);
  }
  // The only element of its kind on the page (the one <select>, a custom element).
  if (!['div', 'span', 'input', 'button', 'a', 'li', 'p', 'td', 'tr'].includes(element.localName) && only(CSS.escape(element.localName))) selectors.push(`css=${CSS.escape(element.localName)}`);
  let holdersFirst: string[] | undefined;
  // An element known by its text alone (a generic row of a list, a card, a custom element whose role is in its shadow
  // tree): the tag that holds that text, if only one does.
  if ((role === 'generic' || role === 'listitem' || role === 'paragraph' || element.localName.includes('-')) && name && name.length <= 80 && !name.endsWith('…') && !selectors.some((selector) => selector.includes(':has-text('))) {
    // Playwright's :has-text() reads the text nodes as they are (no space between blocks, which the name has): a
    // layout of cards named "Sales Traffic Errors" holds "SalesTrafficErrors", and that selector would find nothing.
    const holding = [...document.querySelectorAll(element.localName)].filter((candidate) => clean(candidate.textContent ?? '').includes(clean(name)));
    const innermost = holding.filter((candidate) => !holding.some((other) => other !== candidate && candidate.contains(other)));
    const byText = holding.length === 1 && holding[0] === element ? `css=${CSS.escape(element.localName)}:has-text(${quote(name)})`
      : innermost.length === 1 && innermost[0] === element ? `css=${CSS.escape(element.localName)}:has-text(${quote(name)}):not(:has(${CSS.escape(element.localName)}:has-text(${quote(name)})))` : undefined;
    // A text with a number in it (an event's "10:00", a count) changes with the step or the day: the element around
    // it that names it comes first then.
    if (byText && /\d/.test(name)) holdersFirst = holderSelectors(element, only);
    selectors.push(...(holdersFirst ?? []), ...(byText ? [byText] : []));
  }
  // Through the element around it that names it (what the element has of its own may hold for others on replay).
  if (!holdersFirst) selectors.push(...holderSelectors(element, only));
  // Else by its text among its kind (its first class of its own, the one its kind shares; the others may say its
  // state): an item of a list drawn with no roles, whose text its parts repeat (jSuites' dropdown item).
  const kind = [...element.classList].find(isOwnClass);
  if (kind && (role === 'generic' || role === 'none') && name && name.length <= 80 && !name.endsWith('…') && !selectors.some((selector) => selector.includes(':has-text('))) {
    const ofKind = `${CSS.escape(element.localName)}.${CSS.escape(kind)}`;
    const showing = [...document.querySelectorAll(ofKind)].filter((candidate) => clean((candidate as HTMLElement).innerText ?? '').includes(clean(name)));
    if (showing.length === 1 && showing[0] === element) selectors.push(`css=${ofKind}:has-text(${quote(name)})`);
  }
  // An element with no name of its own (a chip's ×, a star): by the item around it, or its order among its kind.
  if (!name) selectors.push(...kinSelectors(element));
  selectors.push(positionalPath(element));
  const cell = cellPlaceOf(element, nameOf);
  const extra = { ...(namePattern ? { namePattern } : {}), ...(section ? { section } : {}), ...(cell ? { cell } : {}) };
  // The caret moves as the person types, and a spin button's name may say its value (a date's month segment named
  // "3 Arrival"), which the step changes: no selector holds that name, and it is matched with any number there.
  // A name that says the date its field holds: found by the rest of its name, alone or in its labelled group.
  const dated = !namePattern && !element.closest('[role=grid], [role=listbox], table') ? datedNamePattern(name) : undefined;
  if (dated) {
    const byPattern = new RegExp(dated, 'i');
    const alike = sameRole(role).filter((candidate) => byPattern.test(nameOf(candidate).name.replace(/\s+/g, ' ').trim()));
    const group = element.closest(LABELLED_GROUPS);
    const groupText = group ? groupName(group) : '';
    const inGroupAlike = group ? alike.filter((candidate) => group.contains(candidate)) : [];
    const found = alike.length === 1 && alike[0] === element ? [`role=${role}[name=/${dated}/i]`]
      : inGroupAlike.length === 1 && inGroupAlike[0] === element && groupText ? [`role=${roleOf(group!)}[name=${quote(groupText)}i] >> role=${role}[name=/${dated}/i]`] : [];
    if (found.length) {
      const told = alike.length > 1 ? { section: groupText } : {};
      return { selectors: [...new Set([...found, ...selectors.filter((selector) => !selector.includes(name))])], ...extra, ...told, namePattern: dated };
    }
  }
  if (!namePattern && /\d/.test(name) && (isInputProxy(element) || namedByItsValue(element, name))) {
    return { selectors: [...new Set(selectors.filter((selector) => !selector.includes(name)))], ...extra, namePattern: `^${escapeRegExp(name).replace(/\d+/g, '\\d+')}$` };
  }
  return { selectors: [...new Set(selectors)], ...extra };

  /** Those of the same-named elements that sit in a row or list item alike too (the × of "Buy milk" is told by its row). */
  function twinsOf(named: readonly Element[]): readonly Element[] {
    if (!anchor) return named;
    // Only those whose row or item holds the anchor's text are read in full (its anchor reads the row's rendered text):
    // on a table of 2,000 rows each with an "Edit" button that is the difference between 2 and 60 ms.
    const squeeze = (text: string) => text.replace(/[\s…]+/g, '').toLowerCase();
    const wanted = squeeze(anchor.name).slice(0, 40);
    const mayShare = (candidate: Element) => {
      const holder = candidate === element ? null : candidate.closest('tr, li, [role=row], [role=listitem], [role=option], [role=treeitem]');
      return !holder || squeeze(holder.textContent ?? '').includes(wanted);
    };
    return named.filter((candidate) => {
      if (!mayShare(candidate)) return false;
      const around = describe(candidate).anchor;
      return around?.role === anchor.role && clean(around.name) === clean(anchor.name);
    });
  }

  /**
   * The element by the short text beside it: the smallest box around it that holds none of its twins and shows text of
   * its own (a chip's "Metropolis" beside its "Remove tag"), found by its tag and class and that text.
   */
  /** The text in `holder` besides the element's own and what is typed in it (a date's sections), which the person changes. */
  function textBeside(holder: Element): string {
    const parts: string[] = [];
    const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.parentElement;
      if (!at || element.contains(at) || at.isContentEditable) continue;
      parts.push(node.nodeValue ?? '');
    }
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  }

  function besideText(twins: readonly Element[]): string[] {
    for (let holder = element.parentElement, level = 0; holder && level < BESIDE_LEVELS && holder !== document.body; holder = holder.parentElement, level++) {
      const box = holder;
      if (twins.some((twin) => twin !== element && box.contains(twin))) return [];
      const text = textBeside(holder);
      // Symbols alone (a date's "/" between its fields) tell nothing.
      if (!/[\p{L}\p{N}]/u.test(text)) continue;
      if (text.length > 40 || /"/.test(text)) return [];
      const part = ownPart(holder);
      const holders = [...document.querySelectorAll(part)].filter((candidate) => clean(candidate.textContent ?? '').includes(clean(text)));
      const inside = twins.filter((twin) => holders.some((candidate) => candidate.contains(twin)));
      return inside.length === 1 && inside[0] === element ? [`css=${part}:has-text(${quote(text)}) >> role=${role}[name=${quote(name)}i]`] : [];
    }
    return [];
  }

  /** In the labelled group it sits in (the date field "Arrival"), found by the group's role and name. */
  function inGroup(group: Element, text: string, named: readonly Element[]): string[] {
    const groupRole = roleOf(group);
    const groups = [...document.querySelectorAll(LABELLED_GROUPS)].filter((candidate) => roleOf(candidate) === groupRole && groupName(candidate).toLowerCase() === text.toLowerCase());
    if (groups.length !== 1 || groups[0] !== group) return [];
    const inside = named.filter((candidate) => group.contains(candidate));
    const order = inside.indexOf(element);
    return [`role=${groupRole}[name=${quote(text)}i] >> role=${role}[name=${quote(name)}i]${inside.length > 1 ? ` >> nth=${order}` : ''}`];
  }

  /**
   * The element by its section: from the section's heading (found by its text) up to the nearest container that holds
   * elements of its tag, then the element by role and name in there, and by its order among those only if they repeat
   * there too. Written only when the heading's text is the page's only one and the selector finds this element alone.
   */
  function inSection(heading: Element, text: string, named: readonly Element[]): string[] {
    const headingPath = `//*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6 or self::legend or @role="heading"][normalize-space(.)=${xpathText(text)}]`;
    const xpath = `${headingPath}/ancestor::*[.//${element.localName}][1]`;
    const found = (path: string) => {
      try {
        const result = document.evaluate(path, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
        return Array.from({ length: result.snapshotLength }, (_, index) => result.snapshotItem(index));
      } catch {
        return [];
      }
    };
    const [container, ...more] = found(xpath);
    if (found(headingPath).length !== 1 || found(headingPath)[0] !== heading || more.length || !(isElementNode(container)) || !container.contains(element)) return [];
    const inside = named.filter((candidate) => container.contains(candidate));
    const order = inside.indexOf(element);
    return [`xpath=${xpath} >> role=${role}[name=${quote(name)}i]${inside.length > 1 ? ` >> nth=${order}` : ''}`];
  }
}

/** Whether a spin button's or a slider's name holds its own value (as a word of it), which changes as it is used. */
function namedByItsValue(element: Element, name: string): boolean {
  if (!['spinbutton', 'slider'].includes(roleOf(element))) return false;
  const words = name.split(/\s+/);
  return [element.getAttribute('aria-valuenow'), element.textContent?.trim()].some((value) => !!value && words.includes(value));
}

/** For an element in a shadow root: its section there, when another element of its root has its role and name. */
function shadowSection(element: Element, { role, name }: PageFingerprint, nameOf: (candidate: Element) => PageFingerprint): { section?: string } {
  if (!name) return {};
  const root = element.getRootNode() as ShadowRoot;
  const twins = [...root.querySelectorAll('*')].filter((candidate) => candidate !== element && roleOf(candidate) === role && nameOf(candidate).name === name);
  const section = twins.length ? sectionOf(element)?.text : undefined;
  return section ? { section } : {};
}
