import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api-client';
import { type Role } from '../../../lib/session';
import { Dialog, DialogButtons } from '../../../components/Dialog';
import { Form } from '../../../components/Form';
import { TextField } from '../../../components/TextField';
import { invite, type Invited } from '../api/people';
import { InviteLink } from './InviteLink';

const ROLE_TEXT: Record<Role, string> = {
  admin: 'Admin: everything, including publishing, enquiries and people',
  editor: 'Editor: writes drafts and uploads images; an admin publishes',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Invites someone by e-mail with a role; then shows the link to hand over, once (only its
 * hash is kept), saying where the mail went.
 */
export function InviteDialog({ onInvited, onClose }: { onInvited: () => void; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [emailError, setEmailError] = useState('');
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  const [invited, setInvited] = useState<Invited | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setEmailError('Enter a valid email address.');
      e.currentTarget.querySelector<HTMLInputElement>('input[type=email]')?.focus();
      return;
    }
    setEmailError('');
    setFailure('');
    setSending(true);
    try {
      setInvited(await invite(address, role));
      onInvited();
    } catch (err) {
      if (isSessionError(err)) return;
      if (err instanceof ApiError && err.status === 409) setEmailError(err.message);
      else setFailure(errorMessage(err, 'Failed to send the invitation.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog title={invited ? 'Invitation made' : 'Invite someone'} onClose={onClose} className="wide">
      {invited ? (
        <InviteLink invited={invited} onDone={onClose} />
      ) : (
        <Form onSubmit={(e) => void onSubmit(e)} className="form" failure={failure}>
          <p className="muted">They get an e-mail with a link (valid for 7 days, usable once) to choose their username and password.</p>
          <TextField label="E-mail address" name="email" type="email" autoComplete="off" required value={email} error={emailError} onChange={setEmail} />
          <fieldset className="field roles">
            <legend>Role</legend>
            {(['editor', 'admin'] as Role[]).map((r) => (
              <label key={r} className="radio">
                <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} />
                <span>{ROLE_TEXT[r]}</span>
              </label>
            ))}
          </fieldset>
          <DialogButtons busy={sending} label="Send invitation" busyLabel="Sending..." onCancel={onClose} />
        </Form>
      )}
    </Dialog>
  );
}
