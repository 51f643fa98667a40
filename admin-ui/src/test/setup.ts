import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { forgetSiteInfo } from '../lib/publish';
import { resetToasts } from '../lib/toast';

// findBy* and waitFor wait on the DOM, not on a clock; their default of 1 s is a guess about the
// machine. In the gate, with the Go and browser tests beside it on two cores, the first screen of a
// file (its lazy chunks loaded and transformed then) took longer than that: a failure of the
// machine, not of the screen. The test's own limit (vite.config's testTimeout) still catches a hang.
configure({ asyncUtilTimeout: 20000 });

// jsdom has <dialog> but not its modal methods; these do what the tests can see of them.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  forgetSiteInfo();
  resetToasts();
  sessionStorage.clear();
});
