// Pictures that fill their frame (issue 21, every tap answers within a frame). In a table that fits the
// window (static/app.css, `.game.fit`), a picture of the board (an SVG with a viewBox) fills the box the
// page's grid gives its frame, `<div class="pic">`. Sized by a percentage of that box, the picture was
// sized anew at every pass the browser makes over the grid — and an SVG whose size changes, even for a
// pass, lays out every shape in it again: a trace of the clicks bench had the fields and the market laid
// out whole 2 to 11 times a click (~470 shapes each time), most of a click's layout.
//
// So the frame's size is the grid's alone (size containment: the picture inside never moves it), the
// frame takes the picture's proportions where the grid asks it how tall it would be (its aspect-ratio,
// the viewBox's), and a ResizeObserver — it reports a box once the page is laid out, before it is
// painted — tells the picture its frame's size in px, as the custom properties --pic-w and --pic-h the
// stylesheet's fit rules read (elsewhere they mean nothing). A click that leaves the frame's size alone
// then lays out only the shapes it changed. Dependency-free, no game logic:
//
//   window.nileFit(root)    after each redraw of `root` (nile/web/app/paint.py; static/boot.js's last screen):
//                           frames new to the page are watched; a picture the redraw put in a watched
//                           frame gets its size at once
//
// The markup never carries a style attribute (the CSP forbids inline styles), so static/morph.js leaves
// the ones set here alone.

/** @typedef {[number, number]} Size a frame's width and height in px */
/** @type {Map<Element, Size | null>} */
const sizes = new Map(); // frame → [w, h] in px as last reported (null: watched, no report yet)
/** @type {ResizeObserver | null} */
let observer = null;

/**
 * @param {Element} frame
 * @param {Size | null | undefined} size
 */
function tell(frame, size) {
  const svg = /** @type {SVGSVGElement | null} */ (frame.firstElementChild);
  if (!svg || !size) return;
  const [w, h] = size.map((x) => `${x}px`);
  if (svg.style.getPropertyValue("--pic-w") !== w) svg.style.setProperty("--pic-w", w);
  if (svg.style.getPropertyValue("--pic-h") !== h) svg.style.setProperty("--pic-h", h);
}

// the frame's proportions are its picture's (its viewBox), for a grid that sizes the frame by its content
/** @param {HTMLElement} frame */
function shape(frame) {
  const svg = /** @type {SVGSVGElement | null} */ (frame.firstElementChild);
  const box = svg && svg.viewBox && svg.viewBox.baseVal;
  const ratio = box && box.width > 0 && box.height > 0 ? `${box.width} / ${box.height}` : "";
  if (frame.style.aspectRatio !== ratio) frame.style.aspectRatio = ratio;
}

function watch() {
  if (!observer && window.ResizeObserver) {
    observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const frame = entry.target;
        const box = entry.contentBoxSize && entry.contentBoxSize[0];
        const w = box ? box.inlineSize : entry.contentRect.width;
        const h = box ? box.blockSize : entry.contentRect.height;
        // not a frame here (a phone's page: `display: contents`), or one the redraw took away (fit forgets it)
        if (!(w > 0 && h > 0) || !frame.isConnected) continue;
        /** @type {Size} */
        const size = [Math.round(w * 100) / 100, Math.round(h * 100) / 100];
        sizes.set(frame, size);
        tell(frame, size);
      }
    });
  }
  return observer;
}

/** @param {ParentNode} root */
function fit(root) {
  try {
    const obs = watch();
    if (!obs) return;
    for (const [frame] of sizes) {
      if (!frame.isConnected) { // taken away by this redraw
        obs.unobserve(frame);
        sizes.delete(frame);
      }
    }
    for (const frame of /** @type {NodeListOf<HTMLElement>} `<div class="pic">` */ (root.querySelectorAll(".pic"))) {
      shape(frame);
      if (!sizes.has(frame)) {
        sizes.set(frame, null);
        obs.observe(frame);
      } else {
        tell(frame, sizes.get(frame));
      }
    }
  } catch (error) {
    console.error("fit:", error); // the pictures keep their percentage sizes
  }
}

window.nileFit = fit;
