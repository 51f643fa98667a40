import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, getToken, isRoleRefusal, isSessionError, SESSION_EXPIRED_MESSAGE, setNavigator, setToken, TOKEN_KEY } from './api-client';
import { getToasts, resetToasts } from './toast';
import { jsonResponse, stubFetch } from '../test/utils';

afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
  resetToasts();
});

describe('api-client', () => {
  it('sends the stored token as a bearer header', async () => {
    setToken('tok-1');
    const fetch = stubFetch(jsonResponse([]));
    await api.get('/api/preview-blogs');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/preview-blogs');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('shows the notice a write answers besides its message', async () => {
    setToken('tok-1');
    const notice = 'This draft was scheduled by asha to be published at 1 Jan 2030 09:00 UTC. Your change puts that on hold.';
    stubFetch(jsonResponse({ message: 'Blog updated successfully', notice }));
    await api.put('/api/preview-blogs/x', {});
    expect(getToasts().map((t) => [t.kind, t.message])).toContainEqual(['info', notice]);
  });

  it('turns an {"error"} body into a thrown error with that message', async () => {
    setToken('tok-1');
    stubFetch(jsonResponse({ error: 'Slug already taken.' }, 409));
    await expect(api.post('/api/preview-blogs', new FormData())).rejects.toMatchObject({ message: 'Slug already taken.', status: 409 });
    expect(getToken()).toBe('tok-1');
  });

  it.each([401, 403])('on %i clears the token, says the session expired and goes to login', async (status) => {
    setToken('tok-1');
    const navigate = vi.fn();
    setNavigator(navigate);
    stubFetch(jsonResponse({ error: 'Unauthorized: Please log in.' }, status));
    const err = await api.get('/api/preview-blogs').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(SESSION_EXPIRED_MESSAGE);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getToasts().map((t) => t.message)).toContain(SESSION_EXPIRED_MESSAGE);
    expect(navigate).toHaveBeenCalledWith('/admin/login');
  });

  it('keeps an editor signed in on a 403 that names the permission it lacks', async () => {
    setToken('tok-1');
    const navigate = vi.fn();
    setNavigator(navigate);
    const refusal = { error: 'Only an admin may publish, schedule or change what is on the website.', permission: 'publish' };
    stubFetch(jsonResponse(refusal, 403));
    const err = await api.post('/api/preview-blogs/publish/x', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(refusal.error);
    expect((err as ApiError).permission).toBe('publish');
    expect(isRoleRefusal(err)).toBe(true);
    expect(isSessionError(err)).toBe(false);
    expect(getToken()).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
    expect(getToasts().map((t) => t.message)).not.toContain(SESSION_EXPIRED_MESSAGE);
  });

  it('leaves a 401 of a public call (login) as a plain error', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    stubFetch(jsonResponse({ error: 'Invalid credentials' }, 401));
    await expect(api.post('/admin/login', { username: 'a', password: 'b' }, { auth: false })).rejects.toMatchObject({
      message: 'Invalid credentials',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(getToasts()).toHaveLength(0);
  });
});
