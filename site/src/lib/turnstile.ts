// Cloudflare Turnstile on the enquiry forms, only when the site is built with a site key
// (content/site.yaml turnstileSiteKey, or TURNSTILE_SITE_KEY): its script is loaded when a form is
// shown, never otherwise, and the widget's token goes with the enquiry as the field the server
// checks. Without a key the forms load nothing from outside the site.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Turnstile's script, rendering widgets only when asked (turnstile.render). */
export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
/** The field the server reads the token from (internal/api, TURNSTILE_SECRET). */
export const TURNSTILE_FIELD = 'cf-turnstile-response';

export interface TurnstileOptions {
  sitekey: string;
  action?: string;
  callback: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: () => void;
}

/** The part of window.turnstile the forms use. */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileOptions): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** Adds Turnstile's script to the page once and resolves with its API when it has run. */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not start')));
    script.onerror = () => {
      loading = null; // a later form may try again
      script.remove();
      reject(new Error('Turnstile could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** For tests: forget the loaded script. */
export function resetTurnstileLoader() {
  loading = null;
}

export type TurnstileState = 'off' | 'checking' | 'passed' | 'unavailable';

/**
 * The widget of one form, rendered while `shown` (the popup is open): `ref` goes on the element it
 * renders into, which exists while shown; `token` is the current
 * (single-use) token, '' until the check has passed; `reset` asks for a new one after a send.
 * 'unavailable' means the script or the challenge failed (blocked, offline): the form still
 * sends, and the server keeps the enquiry in its spam folder rather than losing it.
 */
export function useTurnstile(siteKey: string | undefined, shown = true) {
  const ref = useRef<HTMLDivElement>(null);
  const widget = useRef<string | null>(null);
  const [token, setToken] = useState('');
  const [state, setState] = useState<TurnstileState>(siteKey ? 'checking' : 'off');

  useEffect(() => {
    const el = ref.current;
    if (!siteKey || !shown || !el) return;
    setToken('');
    setState('checking');
    let live = true;
    loadTurnstile()
      .then((api) => {
        if (!live) return;
        widget.current =
          api.render(el, {
            sitekey: siteKey,
            action: 'enquiry',
            callback: (t) => {
              setToken(t);
              setState('passed');
            },
            'expired-callback': () => {
              setToken('');
              setState('checking');
            },
            'error-callback': () => {
              setToken('');
              setState('unavailable');
            },
          }) ?? null;
      })
      .catch(() => live && setState('unavailable'));
    return () => {
      live = false;
      if (widget.current) window.turnstile?.remove(widget.current);
      widget.current = null;
    };
  }, [siteKey, shown]);

  const reset = useCallback(() => {
    setToken('');
    if (widget.current && window.turnstile) {
      setState('checking');
      window.turnstile.reset(widget.current);
    }
  }, []);

  return { ref, token, state, reset };
}
