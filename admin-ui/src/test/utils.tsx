import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { ConfirmProvider } from '../components/ConfirmDialog';
import { Toasts } from '../components/Toasts';

/** Shows where the router is, so a test can assert a redirect. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders one screen at a route, with the providers the app gives it. */
export function renderAt(path: string, pattern: string, element: ReactElement, extra: { path: string; element: ReactElement }[] = []) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ConfirmProvider>
        <Routes>
          <Route path={pattern} element={element} />
          {extra.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </Routes>
        <Where />
        <Toasts />
      </ConfirmProvider>
    </MemoryRouter>,
  );
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** Replaces global fetch (the network boundary) with a mock answering in order. */
export function stubFetch(...answers: (Response | (() => Response))[]) {
  const fn = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('unexpected fetch');
    return typeof next === 'function' ? next() : next;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

type Answer = Response | ((init: RequestInit) => Response | Promise<Response>);

/**
 * Replaces global fetch with a mock that answers by "METHOD /path" (each answer made afresh per
 * call when given as a function); any other call fails the test.
 */
export function routeFetch(routes: Record<string, Answer>) {
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const answer = routes[key];
    if (!answer) throw new Error(`unexpected fetch ${key}`);
    return typeof answer === 'function' ? answer(init) : answer.clone();
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The calls a fetch mock received as [key, init], for asserting what was sent. */
export function callsOf(fetch: ReturnType<typeof vi.fn>, key: string): RequestInit[] {
  return (fetch.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
    .map(([, init]) => init ?? {});
}
