import { describe, expect, it } from 'vitest';
import { pageNames, render, renderPage, renderParts } from './entry-server';
import { SECTION_NAMES } from './pages/SectionPage';
import { islands } from './islands/registry';
import { loaders } from './islands/loaders';
import { pagesFixture, site } from './test/fixture';
import type { PageName } from './types';

// The h1 each page must carry for the fixture.
const expectedH1: Record<PageName, string> = {
  home: `${site.name}: ${site.tagline}`,
  about: pagesFixture.about.props.title,
  contact: pagesFixture.contact.props.title,
  blogList: pagesFixture.blogList.props.pagination?.heading ?? 'Blog',
  blogPost: pagesFixture.blogPost.props.post.title,
  serviceList: 'Digital Marketing Services',
  landing: pagesFixture.landing.props.hero.heading,
  servicePage: pagesFixture.servicePage.props.service.title,
  policy: pagesFixture.policy.props.title,
  courses: 'Digital Marketing Courses',
  section: pagesFixture.section.props.title,
  thankYou: pagesFixture.thankYou.props.title,
  notFound: 'Page not found',
  search: 'Search',
};

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
}

/** Checks what every page must satisfy: one h1, no skipped heading levels, landmarks, CSP-safe markup. */
function checkPage(html: string) {
  const doc = parse(html);
  const h1s = doc.querySelectorAll('h1');
  expect(h1s).toHaveLength(1);
  let prev = 1;
  for (const h of Array.from(doc.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6'))) {
    if (h.closest('.prose')) continue; // author content
    const level = Number(h.tagName[1]);
    expect(level - prev, `heading "${h.textContent}" skips a level`).toBeLessThanOrEqual(1);
    prev = level;
  }
  expect(doc.querySelector('header.site-header')).toBeTruthy();
  expect(doc.querySelector('nav[aria-label="Main"]')).toBeTruthy();
  expect(doc.querySelector('main#main')).toBeTruthy();
  expect(doc.querySelector('footer.site-footer')).toBeTruthy();
  expect(doc.querySelector('a[href="/privacy-policy/"]')).toBeTruthy();
  expect(doc.querySelector('a[href="/terms-conditions/"]')).toBeTruthy();
  expect(html).not.toMatch(/\sstyle="/);
  for (const s of Array.from(doc.querySelectorAll('script'))) {
    expect(s.getAttribute('type')).toBe('application/json');
    expect(s.textContent).not.toContain('<');
    expect(() => JSON.parse(s.textContent || '')).not.toThrow();
  }
  for (const el of Array.from(doc.querySelectorAll('[data-island]'))) {
    expect(el.nextElementSibling?.hasAttribute('data-island-props')).toBe(true);
  }
  for (const img of Array.from(doc.querySelectorAll('img'))) {
    expect(img.hasAttribute('alt'), img.outerHTML).toBe(true);
    expect(img.getAttribute('width'), img.outerHTML).toBeTruthy();
    expect(img.getAttribute('height'), img.outerHTML).toBeTruthy();
  }
  const ids = Array.from(doc.querySelectorAll('[id]')).map((e) => e.id);
  expect(new Set(ids).size, 'duplicate ids').toBe(ids.length);
  return doc;
}

describe('render()', () => {
  it('has a fixture for every page name', () => {
    expect(Object.keys(pagesFixture).sort()).toEqual([...pageNames].sort());
  });

  for (const page of pageNames) {
    it(`renders ${page} with its h1`, () => {
      const { route, props } = pagesFixture[page];
      const html = render(page, props, site, route);
      const doc = checkPage(html);
      expect(doc.querySelector('h1')!.textContent).toBe(expectedH1[page]);
    });
  }

  for (const section of SECTION_NAMES) {
    it(`renders the section page "${section}"`, () => {
      const props = { ...pagesFixture.section.props, section, title: `Section ${section}` };
      checkPage(render('section', props, site, `/${section}`));
    });
  }

  it('asks again halfway down a long landing page: the call, WhatsApp and enquiry links after its second section, not on a short one', () => {
    const long = pagesFixture.landing.props;
    const doc = parse(render('landing', long, site, '/seo-services-in-delhi/'));
    const ask = doc.querySelector('section[aria-labelledby="landing-ask-heading"]')!;
    expect(ask.querySelector('h2')!.textContent).toBe(`Questions about ${long.hero.eyebrow}?`);
    expect(ask.previousElementSibling!.getAttribute('aria-labelledby')).toBe(`sec-${long.sections[1].id}`);
    expect(Array.from(ask.querySelectorAll('a'), (a) => a.getAttribute('href'))).toEqual([`tel:${site.phone}`, site.chatUrl, long.hero.cta?.href || '/contactus/']);
    const short = parse(render('landing', { ...long, sections: long.sections.slice(0, 2) }, site, '/seo-services-in-delhi/'));
    expect(short.querySelector('#landing-ask-heading')).toBeNull();
  });

  it('renders the notFound page from empty props', () => {
    expect(render('notFound', {}, site, '/404')).toContain('Page not found');
  });

  it('auto-opens the popup on the home route only', () => {
    const props = (html: string) => {
      const doc = parse(html);
      const el = doc.querySelector('[data-island="ContactPopup"]')!;
      return JSON.parse(el.nextElementSibling!.textContent!);
    };
    expect(props(render('home', pagesFixture.home.props, site, '/')).autoOpenMs).toBe(6000);
    expect(props(render('about', pagesFixture.about.props, site, '/about')).autoOpenMs).toBe(0);
  });

  it('gives the forms the Turnstile site key when the site has one, and renders its container only then', () => {
    const islandProps = (doc: Document, name: string) =>
      JSON.parse(doc.querySelector(`[data-island="${name}"]`)!.nextElementSibling!.textContent!);
    const contact = pagesFixture.contact;
    const withKey = parse(render('contact', contact.props, site, contact.route));
    expect(site.turnstileSiteKey).toBeTruthy();
    expect(islandProps(withKey, 'ContactForm').turnstileSiteKey).toBe(site.turnstileSiteKey);
    expect(islandProps(withKey, 'ContactPopup').turnstileSiteKey).toBe(site.turnstileSiteKey);
    expect(withKey.querySelectorAll('form.contact-form .turnstile')).toHaveLength(1);
    // The script itself is loaded by the form in the browser, never written into the page.
    expect(withKey.querySelector('script[src]')).toBeNull();

    const withoutKey = parse(render('contact', contact.props, { ...site, turnstileSiteKey: undefined }, contact.route));
    expect(islandProps(withoutKey, 'ContactForm').turnstileSiteKey).toBeUndefined();
    expect(withoutKey.querySelector('.turnstile')).toBeNull();
    expect(withoutKey.body.innerHTML).not.toContain('cloudflare');
  });

  it('shows the preview ribbon only for previews', () => {
    const p = pagesFixture.blogPost;
    expect(render('blogPost', p.props, site, p.route)).not.toContain('preview-ribbon');
    expect(render('blogPost', { ...p.props, preview: true }, site, p.route)).toContain('preview-ribbon');
  });

  it('shows a friendly empty state on an empty blog list', () => {
    const html = render('blogList', { posts: [] }, site, '/blog');
    expect(html).toContain('No articles yet');
  });

  it('escapes "<" in island props', () => {
    const html = render('home', pagesFixture.home.props, { ...site, name: '</script><script>alert(1)</script>' }, '/');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('throws on an unknown page', () => {
    expect(() => render('nope' as PageName, {}, site, '/')).toThrow(/unknown page/);
  });

  it('splits the image preloads from the body', () => {
    const { head, html } = renderPage('home', pagesFixture.home.props, site, '/');
    expect(head).toMatch(/^<link rel="preload" as="image"/);
    expect(html).toMatch(/^<div class="site"( data-beacon="[^"]*")?><a href="#main"/);
  });
});

describe('islands', () => {
  it('lists the same names on the server and on the client', () => {
    expect(Object.keys(loaders).sort()).toEqual(Object.keys(islands).sort());
  });
});

describe('renderPage()', () => {
  const links = (s: string) => (s.match(/<link\b[^>]*>/g) ?? []).sort();
  for (const page of pageNames) {
    it(`splices ${page} into the cached frame exactly as a whole render would`, () => {
      const { route, props } = pagesFixture[page];
      for (let i = 0; i < 2; i++) { // the second call comes from the frame cache
        const whole = render(page, props, site, route);
        const { head, html } = renderPage(page, props, site, route);
        const hints = /^(?:<link\b[^>]*>)+/.exec(whole)?.[0] ?? '';
        expect(html).toBe(whole.slice(hints.length));
        expect(links(head)).toEqual(links(hints));
      }
    });
  }
  it('keeps frames of different routes and sites apart', () => {
    const about = renderPage('about', pagesFixture.about.props, site, '/about/').html;
    const home = renderPage('home', pagesFixture.home.props, site, '/').html;
    expect(about).not.toContain('"autoOpenMs":6000');
    expect(home).toContain('"autoOpenMs":6000');
    const renamed = renderPage('about', pagesFixture.about.props, { ...site, name: 'Another Agency' }, '/about/').html;
    expect(renamed).toContain('Another Agency');
  });
  it('numbers the frames, and numbers them anew once more than 64 have been made', () => {
    const about = pagesFixture.about;
    const first = renderParts('about', about.props, site, about.route).frame;
    expect(renderParts('about', about.props, { ...site }, about.route).frame).toBe(first); // same facts, same frame
    const other = renderParts('about', about.props, { ...site, name: 'Another Agency' }, about.route).frame;
    expect(other.id).not.toBe(first.id);
    for (let i = 0; i < 64; i++) renderParts('notFound', pagesFixture.notFound.props, { ...site, name: `Agency ${i}` }, '/404');
    const again = renderParts('about', about.props, site, about.route).frame;
    expect(again.id).toBeGreaterThan(first.id);
    expect([again.before, again.after]).toEqual([first.before, first.after]);
  });
});
