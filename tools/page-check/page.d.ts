// What the type check assumes of the page beyond the DOM's own types (tsconfig.json lists it).

// A CSS selector in the page names HTML elements (the few SVG ones are read for their
// text and dataset, which SVG elements have too), so a query returns an HTMLElement unless a
// JSDoc cast says otherwise; the DOM's own types would say Element and hide dataset, focus, style.
interface ParentNode {
  querySelector<E extends Element = HTMLElement>(selectors: string): E | null;
  querySelectorAll<E extends Element = HTMLElement>(selectors: string): NodeListOf<E>;
}

interface Element {
  closest<E extends Element = HTMLElement>(selectors: string): E | null;
}

// The device's memory in GiB, rounded (Chromium's Device Memory API; absent elsewhere, so read
// as possibly undefined).
interface Navigator {
  readonly deviceMemory?: number;
}
