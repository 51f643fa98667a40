import { useState } from 'react';
import { useConfirm, type ConfirmOptions } from '../components/ConfirmDialog';
import { errorMessage, isSessionError } from './api-client';
import { toast } from './toast';

interface ActionOptions<T> {
  /** The toast when the call fails without a reason of its own. */
  failed: string;
  /** A question to confirm first; the call is not made when it is declined. */
  ask?: ConfirmOptions;
  /** After a success (reload a list, show what the call answered). */
  then?: (answer: T) => void | Promise<void>;
  /** Say the answer's message as a toast (default true). */
  say?: boolean;
}

/**
 * The row actions of a list (remove, revoke, retry, change a role): confirm when asked, call,
 * say the server's message, then reload; a failure says why. `busy` names the row whose action
 * runs, so its buttons can wait.
 */
export function useAction() {
  const confirm = useConfirm();
  const [busy, setBusy] = useState('');
  async function run<T extends { message?: string }>(key: string, call: () => Promise<T>, opts: ActionOptions<T>): Promise<T | undefined> {
    if (opts.ask && !(await confirm(opts.ask))) return undefined;
    setBusy(key);
    try {
      const answer = await call();
      if (opts.say !== false && answer.message) toast.success(answer.message);
      await opts.then?.(answer);
      return answer;
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, opts.failed));
      return undefined;
    } finally {
      setBusy('');
    }
  }
  return { busy, run };
}
