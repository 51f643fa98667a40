import { useState } from 'react';
import { Mail } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { forgotPassword, getMe } from '../api/auth';
import { RESET_LINK_FAILED, RESET_LINK_SENT } from './ForgotPasswordPage';

const ROLES: Record<string, string> = {
  admin: 'Admin: writes, publishes, edits and deletes live pages, reads enquiries, rebuilds the site',
  editor: 'Editor: writes drafts and uploads pictures; an admin publishes them',
};

/** /admin/account: who is signed in, the address reset links go to, and a way to change the password. */
export function AccountPage() {
  const { data: me, error, loading } = useLoad(getMe, []);
  const [sending, setSending] = useState(false);

  const sendLink = async () => {
    if (!me) return;
    setSending(true);
    try {
      await forgotPassword(me.email);
      toast.success(RESET_LINK_SENT);
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, RESET_LINK_FAILED));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageHeader title="Account" intro="The admin account you are signed in with." />
      {loading && !me && <Spinner />}
      {Boolean(error) && !me && (
        <p className="card form-error" role="alert">
          Failed to load your account. Please try again.
        </p>
      )}
      {me && (
        <section className="card account-card" aria-labelledby="account-heading">
          <h2 id="account-heading">Your details</h2>
          <dl className="details">
            <dt>Username</dt>
            <dd>{me.username}</dd>
            {me.role && (
              <>
                <dt>Role</dt>
                <dd>{ROLES[me.role] ?? me.role}</dd>
              </>
            )}
            <dt>E-mail</dt>
            <dd>
              {me.email ? <strong>{me.email}</strong> : <span className="muted">None on record</span>}
              <p className="hint">Forgot Password sends its reset link to this address, and only to this one.</p>
            </dd>
          </dl>
          <h2>Password</h2>
          <p className="muted">To choose a new password, get a reset link by e-mail; it works once, for a short while.</p>
          <button type="button" className="btn btn-secondary" onClick={() => void sendLink()} disabled={sending || !me.email}>
            <Mail size={18} aria-hidden="true" /> {sending ? 'Sending...' : 'Send me a reset link'}
          </button>
        </section>
      )}
    </>
  );
}
