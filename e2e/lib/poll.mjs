// The browser tests' one way to wait for a state that has no event to wait on (a page that
// appears after a rebuild, a mail in the outbox, a job's status): until checks cond until it
// answers something truthy, and answers that; after the timeout it throws, naming what it waited
// for and, when given, what the server said last. Where there is an event (a locator, a
// response) a test waits on that instead.
export async function until(what, cond, { timeout = 30000, every = 100, explain } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const got = await cond();
    if (got) return got;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${explain ? `\n${explain()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, every));
  }
}
