import { useEffect, useId, useRef, useState } from 'react';
import Quill from 'quill';
import type { Range } from 'quill';
import 'quill/dist/quill.snow.css';
import { getSiteInfo } from '../lib/publish';
import { nameToolbarPickers } from '../lib/quill-names';
import { toast } from '../lib/toast';
import { IMAGE_ACCEPT } from '../lib/upload';
import { MediaPicker, type Picked } from '../features/media/components/MediaPicker';

// Links keep only http, https, mailto and tel (SPEC §5); anything else becomes about:blank.
// A link without a scheme (relative path, #anchor) stays as typed.
const ALLOWED_PROTOCOLS = ['http', 'https', 'mailto', 'tel'];
const LinkFormat = Quill.import('formats/link') as unknown as {
  new (...args: never[]): object;
  create(value: string): HTMLElement;
  sanitize(url: string): string;
  SANITIZED_URL: string;
  PROTOCOL_WHITELIST: string[];
};

export function sanitizeLink(url: string): string {
  const trimmed = url.trim();
  // Strip what browsers ignore inside a scheme ("java\tscript:"), then look for one.
  // eslint-disable-next-line no-control-regex
  const compact = trimmed.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return trimmed;
  return ALLOWED_PROTOCOLS.includes(scheme[1].toLowerCase()) ? trimmed : 'about:blank';
}

/**
 * Whether a link leaves the site (the server's rule, domain.External): an http(s) address on a
 * host other than this admin's and the public site's (a host and its www. twin are one site).
 */
