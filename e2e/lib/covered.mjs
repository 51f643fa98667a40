// What the page's fixed floating buttons could cover: every piece of text and every link or
// button of the page that, at some scroll position, would pass under one of them. The buttons
// are fixed to the bottom right of the window, so something is covered at scroll s when its box
// (page coordinates) is under a button's box (window coordinates) shifted by s, for some s the
// page can scroll to. Runs in the page; answers "text… (where)" lines.
export function coveredByFloating(page, selector = '.floating-widget a') {
  return page.evaluate((selector) => {
    const buttons = [...document.querySelectorAll(selector)].map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0);
    if (buttons.length === 0) return [];
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    const y0 = window.scrollY;
    const fixed = (el) => { for (let e = el; e; e = e.parentElement) { const p = getComputedStyle(e).position; if (p === 'fixed' || p === 'sticky') return true; } return false; };
    // The part of r inside every box that clips it (carousels, scrollers, visually hidden text).
    const clipped = (el, r) => {
      let { left, right, top, bottom } = r;
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const c = e.getBoundingClientRect();
          left = Math.max(left, c.left); right = Math.min(right, c.right); top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
        }
      }
      return right > left && bottom > top ? { left, right, top, bottom } : null;
    };
    const boxes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const el = n.parentElement;
      if (!el || fixed(el) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) boxes.push({ el, r, what: n.textContent.trim().slice(0, 40) });
    }
    for (const el of document.querySelectorAll('a, button, input, select, textarea')) {
      if (fixed(el) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      boxes.push({ el, r: el.getBoundingClientRect(), what: `<${el.tagName.toLowerCase()}> ${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}` });
    }
    const out = [];
    for (const { el, r, what } of boxes) {
      const c = clipped(el, r);
      if (!c) continue;
      const top = c.top + y0, bottom = c.bottom + y0; // page coordinates
      for (const b of buttons) {
        if (c.right <= b.left || c.left >= b.right) continue;
        // scroll positions s at which [top-s, bottom-s] meets [b.top, b.bottom]
        const from = Math.max(0, top - b.bottom), to = Math.min(maxScroll, bottom - b.top);
        if (from < to) { out.push(`${what} (${Math.round(c.left)}–${Math.round(c.right)} px across, ${Math.round(top)} px down)`); break; }
      }
    }
    return [...new Set(out)];
  }, selector);
}
