#!/usr/bin/env node
// Generates the site's own flat, geometric SVG illustrations into content/images/.
// Run: node scripts/gen-illustrations.mjs   (idempotent; overwrites the files it owns)
// Every file: explicit width/height, a viewBox, a <title>, no scripts, no external references,
// no raster images, well under 6 KB.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "content", "images");

const C = {
  ink: "#1e1b4b", indigo: "#312e81", violet: "#6d28d9", lilac: "#a78bfa",
  amber: "#f59e0b", teal: "#0d9488", mint: "#5eead4", light: "#eef2ff", white: "#ffffff",
};
const FONT = "font-family=\"system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif\"";

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function svg(w, h, title, body, defs = "") {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">` +
    `<title>${esc(title)}</title><defs>${defs}<clipPath id="clip"><rect width="${w}" height="${h}"/></clipPath></defs>` +
    `<g clip-path="url(#clip)">${body}</g></svg>\n`;
}

function grad(id, a, b, vertical = false) {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
}

// Background with soft geometric decoration. dark=true for indigo scenes.
function backdrop(w, h, id, dark, seed = 0) {
  const [a, b] = dark ? [C.ink, C.indigo] : [C.light, "#e0e7ff"];
  const deco = dark ? C.violet : C.lilac;
  const r1 = Math.round(h * 0.42), r2 = Math.round(h * 0.22);
  const dots = [];
  for (let i = 0; i < 5; i++) for (let j = 0; j < 4; j++)
    dots.push(`<circle cx="${40 + i * 22 + (seed % 3) * 8}" cy="${h - 110 + j * 22}" r="3"/>`);
  return {
    defs: grad(id, a, b),
    body: `<rect width="${w}" height="${h}" fill="url(#${id})"/>` +
      `<circle cx="${w - 60 - seed * 10}" cy="${40 + seed * 6}" r="${r1}" fill="${deco}" opacity=".18"/>` +
      `<circle cx="${Math.round(w * 0.08)}" cy="${Math.round(h * 0.15)}" r="${r2}" fill="${C.teal}" opacity=".16"/>` +
      `<path d="M0 ${h} L${Math.round(w * 0.35)} ${h} L0 ${Math.round(h * 0.62)}Z" fill="${deco}" opacity=".12"/>` +
      `<g fill="${dark ? C.white : C.indigo}" opacity=".22">${dots.join("")}</g>`,
  };
}

const place = (x, y, s, g) => `<g transform="translate(${x} ${y}) scale(${s})">${g}</g>`;

