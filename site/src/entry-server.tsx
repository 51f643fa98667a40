// The SSR entry: render(page, props, site, route) → the page body HTML. Built to
// dist/server/entry-server.js and driven by server/render-server.mjs.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageName, SiteInfo } from './types';
import type { PageArgs } from './pages/types';
import { Layout, currentNavHref } from './components/Layout';
import Home from './pages/Home';
import About from './pages/About';
import Contact from './pages/Contact';
import BlogList from './pages/BlogList';
import BlogPost from './pages/BlogPost';
import ServiceList from './pages/ServiceList';
import Landing from './pages/Landing';
import ServicePage from './pages/ServicePage';
import Policy from './pages/Policy';
import Courses from './pages/Courses';
import SectionPage from './pages/SectionPage';
import ThankYou from './pages/ThankYou';
import NotFound from './pages/NotFound';
import Search from './pages/Search';

export const pages: Record<PageName, ComponentType<PageArgs<any>>> = {
  home: Home,
  about: About,
  contact: Contact,
  blogList: BlogList,
  blogPost: BlogPost,
  serviceList: ServiceList,
  landing: Landing,
  servicePage: ServicePage,
  policy: Policy,
  courses: Courses,
  section: SectionPage,
  thankYou: ThankYou,
  notFound: NotFound,
  search: Search,
};

export const pageNames = Object.keys(pages) as PageName[];

/** Renders one page's body (skip link, header, main, footer, popup) to an HTML string. Throws on bad input. */
export function render(page: PageName, props: unknown, site: SiteInfo, route: string): string {
  const Page = Object.prototype.hasOwnProperty.call(pages, page) ? pages[page] : undefined;
  if (!Page) throw new Error(`unknown page "${String(page)}"`);
  if (!site || typeof site !== 'object') throw new Error('missing "site"');
  return renderToString(
    <Layout site={site} route={route || '/'}>
      <Page props={props ?? {}} site={site} route={route || '/'} />
    </Layout>,
  );
}

const LEADING_LINKS = /^(?:<link\b[^>]*>)+/;

function splitHints(out: string): { head: string; html: string } {
  const m = LEADING_LINKS.exec(out);
  return m ? { head: m[0], html: out.slice(m[0].length) } : { head: '', html: out };
}

const MAIN_SLOT = '<template id="__main-slot__"></template>';
const Slot = () => <template id="__main-slot__" />;

/**
 * Frames (everything but <main>'s content) by site facts and current menu link, rendered once each
 * and numbered: the render server sends a frame to the generator once and then only its number.
 * At most maxFrames live at a time; past that all go and the next ones get new numbers, so a frame
 * in use is always among the last maxFrames made (the generator keeps twice as many).
 */
export type Frame = { id: number; head: string; before: string; after: string };
const maxFrames = 64;
let framesMade = 0;
let framesLive = 0;
let frames = new Map<string, Map<string, Frame>>();
/** Each site object's frames (the render server keeps one site object a build), found without
 * making the site's key again for every page. */
let siteFrames = new WeakMap<SiteInfo, Map<string, Frame>>();

function frame(site: SiteInfo, route: string): Frame {
  let bySite = siteFrames.get(site);
  if (!bySite) {
    const siteKey = JSON.stringify(site);
    bySite = frames.get(siteKey);
    if (!bySite) {
      bySite = new Map();
      frames.set(siteKey, bySite);
    }
    siteFrames.set(site, bySite);
  }
  const isHome = route === '/' || route === '';
  const key = `${currentNavHref(site, route)}|${isHome}`;
  let f = bySite.get(key);
  if (!f) {
    const { head, html } = splitHints(renderToString(<Layout site={site} route={route || '/'}><Slot /></Layout>));
    const at = html.indexOf(MAIN_SLOT);
    if (at < 0) throw new Error('layout lost its main slot');
    if (framesLive >= maxFrames) {
      frames = new Map();
      siteFrames = new WeakMap();
      framesLive = 0;
      bySite = new Map();
      frames.set(JSON.stringify(site), bySite);
      siteFrames.set(site, bySite);
    }
    f = { id: ++framesMade, head, before: html.slice(0, at), after: html.slice(at + MAIN_SLOT.length) };
    framesLive++;
    bySite.set(key, f);
  }
  return f;
}

/**
 * render() split in three: React puts resource hints (<link rel="preload"> for the fonts and eager images) in
 * front of the markup; `head` holds those links for the document head, `body` the page's own markup, and `frame`
 * the rest of the body's markup around it (`frame.before + body + frame.after`). The frame is rendered once per
 * site and current menu link: the same HTML as render(), for a quarter of the work.
 */
export function renderParts(page: PageName, props: unknown, site: SiteInfo, route: string): { head: string; body: string; frame: Frame } {
  const Page = Object.prototype.hasOwnProperty.call(pages, page) ? pages[page] : undefined;
  if (!Page) throw new Error(`unknown page "${String(page)}"`);
  if (!site || typeof site !== 'object') throw new Error('missing "site"');
  const f = frame(site, route || '/');
  const body = splitHints(renderToString(<Page props={props ?? {}} site={site} route={route || '/'} />));
  // The page's own hints (its hero image, the largest paint) go first, then the frame's (fonts, logo).
  const own = (body.head.match(/<link\b[^>]*>/g) ?? []).filter((l) => !f.head.includes(l));
  return { head: own.join('') + f.head, body: body.html, frame: f };
}

/** renderParts() with the body's markup whole. */
export function renderPage(page: PageName, props: unknown, site: SiteInfo, route: string): { head: string; html: string } {
  const { head, body, frame: f } = renderParts(page, props, site, route);
  return { head, html: f.before + body + f.after };
}
