import { useState, type FormEvent } from 'react';
import { Send, Trash2, UserX } from 'lucide-react';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useMe, type Role } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { useConfirm } from '../../../components/ConfirmDialog';
import { Form, SubmitButton } from '../../../components/Form';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { invite, listPeople, removePerson, revokeInvite, setRole, type Person } from '../api/people';
import { TableHead } from '../../../components/TableHead';

const ROLE_TEXT: Record<Role, string> = {
  admin: 'Admin: everything, including publishing, enquiries and people',
  editor: 'Editor: writes drafts and uploads images; an admin publishes',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /admin/people (admins): who may sign in, invitations, roles. */
export function PeoplePage() {
  const me = useMe();
  const confirm = useConfirm();
  const { data, error, loading, reload } = useLoad(listPeople, []);
  const [email, setEmail] = useState('');
  const [role, setNewRole] = useState<Role>('editor');
  const [emailError, setEmailError] = useState('');
  const [inviting, setInviting] = useState(false);
  const [busyUser, setBusyUser] = useState('');

  const admins = data?.accounts.filter((a) => a.role === 'admin').length ?? 0;

  const onInvite = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setEmailError('Enter a valid email address.');
      e.currentTarget.querySelector<HTMLInputElement>('input[type=email]')?.focus();
      return;
    }
    setEmailError('');
    setInviting(true);
    try {
      const res = await invite(address, role);
      toast.success(res.message);
      setEmail('');
      await reload();
    } catch (err) {
      if (isSessionError(err)) return;
      if (err instanceof ApiError && err.status === 409) setEmailError(err.message);
      else toast.error(errorMessage(err, 'Failed to send the invitation.'));
    } finally {
      setInviting(false);
    }
  };

  const changeRole = async (p: Person, next: Role) => {
    if (p.username === me.username && next === 'editor') {
      const ok = await confirm({ title: 'Change your role', message: 'Make yourself an editor? You will no longer be able to publish or manage people.', confirmLabel: 'Make me an editor' });
      if (!ok) return;
    }
    setBusyUser(p.username);
    try {
      toast.success((await setRole(p.username, next)).message);
      await reload();
      if (p.username === me.username && next === 'editor') window.location.assign('/admin/dashboard');
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to change the role.'));
    } finally {
      setBusyUser('');
    }
  };

  const remove = async (p: Person) => {
    const self = p.username === me.username;
    const ok = await confirm({
      title: 'Remove account',
      message: self ? 'Remove your own account? You will be signed out at once.' : `Remove ${p.username} (${p.email})? They are signed out at once.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!ok) return;
    setBusyUser(p.username);
    try {
      toast.success((await removePerson(p.username)).message);
      await reload();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to remove the account.'));
    } finally {
      setBusyUser('');
    }
  };

  const revoke = async (id: string, address: string) => {
    const ok = await confirm({ title: 'Revoke invitation', message: `Revoke the invitation to ${address}? Its link stops working.`, confirmLabel: 'Revoke', danger: true });
    if (!ok) return;
    try {
      toast.success((await revokeInvite(id)).message);
      await reload();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to revoke the invitation.'));
    }
  };

  return (
    <>
      <PageHeader title="People" intro="Who may sign in to the admin area, and what they may do. There is always at least one admin." />
      <Form onSubmit={(e) => void onInvite(e)} className="card form invite-form">
        <h2>Invite someone</h2>
        <p className="muted">They get an e-mail with a link (valid for 7 days, usable once) to choose their username and password.</p>
        <TextField label="E-mail address" name="email" type="email" autoComplete="off" required value={email} error={emailError} onChange={setEmail} />
        <fieldset className="field roles">
          <legend>Role</legend>
          {(['editor', 'admin'] as Role[]).map((r) => (
            <label key={r} className="radio">
              <input type="radio" name="role" value={r} checked={role === r} onChange={() => setNewRole(r)} />
              <span>{ROLE_TEXT[r]}</span>
            </label>
          ))}
        </fieldset>
        <div className="form-actions">
          <SubmitButton busy={inviting} label="Send invitation" busyLabel="Sending..." />
        </div>
      </Form>

      <section className="card" aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">Accounts {data && <span className="count">{data.accounts.length}</span>}</h2>
        {loading && !data && <Spinner />}
        {Boolean(error) && (
          <p className="form-error" role="alert">
            Failed to load people.
          </p>
        )}
        {data && (
          <div className="table-wrap">
            <table className="table">
              <TableHead columns={['Username', 'E-mail', 'Role', 'Since']} />
              <tbody>
                {data.accounts.map((p) => {
                  const lastAdmin = p.role === 'admin' && admins <= 1;
                  return (
                    <tr key={p.username}>
                      <th scope="row">
                        {p.username}
                        {p.username === me.username && <span className="muted"> (you)</span>}
                      </th>
                      <td>{p.email}</td>
                      <td>
                        <label className="sr-only" htmlFor={`role-${p.username}`}>
                          Role of {p.username}
                        </label>
                        <select
                          id={`role-${p.username}`}
                          value={p.role}
                          disabled={busyUser === p.username || lastAdmin}
                          title={lastAdmin ? 'The last admin stays an admin.' : undefined}
                          onChange={(e) => void changeRole(p, e.target.value as Role)}
                        >
                          <option value="admin">Admin</option>
                          <option value="editor">Editor</option>
                        </select>
                      </td>
                      <td>{formatDate(p.createdAt)}</td>
                      <td className="actions">
                        <button
                          type="button"
                          className="btn btn-danger-outline btn-small"
                          disabled={busyUser === p.username || lastAdmin}
                          title={lastAdmin ? 'The last admin cannot be removed.' : undefined}
                          onClick={() => void remove(p)}
                          aria-label={`Remove ${p.username}`}
                        >
                          <UserX size={16} aria-hidden="true" /> Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {data && data.invites.length > 0 && (
        <section className="card" aria-labelledby="invites-heading">
          <h2 id="invites-heading">
            Pending invitations <span className="count">{data.invites.length}</span>
          </h2>
          <ul className="plain-list">
            {data.invites.map((i) => (
              <li key={i.id} className="row">
                <span>
                  <Send size={15} aria-hidden="true" /> <strong>{i.email}</strong> as {i.role}
                  <span className="muted">
                    {' '}
                    · invited by {i.invitedBy} · link valid until {formatDate(i.expiresAt)}
                  </span>
                </span>
                <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void revoke(i.id, i.email)} aria-label={`Revoke the invitation to ${i.email}`}>
                  <Trash2 size={16} aria-hidden="true" /> Revoke
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
