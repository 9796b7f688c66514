// The tree canvas's mouse, pen and touch gestures: the wheel zooms about the pointer, a mouse or
// pen drag pans, a click selects the node under it; two fingers pan and pinch, and one finger is
// left to the browser (touch-action: pan-y scrolls the page), so a swipe over the tree never
// traps the reader. tree-view.js owns the view; these only report what the hand did.

/**
 * @typedef {object} GestureTarget
 * @property {(event: {clientX: number, clientY: number}) => {x: number, y: number, s: number}} local
 *   a pointer position in the canvas's own pixels, and the host's CSS scale
 * @property {(factor: number, x?: number, y?: number) => void} zoomBy  zooms about a point
 * @property {(dx: number, dy: number) => void} pan  moves the view by canvas pixels
 * @property {(x: number, y: number) => number} hit  the node index under a point, or -1
 * @property {(index: number) => void} select  the node clicked
 */

/**
 * Listens on `canvas` for the gestures and reports them to `target`.
 * @param {HTMLCanvasElement} canvas
 * @param {GestureTarget} target
 */
export function enableGestures(canvas, target) {
  let drag = null;
  let suppressClick = false; // a drag ends in a click, which must not select
  canvas.addEventListener('wheel', (event) => {
    event.preventDefault();
    const { x, y } = target.local(event);
    target.zoomBy(event.deltaY < 0 ? 1.15 : 1 / 1.15, x, y);
  }, { passive: false });
  // Mouse and pen drag; fingers are the touch handlers' (one scrolls the page, two move the tree).
  canvas.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'touch' || event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, moved: false, scale: target.local(event).s };
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!drag) {
      // A node under a mouse is clickable: the pointer says so.
      if (event.pointerType === 'mouse') { const { x, y } = target.local(event); canvas.classList.toggle('over-node', target.hit(x, y) >= 0); }
      return;
    }
    const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) canvas.setPointerCapture(event.pointerId);
    drag.moved = true;
    target.pan(dx / drag.scale, dy / drag.scale);
    drag.x = event.clientX; drag.y = event.clientY;
  });
  const end = () => { if (drag?.moved) suppressClick = true; drag = null; };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('click', (event) => {
    if (suppressClick) { suppressClick = false; return; }
    const { x, y } = target.local(event);
    const i = target.hit(x, y);
    if (i >= 0) target.select(i);
  });

  let pinch = null;
  const measure = (touches) => {
    const [a, b] = [target.local(touches[0]), target.local(touches[1])];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
  };
  canvas.addEventListener('touchstart', (event) => {
    if (event.touches.length === 2) { event.preventDefault(); pinch = measure(event.touches); }
  }, { passive: false });
  canvas.addEventListener('touchmove', (event) => {
    if (event.touches.length !== 2 || !pinch) return;
    event.preventDefault();
    const now = measure(event.touches);
    target.pan(now.x - pinch.x, now.y - pinch.y);
    target.zoomBy(now.d / pinch.d, now.x, now.y);
    pinch = now;
  }, { passive: false });
  const stop = (event) => { if (event.touches.length < 2) pinch = null; };
  canvas.addEventListener('touchend', stop);
  canvas.addEventListener('touchcancel', stop);
}