export function isExternalLink(href: string, siteHosts: string[] = siteHostsNow()): boolean {
  let url: URL;
  try {
    // A scheme-relative address keeps the page's scheme; a site-relative one is no URL alone.
    url = new URL(href.trim().startsWith('//') ? `https:${href.trim()}` : href.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const bare = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return !siteHosts.some((h) => h && bare(h) === bare(url.hostname));
}

// The public site's host, learnt when an editor first opens (the admin may be served elsewhere).
let publicHost = '';
function learnPublicHost() {
  void getSiteInfo().then((info) => {
    try {
      publicHost = new URL(info.siteUrl).hostname;
    } catch {
      publicHost = '';
    }
  });
}
const siteHostsNow = () => [window.location.hostname, publicHost];

class SafeLink extends LinkFormat {
  static PROTOCOL_WHITELIST = ALLOWED_PROTOCOLS;
  static sanitize(url: string): string {
    return sanitizeLink(url);
  }
  // Quill opens every link in a new tab; a visitor following a link to another page of the site
  // expects it where they are, as with the site's menus, so only a link that leaves it does.
  static create(value: string) {
    const node = super.create(value);
    if (!isExternalLink(node.getAttribute('href') ?? '')) {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
    return node;
  }
}
Quill.register('formats/link', SafeLink, true);

export const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['blockquote', 'code-block'],
  [{ indent: '-1' }, { indent: '+1' }],
  ['link', 'image'],
  [{ color: [] }, { background: [] }],
];

const IMAGE_TYPES = IMAGE_ACCEPT.split(',');

interface Props {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  placeholder?: string;
}

/**
 * The editor's semantic HTML (real <ul>/<ol> and <pre>, which the server's sanitizer keeps, where
 * root.innerHTML has Quill's own <div> code blocks), or "" when it holds nothing. Quill 2.0.3's
 * getSemanticHTML writes every space as &nbsp;, which would stop paragraphs from wrapping; spaces
 * the author really typed as non-breaking are U+00A0 characters, not the entity, so they survive.
 */
export function editorHtml(quill: Quill): string {
  if (quill.getLength() <= 1) return '';
  return quill.getSemanticHTML().replaceAll('&nbsp;', ' ');
}

/**
 * Quill 2 rich-text field. Pictures come from the media library (the toolbar's image button),
 * or are dropped or pasted, and go through the library's picker either way: uploaded there, and
 * inserted by URL with their alt text, never inlined as base64 and never without alt text.
 */
export function RichTextEditor({ label, value, onChange, error, required, placeholder }: Props) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const lastHtml = useRef<string>(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [picking, setPicking] = useState<{ index: number; file?: File } | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    learnPublicHost();
    const editorEl = document.createElement('div');
    host.appendChild(editorEl);

    const at = (quill: Quill, range?: Range | null) => (range ?? quill.getSelection(true) ?? { index: quill.getLength() }).index;
    // A dropped or pasted picture opens the picker with it, for its alt text.
    const insertImages = (quill: Quill, files: File[], range?: Range | null) => {
      if (files.length > 1) toast.info('One picture at a time: the first is being added.');
      setPicking({ index: at(quill, range), file: files[0] });
    };
    const pickImage = (quill: Quill) => setPicking({ index: at(quill) });

    const Delta = Quill.import('delta') as unknown as new () => unknown;
    // A paste brings the text's structure (headings, lists, bold, links, tables), not the
    // document's colours, highlight, fonts or sizes: they would show on the site in another
    // look than the rest. Known only while the paste is read (a paste is read in its event).
    let pasting = false;
    const onPaste = () => {
      pasting = true;
      setTimeout(() => (pasting = false));
    };
    host.addEventListener('paste', onPaste, true);
    const plainLook = (_node: Node, delta: { ops: { attributes?: Record<string, unknown> }[] }) => {
      if (!pasting) return delta;
      for (const op of delta.ops) {
        if (!op.attributes) continue;
        for (const k of ['color', 'background', 'font', 'size']) delete op.attributes[k];
      }
      return delta;
    };
    const quill: Quill = new Quill(editorEl, {
      theme: 'snow',
      placeholder,
      modules: {
        toolbar: {
          container: TOOLBAR,
          handlers: { image: () => pickImage(quill) },
        },
        uploader: {
          mimetypes: IMAGE_TYPES,
          handler: (range: Range, files: File[]) => insertImages(quill, files, range),
        },
        clipboard: {
          // Pasted HTML must not smuggle inline base64 pictures in.
          matchers: [
            ['IMG', (node: Node, delta: unknown) => ((node as HTMLImageElement).getAttribute('src') ?? '').startsWith('data:') ? new Delta() : delta],
            [Node.ELEMENT_NODE, plainLook],
          ],
        },
        // Tab and Shift+Tab move the keyboard's focus, as in every other field (they wrote a tab
        // character or indented, and a keyboard user could not leave the text); the toolbar's
        // indent buttons indent.
        keyboard: {
          bindings: { tab: null, 'remove tab': null, indent: null, outdent: null, 'indent code-block': null, 'outdent code-block': null, 'table tab': null },
        },
      },
    });
    quillRef.current = quill;
    const toolbar = quill.getModule('toolbar') as { container?: HTMLElement };
    if (toolbar.container) nameToolbarPickers(toolbar.container);

    const root = quill.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelId);
    if (required) root.setAttribute('aria-required', 'true');

    if (value) quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
    lastHtml.current = editorHtml(quill);

    quill.on('text-change', () => {
      const html = editorHtml(quill);
      lastHtml.current = html;
      onChangeRef.current(html);
    });

    return () => {
      quillRef.current = null;
      host.removeEventListener('paste', onPaste, true);
      host.innerHTML = '';
    };
    // The editor is made once; later value changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (say, a record that finished loading) replaces the contents.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === lastHtml.current) return;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
    lastHtml.current = editorHtml(quill);
  }, [value]);

  useEffect(() => {
    const root = quillRef.current?.root;
    if (!root) return;
    if (error) {
      root.setAttribute('aria-invalid', 'true');
      root.setAttribute('aria-describedby', errorId);
    } else {
      root.removeAttribute('aria-invalid');
      root.removeAttribute('aria-describedby');
    }
  }, [error, errorId]);

  return (
    <div className={`field rte${error ? ' field-invalid' : ''}`}>
      <label id={labelId} onClick={() => quillRef.current?.focus()}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      <div ref={hostRef} className="rte-host" />
      <MediaPicker
        open={picking !== null}
        initialFile={picking?.file}
        title="Insert an image"
        onClose={() => setPicking(null)}
        // Back in the text, after the image when one was inserted (onPick sets the selection).
        restoreFocus={() => quillRef.current?.focus()}
        onPick={(img: Picked) => {
          const quill = quillRef.current;
          const index = picking?.index ?? 0;
          setPicking(null);
          if (!quill) return;
          quill.insertEmbed(index, 'image', img.url, 'user');
          quill.formatText(index, 1, 'alt', img.alt, 'user');
          quill.setSelection(index + 1, 0, 'silent');
        }}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
