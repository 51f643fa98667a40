// A stand-in for the site's server bundle, selected with RENDER_ENTRY, whose pages misbehave on
// purpose: the renderer's tests drive the real render-server.mjs and the real Go bridge through
// it. Every page answers its route inside one frame, but:
//   crash  the process exits (status 3) with a line on stderr
//   hang   the render never returns (sleeping, not spinning)
//   gate   the render waits until the file props.gate exists (a test opens the gate)
//   throw  the render throws: an error answer, the process lives on
import { existsSync } from 'node:fs';

const frame = { id: 1, before: '<header></header><main>', after: '</main>' };
const cell = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(cell, 0, 0, ms);

export function renderParts(page, props, site, route) {
  switch (page) {
    case 'crash':
      process.stderr.write('fake entry: crashing on purpose\n');
      process.exit(3);
      break;
    case 'hang':
      for (;;) sleep(1000);
    case 'gate':
      while (!existsSync(props.gate)) sleep(5);
      break;
    case 'throw':
      throw new Error('broken on purpose');
  }
  return { body: `<p>${route}</p>`, head: '', frame };
}
