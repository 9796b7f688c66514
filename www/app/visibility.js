// Whether a widget is seen: in the viewport (an IntersectionObserver), not under a hidden
// ancestor (reveal.js keeps the slides it does not show laid out, with `hidden`), and whether
// the page is being printed (or laid out by reveal.js's print view), when everything is drawn
// at once and nothing waits to be on screen. And whether a panel of it is (observeInView):
// not under the widget's controls, which on a phone stay at the top of the viewport (position:
// sticky) and cover what scrolls beneath them, nor a sliver at the top of the viewport. A panel
// that starts work when seen (the whole run, the heuristic's quality) would otherwise start it
// while hidden there, and grow above the panel being read, pushing it down the screen (scroll
// anchoring keeps the sliver in place, not what is below it).

const PRINT = matchMedia('print');
/** Printing, or reveal.js's print view (`?print-pdf`: every slide laid out as a page, for Save as PDF). */
export const printView = () => PRINT.matches || document.documentElement.classList.contains('print-pdf');

const watched = new Set();
let printWatch = null;
let beforePrint = false; // between beforeprint and afterprint (the print media may match later)

// One watch for the page: printing (matchMedia, beforeprint) and reveal.js's print view (the
// print-pdf class it puts on <html> once it has laid the slides out as pages).
function watchPrint(visibility) {
  watched.add(visibility);
  if (printWatch) { visibility.printChanged(); return; }
  const all = () => { for (const v of watched) v.printChanged(); };
  PRINT.addEventListener('change', all);
  addEventListener('beforeprint', () => { beforePrint = true; all(); });
  addEventListener('afterprint', () => { beforePrint = false; all(); });
  printWatch = new MutationObserver(all);
  printWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  visibility.printChanged();
}

export class Visibility {
  /** In the viewport and not under a hidden ancestor. */
  visible = false;
  /** Has been visible. */
  seen = false;
  /** Known to be out of view (and not printing): frame-paced redraws wait until it is back. */
  offscreen = false;
  /** Printing or a print view. */
  printing = false;
  /** An ancestor has `hidden`. */
  hostHidden = false;
  #intersecting = false;
  #observer = null;
  #hiddenWatch = null;
  #host;
  #onChange;

  /**
   * `onChange({left, back, printing})`: the widget left the view, came back, or printing began
   * or ended (`printing` true: draw everything now).
   * @param {HTMLElement} host
   * @param {(change: {left: boolean, back: boolean, printingNow: boolean}) => void} onChange
   */
  constructor(host, onChange) {
    this.#host = host;
    this.#onChange = onChange;
  }

  /** Starts watching (the element joined a document). */
  connect() {
    this.#observer = new IntersectionObserver(([entry]) => { this.#intersecting = entry.isIntersecting; this.#update(false); });
    this.#observer.observe(this.#host);
    this.#watchAncestors();
    watchPrint(this);
  }

  /** Stops watching (the element left its document). */
  disconnect() {
    this.#observer?.disconnect();
    this.#hiddenWatch?.disconnect();
    watched.delete(this);
  }

  /** Off-screen, or on a slide not shown: an autoplay waits. */
  get waiting() { return (this.seen && !this.visible) || this.hostHidden; }

  // A hidden ancestor hides the widget even when the host keeps it laid out and overlapping the
  // viewport (reveal.js gives the slides it does not show `hidden`, opacity 0 and display: block,
  // so an IntersectionObserver alone sees them with a fade or no transition).
  #watchAncestors() {
    const ancestors = [];
    for (let node = this.#host.parentNode; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
      if (node instanceof Element) ancestors.push(node);
    }
    const check = () => {
      const hidden = ancestors.some((element) => element.hasAttribute('hidden'));
      if (hidden === this.hostHidden) return;
      this.hostHidden = hidden;
      this.#update(false);
    };
    this.#hiddenWatch = new MutationObserver(check);
    for (const element of ancestors) this.#hiddenWatch.observe(element, { attributes: true, attributeFilter: ['hidden'] });
    this.hostHidden = ancestors.some((element) => element.hasAttribute('hidden'));
  }

  // Printing: every widget draws its current state now and completely, on screen or not (the
  // page is printed before any animation frame); the panels' transitions are off (styles.css).
  printChanged() {
    const printing = printView() || beforePrint;
    if (printing === this.printing && !printing) return;
    this.printing = printing;
    this.#host.toggleAttribute('data-print', printing);
    this.#update(printing);
  }

  #update(printingNow) {
    const visible = this.#intersecting && !this.hostHidden;
    const left = this.visible && !visible;
    const back = !this.visible && visible;
    this.visible = visible;
    this.offscreen = !visible && !this.printing;
    if (visible) this.seen = true;
    this.#onChange({ left, back: back || visible, printingNow });
  }
}

/** Pixels of a panel that must come below the top of the viewport (or the controls) to count as seen. */
const SLIVER_PX = 48;

/**
 * Calls `onChange(inView)` whenever `target` comes into the reader's view or leaves it: the
 * viewport less its top SLIVER_PX and the height of `controls` while they are sticky. (Where
 * the page's own margins are not applied, as in a cross-origin frame, the whole viewport counts.)
 * @param {Element} target
 * @param {HTMLElement} controls
 * @param {(inView: boolean) => void} onChange
 * @returns {() => void} stops watching
 */
export function observeInView(target, controls, onChange) {
  let observer = /** @type {IntersectionObserver | null} */ (null);
  let covered = -1;
  const watch = () => {
    const height = getComputedStyle(controls).position === 'sticky' ? Math.ceil(controls.getBoundingClientRect().height) : 0;
    if (height === covered) return;
    covered = height;
    observer?.disconnect();
    observer = new IntersectionObserver((entries) => onChange(entries.at(-1)?.isIntersecting ?? false), { rootMargin: `-${height + SLIVER_PX}px 0px 0px 0px` });
    observer.observe(target);
  };
  // The controls become sticky (or stop) when the widget's width crosses the phone layout's, and
  // change height as their buttons wrap: either resizes the controls or the target.
  const resized = new ResizeObserver(watch);
  resized.observe(controls);
  resized.observe(target);
  watch();
  return () => { resized.disconnect(); observer?.disconnect(); };
}