// ---- Motifs, each drawn in a 400 x 300 box ----------------------------------------------
const M = {
  browser: () =>
    `<rect x="10" y="20" width="380" height="260" rx="16" fill="${C.white}"/>` +
    `<path d="M10 36a16 16 0 0 1 16-16h348a16 16 0 0 1 16 16v20H10z" fill="${C.indigo}"/>` +
    `<circle cx="34" cy="38" r="6" fill="${C.amber}"/><circle cx="54" cy="38" r="6" fill="${C.mint}"/><circle cx="74" cy="38" r="6" fill="${C.lilac}"/>` +
    `<rect x="34" y="76" width="332" height="56" rx="8" fill="${C.violet}"/>` +
    `<rect x="50" y="92" width="150" height="10" rx="5" fill="${C.white}"/><rect x="50" y="110" width="100" height="8" rx="4" fill="${C.lilac}"/>` +
    `<rect x="34" y="148" width="150" height="10" rx="5" fill="#c7d2fe"/><rect x="34" y="168" width="130" height="10" rx="5" fill="#c7d2fe"/><rect x="34" y="188" width="142" height="10" rx="5" fill="#c7d2fe"/>` +
    `<rect x="34" y="214" width="80" height="26" rx="13" fill="${C.amber}"/>` +
    `<rect x="208" y="148" width="158" height="106" rx="10" fill="${C.teal}"/>` +
    `<path d="M222 240l40-46 30 30 22-20 38 36z" fill="${C.mint}"/><circle cx="330" cy="174" r="12" fill="${C.amber}"/>` +
    `<circle cx="360" cy="262" r="34" fill="${C.amber}"/><text x="360" y="273" text-anchor="middle" ${FONT} font-size="28" font-weight="700" fill="${C.ink}">&lt;/&gt;</text>`,

  search: () =>
    `<rect x="20" y="20" width="300" height="52" rx="26" fill="${C.white}"/>` +
    `<circle cx="52" cy="46" r="11" fill="none" stroke="${C.violet}" stroke-width="5"/><path d="M60 54l10 10" stroke="${C.violet}" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="84" y="40" width="150" height="12" rx="6" fill="#c7d2fe"/>` +
    `<g fill="${C.white}" opacity=".95"><rect x="20" y="92" width="230" height="40" rx="8"/><rect x="20" y="142" width="230" height="40" rx="8"/><rect x="20" y="192" width="230" height="40" rx="8"/></g>` +
    `<rect x="34" y="104" width="120" height="8" rx="4" fill="${C.violet}"/><rect x="34" y="117" width="180" height="6" rx="3" fill="#c7d2fe"/>` +
    `<rect x="34" y="154" width="100" height="8" rx="4" fill="${C.teal}"/><rect x="34" y="167" width="170" height="6" rx="3" fill="#c7d2fe"/>` +
    `<rect x="34" y="204" width="110" height="8" rx="4" fill="${C.teal}"/><rect x="34" y="217" width="160" height="6" rx="3" fill="#c7d2fe"/>` +
    `<rect x="270" y="200" width="26" height="70" rx="4" fill="${C.lilac}"/><rect x="306" y="164" width="26" height="106" rx="4" fill="${C.violet}"/><rect x="342" y="120" width="26" height="150" rx="4" fill="${C.amber}"/>` +
    `<path d="M262 170l48-40 34 20 44-60" fill="none" stroke="${C.teal}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="330" cy="60" r="40" fill="${C.light}" stroke="${C.amber}" stroke-width="12"/><path d="M358 90l30 30" stroke="${C.amber}" stroke-width="16" stroke-linecap="round"/>`,

  social: () =>
    `<rect x="130" y="10" width="150" height="280" rx="24" fill="${C.ink}"/><rect x="142" y="34" width="126" height="232" rx="10" fill="${C.light}"/>` +
    `<rect x="186" y="18" width="38" height="6" rx="3" fill="${C.indigo}"/>` +
    `<circle cx="162" cy="56" r="10" fill="${C.violet}"/><rect x="178" y="50" width="60" height="8" rx="4" fill="#c7d2fe"/>` +
    `<rect x="150" y="76" width="110" height="100" rx="8" fill="${C.teal}"/><circle cx="205" cy="126" r="26" fill="${C.mint}"/><path d="M198 114v24l20-12z" fill="${C.ink}"/>` +
    `<rect x="150" y="188" width="90" height="8" rx="4" fill="#c7d2fe"/><rect x="150" y="204" width="70" height="8" rx="4" fill="#c7d2fe"/>` +
    `<rect x="20" y="60" width="96" height="60" rx="16" fill="${C.amber}"/><path d="M44 120l-6 22 26-22z" fill="${C.amber}"/>` +
    `<path d="M68 104c-14-10-22-16-22-25 0-6 5-10 11-10 5 0 9 3 11 7 2-4 6-7 11-7 6 0 11 4 11 10 0 9-8 15-22 25z" fill="${C.white}"/>` +
    `<rect x="296" y="150" width="96" height="56" rx="16" fill="${C.violet}"/><path d="M366 206l16 20 4-20z" fill="${C.violet}"/>` +
    `<circle cx="322" cy="178" r="6" fill="${C.white}"/><circle cx="344" cy="178" r="6" fill="${C.white}"/><circle cx="366" cy="178" r="6" fill="${C.white}"/>` +
    `<circle cx="330" cy="60" r="28" fill="${C.teal}"/><path d="M316 62l10 10 20-22" fill="none" stroke="${C.white}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="60" cy="230" r="24" fill="${C.lilac}"/><path d="M50 230h20M60 220v20" stroke="${C.ink}" stroke-width="5" stroke-linecap="round"/>`,

  design: () =>
    `<rect x="40" y="20" width="260" height="230" rx="10" fill="${C.white}"/>` +
    `<path d="M70 200C110 60 200 60 270 150" fill="none" stroke="${C.violet}" stroke-width="6"/>` +
    `<path d="M70 200L140 70M270 150L230 50" stroke="${C.lilac}" stroke-width="2" stroke-dasharray="6 5"/>` +
    `<g fill="${C.white}" stroke="${C.violet}" stroke-width="3"><rect x="62" y="192" width="16" height="16"/><rect x="262" y="142" width="16" height="16"/></g>` +
    `<circle cx="140" cy="70" r="8" fill="${C.amber}"/><circle cx="230" cy="50" r="8" fill="${C.amber}"/>` +
    `<rect x="80" y="214" width="60" height="22" rx="4" fill="${C.teal}"/><circle cx="180" cy="224" r="14" fill="${C.amber}"/><path d="M212 238l18-30 18 30z" fill="${C.violet}"/>` +
    `<g transform="rotate(35 330 110)"><rect x="316" y="40" width="28" height="110" rx="6" fill="${C.amber}"/><path d="M316 150h28l-14 36z" fill="${C.light}"/><path d="M326 176h8l-4 12z" fill="${C.ink}"/><rect x="316" y="40" width="28" height="18" rx="6" fill="${C.ink}"/></g>` +
    `<g><circle cx="60" cy="270" r="16" fill="${C.violet}"/><circle cx="100" cy="270" r="16" fill="${C.teal}"/><circle cx="140" cy="270" r="16" fill="${C.amber}"/><circle cx="180" cy="270" r="16" fill="${C.ink}"/><circle cx="220" cy="270" r="16" fill="${C.lilac}"/></g>`,

  ads: () =>
    `<circle cx="150" cy="150" r="120" fill="${C.white}"/><circle cx="150" cy="150" r="92" fill="${C.violet}"/><circle cx="150" cy="150" r="64" fill="${C.white}"/><circle cx="150" cy="150" r="36" fill="${C.amber}"/><circle cx="150" cy="150" r="12" fill="${C.ink}"/>` +
    `<path d="M156 144L250 60" stroke="${C.ink}" stroke-width="6" stroke-linecap="round"/><path d="M236 50l30-10-10 30z" fill="${C.teal}"/>` +
    `<rect x="286" y="30" width="80" height="44" rx="10" fill="${C.amber}"/><text x="326" y="61" text-anchor="middle" ${FONT} font-size="24" font-weight="800" fill="${C.ink}">Ad</text>` +
    `<rect x="270" y="180" width="24" height="60" rx="4" fill="${C.mint}"/><rect x="304" y="150" width="24" height="90" rx="4" fill="${C.teal}"/><rect x="338" y="110" width="24" height="130" rx="4" fill="${C.lilac}"/>` +
    `<path d="M300 250l0 44 12-12 10 20 10-5-10-20 17-2z" fill="${C.white}" stroke="${C.ink}" stroke-width="4" stroke-linejoin="round"/>`,

  megaphone: () =>
    `<path d="M70 120h50l130-70v200l-130-70H70z" fill="${C.amber}"/><rect x="50" y="116" width="40" height="68" rx="10" fill="${C.white}"/>` +
    `<path d="M100 190l20 70h34l-14-70z" fill="${C.lilac}"/><rect x="246" y="44" width="20" height="212" rx="10" fill="${C.violet}"/>` +
    `<g fill="none" stroke="${C.mint}" stroke-width="8" stroke-linecap="round"><path d="M296 110a60 60 0 0 1 0 80"/><path d="M326 86a96 96 0 0 1 0 128"/></g>` +
    `<rect x="300" y="232" width="16" height="40" rx="3" fill="${C.white}"/><rect x="324" y="214" width="16" height="58" rx="3" fill="${C.white}"/><rect x="348" y="190" width="16" height="82" rx="3" fill="${C.white}"/>` +
    `<circle cx="60" cy="40" r="22" fill="${C.teal}"/><path d="M50 40l8 8 14-16" fill="none" stroke="${C.white}" stroke-width="5" stroke-linecap="round"/>`,

  mapPin: () =>
    `<path d="M20 60l110-30 120 30 130-30v220l-130 30-120-30-110 30z" fill="${C.white}"/>` +
    `<path d="M130 30v220M250 60v220" stroke="#c7d2fe" stroke-width="3"/>` +
    `<path d="M20 170c80-30 160 40 360-40" fill="none" stroke="${C.amber}" stroke-width="10" opacity=".8"/><path d="M70 260L200 45" stroke="#c7d2fe" stroke-width="8"/>` +
    `<rect x="290" y="190" width="60" height="40" rx="6" fill="${C.mint}" opacity=".8"/><rect x="40" y="80" width="60" height="50" rx="6" fill="${C.lilac}" opacity=".6"/>` +
    `<path d="M200 230c-46-52-70-86-70-116a70 70 0 0 1 140 0c0 30-24 64-70 116z" fill="${C.violet}"/><circle cx="200" cy="112" r="28" fill="${C.white}"/><circle cx="200" cy="112" r="12" fill="${C.amber}"/>` +
    `<ellipse cx="200" cy="240" rx="34" ry="8" fill="${C.ink}" opacity=".25"/>`,

  versus: () =>
    `<rect x="10" y="40" width="160" height="220" rx="18" fill="${C.white}"/><rect x="230" y="40" width="160" height="220" rx="18" fill="${C.white}"/>` +
    `<rect x="30" y="64" width="120" height="30" rx="15" fill="#c7d2fe"/><circle cx="48" cy="79" r="7" fill="${C.violet}"/>` +
    `<rect x="30" y="110" width="110" height="10" rx="5" fill="${C.teal}"/><rect x="30" y="130" width="90" height="8" rx="4" fill="#c7d2fe"/><rect x="30" y="160" width="100" height="10" rx="5" fill="${C.teal}"/><rect x="30" y="180" width="80" height="8" rx="4" fill="#c7d2fe"/>` +
    `<rect x="30" y="212" width="70" height="26" rx="13" fill="${C.amber}"/>` +
    `<rect x="250" y="64" width="120" height="110" rx="10" fill="${C.violet}"/><path d="M300 100v40l32-20z" fill="${C.white}"/>` +
    `<circle cx="266" cy="196" r="9" fill="${C.amber}"/><rect x="282" y="191" width="70" height="10" rx="5" fill="#c7d2fe"/><rect x="250" y="222" width="90" height="10" rx="5" fill="#c7d2fe"/>` +
    `<circle cx="200" cy="150" r="34" fill="${C.amber}"/><text x="200" y="161" text-anchor="middle" ${FONT} font-size="28" font-weight="800" fill="${C.ink}">vs</text>`,

  checklist: () =>
    `<rect x="40" y="30" width="200" height="250" rx="14" fill="${C.white}"/><rect x="100" y="16" width="80" height="30" rx="8" fill="${C.violet}"/>` +
    [0, 1, 2, 3].map((i) => `<rect x="62" y="${74 + i * 48}" width="26" height="26" rx="6" fill="${i < 3 ? C.teal : "#c7d2fe"}"/>` +
      (i < 3 ? `<path d="M68 ${87 + i * 48}l6 6 10-12" fill="none" stroke="${C.white}" stroke-width="4" stroke-linecap="round"/>` : "") +
      `<rect x="100" y="${80 + i * 48}" width="${110 - i * 12}" height="12" rx="6" fill="#c7d2fe"/>`).join("") +
    `<rect x="230" y="110" width="160" height="120" rx="12" fill="${C.indigo}"/><circle cx="246" cy="124" r="4" fill="${C.amber}"/><circle cx="260" cy="124" r="4" fill="${C.mint}"/>` +
    `<rect x="246" y="142" width="128" height="22" rx="5" fill="${C.violet}"/><rect x="246" y="174" width="60" height="40" rx="5" fill="${C.teal}"/><rect x="314" y="174" width="60" height="8" rx="4" fill="${C.lilac}"/><rect x="314" y="190" width="48" height="8" rx="4" fill="${C.lilac}"/>` +
    `<circle cx="360" cy="70" r="30" fill="${C.amber}"/><text x="360" y="80" text-anchor="middle" ${FONT} font-size="28" font-weight="800" fill="${C.ink}">?</text>`,

  reels: () =>
    `<rect x="120" y="10" width="160" height="280" rx="24" fill="${C.ink}"/><rect x="132" y="30" width="136" height="240" rx="12" fill="${C.violet}"/>` +
    `<circle cx="200" cy="140" r="40" fill="${C.white}" opacity=".92"/><path d="M188 120v40l32-20z" fill="${C.violet}"/>` +
    `<rect x="146" y="220" width="80" height="8" rx="4" fill="${C.white}"/><rect x="146" y="236" width="56" height="8" rx="4" fill="${C.lilac}"/>` +
    `<g fill="${C.white}"><circle cx="252" cy="200" r="7"/><circle cx="252" cy="224" r="7"/><circle cx="252" cy="248" r="7"/></g>` +
    `<rect x="10" y="70" width="96" height="150" rx="10" fill="${C.amber}"/>` + [0, 1, 2, 3, 4].map((i) => `<rect x="18" y="${80 + i * 28}" width="10" height="14" rx="2" fill="${C.ink}"/><rect x="88" y="${80 + i * 28}" width="10" height="14" rx="2" fill="${C.ink}"/>`).join("") +
    `<rect x="36" y="84" width="44" height="56" rx="4" fill="${C.white}"/><rect x="36" y="150" width="44" height="56" rx="4" fill="${C.white}"/>` +
    `<rect x="300" y="60" width="90" height="40" rx="20" fill="${C.teal}"/><text x="345" y="87" text-anchor="middle" ${FONT} font-size="20" font-weight="700" fill="${C.white}">30</text>` +
    `<path d="M340 150c-12-9-20-14-20-22 0-5 4-9 10-9 4 0 8 3 10 6 2-3 6-6 10-6 6 0 10 4 10 9 0 8-8 13-20 22z" fill="${C.amber}"/>` +
    `<circle cx="330" cy="220" r="24" fill="${C.mint}"/><path d="M320 220h20M330 210v20" stroke="${C.ink}" stroke-width="5" stroke-linecap="round"/>`,

  careers: () =>
    `<path d="M10 270h100v-50h90v-60h90v-70h100v180z" fill="${C.white}"/><path d="M110 220h90M200 160h90M290 90h100" stroke="${C.lilac}" stroke-width="6"/>` +
    `<rect x="24" y="232" width="64" height="38" rx="7" fill="${C.teal}"/><path d="M44 232v-9h24v9" fill="none" stroke="${C.teal}" stroke-width="5"/><rect x="24" y="246" width="64" height="5" fill="${C.ink}" opacity=".3"/>` +
    `<rect x="122" y="202" width="66" height="15" rx="3" fill="${C.violet}"/><rect x="128" y="186" width="56" height="15" rx="3" fill="${C.amber}"/>` +
    `<circle cx="245" cy="106" r="16" fill="${C.mint}"/><path d="M225 157v-12a20 20 0 0 1 40 0v12z" fill="${C.mint}"/>` +
    `<path d="M245 76l28 11-28 11-28-11z" fill="${C.violet}"/><path d="M266 90v16" stroke="${C.amber}" stroke-width="3"/><circle cx="266" cy="108" r="4" fill="${C.amber}"/>` +
    `<path d="M336 87V18" stroke="${C.lilac}" stroke-width="5" stroke-linecap="round"/><path d="M338 20l44 15-44 15z" fill="${C.amber}"/>` +
    `<g fill="none" stroke="${C.amber}" stroke-width="5" stroke-linecap="round" stroke-dasharray="1 12"><path d="M60 214q40-60 96-50M166 150q40-70 100-86M276 50q20-30 50-34"/></g>`,

  contentFunnel: () =>
    `<rect x="20" y="20" width="170" height="220" rx="12" fill="${C.white}"/><path d="M150 20h40v40z" fill="#c7d2fe"/>` +
    `<rect x="40" y="50" width="100" height="12" rx="6" fill="${C.violet}"/>` + [0, 1, 2, 3, 4, 5].map((i) => `<rect x="40" y="${78 + i * 18}" width="${130 - (i % 3) * 18}" height="8" rx="4" fill="#c7d2fe"/>`).join("") +
    `<rect x="40" y="196" width="60" height="22" rx="11" fill="${C.teal}"/>` +
    `<path d="M220 50h170l-60 90v80l-50 30v-110z" fill="${C.violet}"/><path d="M220 50h170l-20 30h-130z" fill="${C.lilac}"/>` +
    `<g fill="${C.amber}"><circle cx="260" cy="30" r="8"/><circle cx="300" cy="20" r="8"/><circle cx="340" cy="30" r="8"/></g>` +
    `<circle cx="305" cy="272" r="14" fill="${C.amber}"/><path d="M190 130h26" stroke="${C.mint}" stroke-width="6" stroke-linecap="round"/>`,

  storefront: () =>
    `<rect x="60" y="90" width="280" height="180" fill="${C.white}"/>` +
    `<path d="M50 60h300l20 50H30z" fill="${C.violet}"/>` + [0, 1, 2, 3, 4, 5].map((i) => `<path d="M${30 + i * 56.6} 110a28 20 0 0 0 56.6 0" fill="${i % 2 ? C.violet : C.amber}"/>`).join("") +
    `<rect x="90" y="150" width="90" height="70" rx="4" fill="${C.mint}"/><rect x="220" y="150" width="80" height="120" rx="4" fill="${C.teal}"/><circle cx="285" cy="212" r="5" fill="${C.white}"/>` +
    `<rect x="90" y="236" width="90" height="10" rx="5" fill="#c7d2fe"/>` +
    `<rect x="110" y="10" width="180" height="40" rx="20" fill="${C.ink}"/>` +
    [0, 1, 2, 3, 4].map((i) => `<path transform="translate(${132 + i * 34} 30)" d="M0-12l3.5 7.5 8 1-6 5.5 1.6 8L0 6l-7.1 4 1.6-8-6-5.5 8-1z" fill="${i < 4 ? C.amber : C.lilac}"/>`).join("") +
    `<path d="M360 170c-20-26-34-42-34-58a34 34 0 0 1 68 0c0 16-14 32-34 58z" fill="${C.amber}"/><circle cx="360" cy="112" r="13" fill="${C.white}"/>`,

  dashboard: () =>
    `<rect x="10" y="20" width="280" height="230" rx="14" fill="${C.white}"/>` +
    `<rect x="30" y="40" width="70" height="44" rx="8" fill="${C.light}"/><rect x="112" y="40" width="70" height="44" rx="8" fill="${C.light}"/><rect x="194" y="40" width="76" height="44" rx="8" fill="${C.light}"/>` +
    `<rect x="40" y="52" width="40" height="8" rx="4" fill="${C.violet}"/><rect x="122" y="52" width="40" height="8" rx="4" fill="${C.teal}"/><rect x="204" y="52" width="40" height="8" rx="4" fill="${C.amber}"/>` +
    `<rect x="40" y="66" width="24" height="8" rx="4" fill="#c7d2fe"/><rect x="122" y="66" width="30" height="8" rx="4" fill="#c7d2fe"/><rect x="204" y="66" width="28" height="8" rx="4" fill="#c7d2fe"/>` +
    `<path d="M30 220l50-40 40 20 50-60 50 24 40-50" fill="none" stroke="${C.violet}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><path d="M30 230h240" stroke="#c7d2fe" stroke-width="3"/>` +
    `<circle cx="330" cy="90" r="50" fill="none" stroke="#c7d2fe" stroke-width="20"/><path d="M330 40a50 50 0 0 1 47 67" fill="none" stroke="${C.amber}" stroke-width="20"/><path d="M377 107a50 50 0 0 1-70 28" fill="none" stroke="${C.teal}" stroke-width="20"/>` +
    `<rect x="300" y="180" width="90" height="56" rx="18" fill="${C.teal}"/><path d="M316 236l-8 22 26-22z" fill="${C.teal}"/>` +
    `<path d="M330 198a6 6 0 0 1 8-2l4 6-3 3a18 18 0 0 0 8 8l3-3 6 4a6 6 0 0 1-2 8c-14 2-28-12-24-24z" fill="${C.white}"/>` +
    `<circle cx="60" cy="276" r="16" fill="${C.violet}"/><path d="M52 276l6 6 10-12" fill="none" stroke="${C.white}" stroke-width="4" stroke-linecap="round"/>`,

  team: () =>
    `<rect x="40" y="60" width="320" height="200" rx="14" fill="${C.white}"/><rect x="40" y="60" width="320" height="36" rx="14" fill="${C.indigo}"/>` +
    `<rect x="70" y="120" width="120" height="70" rx="8" fill="${C.light}"/><path d="M80 176l28-30 20 18 18-14 34 26z" fill="${C.teal}"/>` +
    `<rect x="210" y="120" width="120" height="12" rx="6" fill="${C.violet}"/><rect x="210" y="142" width="100" height="8" rx="4" fill="#c7d2fe"/><rect x="210" y="158" width="110" height="8" rx="4" fill="#c7d2fe"/><rect x="210" y="178" width="60" height="20" rx="10" fill="${C.amber}"/>` +
    [[70, C.violet], [140, C.amber], [210, C.teal], [280, C.lilac]].map(([x, c]) => `<circle cx="${x + 25}" cy="236" r="18" fill="${c}"/><path d="M${x} 290a25 25 0 0 1 50 0z" fill="${c}"/>`).join("") +
    `<circle cx="350" cy="50" r="30" fill="${C.amber}"/><path d="M336 56l10-12 8 8 12-16" fill="none" stroke="${C.ink}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,

  advance: () =>
    `<path d="M200 30l150 60-150 60-150-60z" fill="${C.violet}"/><path d="M110 120v60c50 36 130 36 180 0v-60l-90 36z" fill="${C.indigo}"/>` +
    `<path d="M330 98v86" stroke="${C.amber}" stroke-width="6"/><circle cx="330" cy="192" r="12" fill="${C.amber}"/>` +
    `<rect x="40" y="230" width="28" height="50" rx="4" fill="${C.teal}"/><rect x="78" y="210" width="28" height="70" rx="4" fill="${C.mint}"/><rect x="116" y="186" width="28" height="94" rx="4" fill="${C.teal}"/>` +
    `<g transform="translate(300 220) rotate(45)"><path d="M0-50c16 14 20 40 12 64H-12c-8-24-4-50 12-64z" fill="${C.white}"/><circle cx="0" cy="-16" r="8" fill="${C.teal}"/><path d="M-12 14l-12 14h14zM12 14l12 14H10z" fill="${C.amber}"/></g>`,

  beginners: () =>
    `<path d="M40 80c50-20 110-20 160 10v190c-50-30-110-30-160-10z" fill="${C.white}"/><path d="M360 80c-50-20-110-20-160 10v190c50-30 110-30 160-10z" fill="${C.light}"/>` +
    `<path d="M200 90v190" stroke="${C.indigo}" stroke-width="4"/>` + [0, 1, 2, 3].map((i) => `<path d="M70 ${120 + i * 30}q50-10 100 6M230 ${126 + i * 30}q50-16 100-6" fill="none" stroke="#c7d2fe" stroke-width="6" stroke-linecap="round"/>`).join("") +
    `<circle cx="200" cy="40" r="30" fill="${C.amber}"/><rect x="188" y="66" width="24" height="16" rx="4" fill="${C.indigo}"/>` +
    `<g stroke="${C.amber}" stroke-width="5" stroke-linecap="round"><path d="M150 30h-16M266 30h-16M164 0l-10-10M236 0l10-10"/></g>`,

  shortTerm: () =>
    `<circle cx="180" cy="160" r="110" fill="${C.white}"/><circle cx="180" cy="160" r="92" fill="${C.light}"/><rect x="164" y="26" width="32" height="24" rx="6" fill="${C.indigo}"/>` +
    `<path d="M180 160V90" stroke="${C.indigo}" stroke-width="10" stroke-linecap="round"/><path d="M180 160l46 30" stroke="${C.violet}" stroke-width="10" stroke-linecap="round"/><circle cx="180" cy="160" r="10" fill="${C.amber}"/>` +
    `<path d="M180 68a92 92 0 0 1 80 46L180 160z" fill="${C.teal}" opacity=".35"/>` +
    `<path d="M330 40l-60 110h44l-24 110 80-130h-48l28-90z" fill="${C.amber}"/>`,
};

// ---- Files -------------------------------------------------------------------------------
const files = {};
const add = (p, s) => { files[p] = s; };

function scene(w, h, title, motif, { dark = false, seed = 0, x, y, s, label } = {}) {
  const id = `g${seed}`;
  const bd = backdrop(w, h, id, dark, seed);
  let body = bd.body + place(x, y, s, M[motif]());
  if (label) {
    // textLength keeps the label inside its pill whatever font the viewer has.
    const tl = Math.round(label.length * 12.5), lw = tl + 44;
    body += `<rect x="48" y="44" width="${lw}" height="44" rx="22" fill="${C.amber}"/>` +
      `<text x="${48 + lw / 2}" y="73" text-anchor="middle" textLength="${tl}" lengthAdjust="spacingAndGlyphs" ${FONT} font-size="22" font-weight="700" fill="${C.ink}">${esc(label)}</text>`;
  }
  return svg(w, h, title, body, bd.defs);
}

// Slides 1200x600: illustration on the right, quiet space on the left for text overlays.
const slides = [
  ["Megaphone and growth chart: digital marketing services", "megaphone"],
  ["Browser window with page layout: web development", "browser"],
  ["Search bar and rising rankings: search engine optimisation", "search"],
  ["Phone with social posts, likes and chats: social media optimisation", "social"],
  ["Pen tool, curves and colour swatches: graphic design", "design"],
  ["Target, click and ad badge: Google Ads", "ads"],
];
slides.forEach(([t, m], i) => add(`slides/${i + 1}.svg`, scene(1200, 600, t, m, { dark: true, seed: i, x: 640, y: 90, s: 1.3 })));

// Services 800x500.
const services = {
  "digital-marketing-services": ["Digital marketing services illustration", "megaphone"],
  "web-development-company-in-noida": ["Web development illustration", "browser"],
  "seo-services-in-delhi": ["SEO services illustration", "search"],
  "smo-company-in-delhi": ["Social media optimisation illustration", "social"],
  "graphic-designer-in-delhi": ["Graphic design illustration", "design"],
  "best-google-ads-agency-in-delhi": ["Google Ads management illustration", "ads"],
  default: ["Digital Reeviver service", "team"],
};
Object.entries(services).forEach(([slug, [t, m]], i) =>
  add(`services/${slug}.svg`, scene(800, 500, t, m, { dark: i % 2 === 1, seed: i, x: 140, y: 55, s: 1.3 })));

// Blog 1200x630 (8 posts with images, plus the fallback).
const blog = {
  "local-seo-checklist-delhi-ncr": ["Map with location pin: local SEO checklist", "mapPin", "SEO"],
  "google-ads-vs-meta-ads-small-business": ["Two ad formats side by side: Google Ads vs Meta Ads", "versus", "PPC"],
  "choose-web-development-company-noida": ["Checklist beside a browser: choosing a web developer", "checklist", "Web Development"],
  "instagram-reels-content-plan-local-business": ["Phone playing a Reel with a film strip: 30-day Reels plan", "reels", "Social Media"],
  "careers-in-digital-marketing-india": ["Graduation cap on rising steps: careers in digital marketing", "careers", "Careers"],
  "content-marketing-framework-b2b": ["Article page and funnel: B2B content marketing", "contentFunnel", "Content Marketing"],
  "google-business-profile-mistakes": ["Storefront with star rating: Google Business Profile", "storefront", "Local SEO"],
  "ga4-conversion-tracking-calls-forms-whatsapp": ["Analytics dashboard and call bubble: GA4 conversion tracking", "dashboard", "Analytics"],
  default: ["Digital Reeviver blog", "megaphone", "Blog"],
};
Object.entries(blog).forEach(([slug, [t, m, label]], i) =>
  add(`blog/${slug}.svg`, scene(1200, 630, t, m, { dark: i % 2 === 0, seed: i % 6, x: 500, y: 75, s: 1.6, label })));

// Courses 800x500.
const courses = {
  advance: ["Advance Digital Marketing Course illustration", "advance"],
  beginners: ["Beginner's Digital Marketing Course illustration", "beginners"],
  "short-term": ["Short Term Digital Marketing Course illustration", "shortTerm"],
};
Object.entries(courses).forEach(([slug, [t, m]], i) =>
  add(`courses/${slug}.svg`, scene(800, 500, t, m, { dark: i === 1, seed: i + 2, x: 140, y: 60, s: 1.3 })));

// About 800x600.
add("about.svg", scene(800, 600, "The Digital Reeviver team at work", "team", { seed: 3, x: 100, y: 90, s: 1.5 }));

// Avatars 400x400: abstract shapes behind initials.
const palettes = [
  [C.indigo, C.violet, C.amber], [C.violet, C.indigo, C.mint], [C.teal, "#0f766e", C.amber],
  [C.ink, C.indigo, C.mint], ["#7c3aed", C.ink, C.amber], ["#0f766e", C.indigo, C.lilac],
];
function avatar(name, caption, n) {
  const [a, b, acc] = palettes[n % palettes.length];
  const initials = name.split(/\s+/).map((p) => p[0]).join("").slice(0, 2).toUpperCase();
  const id = `a${n}`;
  const shapes = [
    `<circle cx="330" cy="70" r="90" fill="${acc}" opacity=".35"/><path d="M0 300L140 400H0z" fill="${C.white}" opacity=".12"/>`,
    `<rect x="250" y="-40" width="200" height="200" rx="40" transform="rotate(20 350 60)" fill="${acc}" opacity=".3"/><circle cx="60" cy="360" r="80" fill="${C.white}" opacity=".1"/>`,
    `<path d="M0 0h160L0 160z" fill="${acc}" opacity=".3"/><circle cx="350" cy="350" r="110" fill="${C.white}" opacity=".1"/>`,
  ][n % 3];
  const body = `<rect width="400" height="400" fill="url(#${id})"/>${shapes}` +
    `<circle cx="200" cy="200" r="120" fill="${C.white}" opacity=".12"/>` +
    `<text x="200" y="246" text-anchor="middle" ${FONT} font-size="130" font-weight="700" fill="${C.white}">${initials}</text>` +
    `<rect x="150" y="290" width="100" height="10" rx="5" fill="${acc}"/>`;
  return svg(400, 400, `${name}, ${caption}`, body, grad(id, a, b));
}
const team = ["Ankit Malhotra", "Neha Bhardwaj", "Karan Verma", "Simran Kaur", "Aditya Rawat", "Pooja Nair"];
team.forEach((n, i) => add(`team/${n.toLowerCase().replace(/ /g, "-")}.svg`, avatar(n, "Digital Reeviver team", i)));
const people = ["Rajesh Khanna", "Meenakshi Agarwal", "Farhan Siddiqui", "Sanjay Gupta", "Kavita Rathore", "Vikram Choudhary",
  "Priya Sharma", "Aman Tiwari", "Ritu Malhotra", "Mohit Yadav", "Shweta Bansal", "Arjun Negi"];
people.forEach((n, i) => add(`people/${n.toLowerCase().replace(/ /g, "-")}.svg`, avatar(n, i < 6 ? "client" : "student", i + 1)));

// Logo 320x64: a stylised "DR" mark and the word mark.
add("logo-wordmark.svg", svg(320, 64, "Digital Reeviver",
  `<rect x="2" y="4" width="56" height="56" rx="14" fill="${C.indigo}"/>` +
  `<path d="M16 18h12a14 14 0 0 1 0 28H16z" fill="${C.violet}"/><path d="M22 24h6a8 8 0 0 1 0 16h-6z" fill="${C.indigo}"/>` +
  `<path d="M34 46l10-14h6L40 46z" fill="${C.amber}"/><circle cx="47" cy="20" r="5" fill="${C.amber}"/>` +
  `<text x="70" y="30" ${FONT} font-size="22" font-weight="800" fill="${C.ink}">Digital</text>` +
  `<text x="70" y="54" ${FONT} font-size="22" font-weight="800" fill="${C.violet}">Reeviver</text>`));

// ---- Write and check ----------------------------------------------------------------------
let problems = 0;
for (const [rel, text] of Object.entries(files)) {
  const p = join(ROOT, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
  const size = Buffer.byteLength(text);
  const bad = size >= 6144 || !/<title>/.test(text) || /<script|<image|href=|url\((?!#)/i.test(text);
  if (bad) { problems++; console.error(`PROBLEM ${rel} (${size} bytes)`); }
}
console.log(`wrote ${Object.keys(files).length} SVG files to ${ROOT}${problems ? `, ${problems} with problems` : ""}`);
process.exit(problems ? 1 : 0);
