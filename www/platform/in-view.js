// Whether a panel is where the reader can see it: in the viewport and not under the widget's
// controls, which on a phone stay at the top of the viewport (position: sticky) and cover what
// scrolls beneath them; nor is a sliver of it at the top of the viewport. A panel that starts
// work when seen (the whole run, the heuristic's quality) would otherwise start it while hidden
// there, and grow above the panel being read, pushing it down the screen (scroll anchoring
// keeps the sliver in place, not what is below it).

/** Pixels of a panel that must come below the top of the viewport (or the controls) to count as seen. */
export const SLIVER_PX = 48;

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
