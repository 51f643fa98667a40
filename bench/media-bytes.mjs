// Image bytes a visitor downloads on a post page whose cover and text show one 1600 px upload,
// in Debian's headless Chromium from a cold cache, on a phone (390 px wide, 3× pixels) and a
// laptop (1280 px, 1×), scrolled to the end so the lazy image loads too; against what the same
// page sends when it serves the original upload (the page before responsive images: the browser
// fetches the one original once for both). Counts encoded body bytes of /assets/media/ and /uploads/ responses.
//
//   node bench/media-bytes.mjs http://127.0.0.1:18494 /blog/bench-photo-post/ ORIGINAL_BYTES out.jsonl
import { appendFileSync } from 'node:fs';
import { launch } from '../e2e/lib/browser.mjs';

const [base, post, original, out] = process.argv.slice(2);
const browser = await launch();
try {
  for (const [device, viewport, scale] of [['phone', { width: 390, height: 844 }, 3], ['laptop', { width: 1280, height: 900 }, 1]]) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: scale });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const urls = new Map();
    let bytes = 0;
    let count = 0;
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response));
    cdp.on('Network.loadingFinished', (e) => {
      const r = urls.get(e.requestId);
      if (r && /\/(assets\/media|uploads)\//.test(r.url)) {
        bytes += e.encodedDataLength;
        count++;
      }
    });
    await page.goto(base + post, { waitUntil: 'load' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => [...document.querySelectorAll('picture img')].every((i) => i.complete && i.naturalWidth > 0));
    await page.waitForLoadState('networkidle');
    const chosen = await page.$$eval('picture img', (imgs) => imgs.map((i) => i.currentSrc.replace(location.origin, '')));
    const r = { device, viewport: `${viewport.width}×${viewport.height}@${scale}x`, images: count, bytes, original: Number(original), chosen };
    r.saved = 1 - r.bytes / r.original;
    console.log(`${device}: ${count} images, ${(bytes / 1024).toFixed(1)} kB instead of ${(r.original / 1024).toFixed(1)} kB (${(100 * r.saved).toFixed(1)} % saved): ${chosen.join(', ')}`);
    appendFileSync(out, JSON.stringify(r) + '\n');
    await context.close();
  }
} finally {
  await browser.close();
}
