import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_WINDOW_MS, Refused, Unreachable, postEnquiry } from './send';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// No real waiting: the pauses are recorded and the clock moved by them.
function clock() {
  const pauses: number[] = [];
  let now = 1_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  const sleep = async (ms: number) => { pauses.push(ms); now += ms; };
  return { pauses, sleep };
}

afterEach(() => vi.unstubAllGlobals());

describe('postEnquiry', () => {
  it('retries a network error and a 502/503/504 with the same body, then answers the message', async () => {
    const answers = [Promise.reject(new TypeError('Failed to fetch')), Promise.resolve(json(502, {})),
      Promise.resolve(json(503, {})), Promise.resolve(json(504, {})), Promise.resolve(json(200, { message: 'Thanks!' }))];
    const fetchMock = vi.fn(() => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const { pauses, sleep } = clock();
    await expect(postEnquiry('/popup', '{"id":"x"}', { sleep })).resolves.toBe('Thanks!');
    expect(fetchMock).toHaveBeenCalledTimes(5);
    for (const call of fetchMock.mock.calls as unknown as [string, RequestInit][]) expect(call[1].body).toBe('{"id":"x"}');
    expect(pauses).toEqual([500, 1000, 2000, 4000]);
  });

  it('gives up after about 20 s of failures', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(503, {})));
    vi.stubGlobal('fetch', fetchMock);
    const { pauses, sleep } = clock();
    await expect(postEnquiry('/popup', '{}', { sleep })).rejects.toBeInstanceOf(Unreachable);
    const waited = pauses.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThan(10000);
    expect(waited).toBeLessThanOrEqual(20000);
  });

  it('takes a shorter window a browser test sets on the page, with the same pauses; never a longer one', async () => {
    const tries = async (windowMs: unknown) => {
      vi.stubGlobal('enquiryRetryWindowMs', windowMs);
      const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
      vi.stubGlobal('fetch', fetchMock);
      const { pauses, sleep } = clock();
      await expect(postEnquiry('/popup', '{}', { sleep })).rejects.toBeInstanceOf(Unreachable);
      vi.restoreAllMocks();
      return { attempts: fetchMock.mock.calls.length, pauses };
    };
    expect(await tries(2000)).toEqual({ attempts: 3, pauses: [500, 1000] });
    const full = await tries(undefined);
    expect(full.pauses.slice(0, 4)).toEqual([500, 1000, 2000, 4000]);
    expect(full.pauses.reduce((a, b) => a + b, 0)).toBeGreaterThan(RETRY_WINDOW_MS / 2);
    expect(await tries(600000)).toEqual(full);
    expect(await tries('2000')).toEqual(full);
  });

  it('hands a 500 or a 507 (the server could not keep it) to the intake at once, without retrying', async () => {
    for (const status of [500, 507]) {
      const fetchMock = vi.fn(() => Promise.resolve(json(status, { error: 'The server is out of disk space.' })));
      vi.stubGlobal('fetch', fetchMock);
      const err = await postEnquiry('/popup', '{}', { sleep: async () => {} }).catch((e) => e);
      expect(err).toBeInstanceOf(Unreachable);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it("shows a 400 or a 429 at once, in the server's words; another failure in SPEC's", async () => {
    for (const [status, body, want] of [[400, { error: 'Phone number must be valid.' }, 'Phone number must be valid.'],
      [429, { error: 'Too many messages. Please try again in a minute.' }, 'Too many messages. Please try again in a minute.'],
      [501, { error: 'not implemented' }, 'Failed to send message'], [400, 'not json', 'Failed to send message']] as const) {
      const fetchMock = vi.fn(() => Promise.resolve(json(status, body)));
      vi.stubGlobal('fetch', fetchMock);
      const err = await postEnquiry('/popup', '{}', { sleep: async () => {} }).catch((e) => e);
      expect(err).toBeInstanceOf(Refused);
      expect(err.message).toBe(want);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('times out an attempt that never answers and tries again', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => {
      calls++;
      if (calls > 1) return Promise.resolve(json(200, { message: 'Thanks!' }));
      return new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }));
    await expect(postEnquiry('/popup', '{}', { attemptMs: 10, sleep: async () => {} })).resolves.toBe('Thanks!');
    expect(calls).toBe(2);
  });
});
