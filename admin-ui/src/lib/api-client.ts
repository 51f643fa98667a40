// The one way the admin UI talks to adminapi (docs/API.md). It adds the bearer token, turns
// {"error": "..."} bodies into thrown ApiErrors carrying that message, shows an answer's
// "notice" as a toast, and sends a 401/403 on an
// authenticated call back to the login screen, except a refusal by role: a 403 whose body names
// the permission the account lacks ({"error", "permission"}) is an error like any other, and
// the editor stays signed in.
import { toast } from './toast';

export const TOKEN_KEY = 'adminToken';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
export const LOGIN_PATH = '/admin/login';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken() {
  localStorage.removeItem(TOKEN_KEY);
}

type Navigate = (path: string) => void;

let navigateTo: Navigate = (path) => window.location.assign(path);

/** Lets the router take over navigation (no full page load) once it is mounted. */
export function setNavigator(fn: Navigate | null) {
  navigateTo = fn ?? ((path) => window.location.assign(path));
}

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /** The answer's headers (the current version's ETag on a 409, say). */
  readonly headers?: Headers;

  constructor(message: string, status: number, data: unknown, headers?: Headers) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.headers = headers;
  }

  /** The permission a role refusal names ("publish", "enquiries", …); undefined otherwise. */
  get permission(): string | undefined {
    return permissionOf(this.status, this.data);
  }
}

function permissionOf(status: number, data: unknown): string | undefined {
  if (status !== 403 || !data || typeof data !== 'object') return undefined;
  const p = (data as { permission?: unknown }).permission;
  return typeof p === 'string' && p ? p : undefined;
}

export interface RequestOptions {
  method?: string;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** false for the public calls (login, forgot, reset): no token, and a 401 is just an error. */
  auth?: boolean;
  /** How to read a successful answer; 'page' reads a JSON list and its X-Next-Cursor (see getPage). */
  as?: 'json' | 'text' | 'blob' | 'page';
  signal?: AbortSignal;
  /** Sent as If-Match: the write applies only to that version of the record (else 409). */
  ifMatch?: string;
  /** Called with a successful answer's headers (its ETag, say). */
  onHeaders?: (headers: Headers) => void;
}

function sessionExpired() {
  clearToken();
  toast.error(SESSION_EXPIRED_MESSAGE);
  navigateTo(LOGIN_PATH);
}

async function readError(res: Response): Promise<{ message: string; data: unknown }> {
  const text = await res.text().catch(() => '');
  let data: unknown = text;
  let message = '';
  try {
    data = JSON.parse(text);
    if (data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string') {
      message = (data as { error: string }).error;
    }
  } catch {
    // Not JSON: a plain text body is the message itself, unless it is an HTML error page.
    if (text && !text.trimStart().startsWith('<')) message = text.trim().slice(0, 300);
  }
  if (!message) message = `Request failed (${res.status})`;
  return { message, data };
}

export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, as = 'json', signal, ifMatch, onHeaders } = opts;
  const headers: Record<string, string> = {};
  if (as === 'json' || as === 'page') headers.Accept = 'application/json';
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (ifMatch) headers['If-Match'] = ifMatch;
  if (auth) {
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }

  const res = await fetch(path, { method, headers, body: payload, signal });

  if (!res.ok) {
    const { message, data } = await readError(res);
    if (auth && (res.status === 401 || res.status === 403) && !permissionOf(res.status, data)) {
      sessionExpired();
      throw new ApiError(SESSION_EXPIRED_MESSAGE, res.status, data);
    }
    throw new ApiError(message, res.status, data, res.headers);
  }
  onHeaders?.(res.headers);

  if (as === 'page') {
    const items = (await res.json()) as unknown;
    return { items: Array.isArray(items) ? items : [], next: res.headers.get('X-Next-Cursor') } as T;
  }
  if (as === 'text') return (await res.text()) as T;
  if (as === 'blob') return (await res.blob()) as T;
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const answer = (text ? JSON.parse(text) : undefined) as T;
  showNotice(answer);
  return answer;
}

/**
 * A write's answer may carry a "notice" besides its message: something the change did that its
 * author must know (an edit that put an admin's schedule on hold). Every screen shows it.
 */
function showNotice(answer: unknown) {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return;
  const notice = (answer as { notice?: unknown }).notice;
  if (typeof notice === 'string' && notice) toast.info(notice);
}

/** One page of a paged list (docs/API.md): its items and the cursor of the next page, if any. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** GET a paged list: path with its query (limit, cursor, filters). */
export function getPage<T>(path: string, opts?: { signal?: AbortSignal }): Promise<Page<T>> {
  return request<Page<T>>(path, { ...opts, as: 'page' });
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  del: <T>(path: string, opts?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...opts, method: 'DELETE' }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
};

/** The message of any thrown value, for showing. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message;
  return fallback;
}

/** True when the server refused the call because of the account's role (it stays signed in). */
export function isRoleRefusal(err: unknown): boolean {
  return err instanceof ApiError && err.permission !== undefined;
}

/** True when the error already sent the admin to the login screen (nothing more to show). */
export function isSessionError(err: unknown): boolean {
  return err instanceof ApiError && err.message === SESSION_EXPIRED_MESSAGE && (err.status === 401 || err.status === 403);
}
