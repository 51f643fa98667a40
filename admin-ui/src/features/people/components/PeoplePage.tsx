import { useState } from 'react';
import { Link2, Send, Trash2, UserPlus, UserX } from 'lucide-react';
import { formatDate } from '../../../lib/format';
import { useMe, type Role } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { useLoad } from '../../../lib/use-load';
import { Dialog } from '../../../components/Dialog';
import { ListCard } from '../../../components/ListCard';
import { PageHeader } from '../../../components/PageHeader';
import { Table } from '../../../components/Table';
import { listPeople, newInviteLink, removePerson, revokeInvite, setRole, type Invite, type Invited, type Person } from '../api/people';
import { InviteDialog } from './InviteDialog';
import { InviteLink } from './InviteLink';

/** /admin/people (admins): who may sign in, invitations, roles. */
export function PeoplePage() {
  const me = useMe();
  const people = useLoad(listPeople, []);
  const { busy, run } = useAction();
  const [inviting, setInviting] = useState(false);
  const [newLink, setNewLink] = useState<Invited | null>(null);
  const reload = people.reload;
  const accounts = { ...people, data: people.data?.accounts };
  const invites = { ...people, data: people.data?.invites };
  const admins = accounts.data?.filter((a) => a.role === 'admin').length ?? 0;

  const changeRole = (p: Person, next: Role) => {
    const demoteSelf = p.username === me.username && next === 'editor';
    return run(p.username, () => setRole(p.username, next), {
      failed: 'Failed to change the role.',
      ask: demoteSelf ? { title: 'Change your role', message: 'Make yourself an editor? You will no longer be able to publish or manage people.', confirmLabel: 'Make me an editor' } : undefined,
      then: async () => {
        await reload();
        if (demoteSelf) window.location.assign('/admin/dashboard');
      },
    });
  };

  const remove = (p: Person) =>
    run(p.username, () => removePerson(p.username), {
      failed: 'Failed to remove the account.',
      ask: {
        title: 'Remove account',
        message: p.username === me.username ? 'Remove your own account? You will be signed out at once.' : `Remove ${p.username} (${p.email})? They are signed out at once.`,
        confirmLabel: 'Remove',
        danger: true,
      },
      then: reload,
    });

  const revoke = (i: Invite) =>
    run(i.id, () => revokeInvite(i.id), {
      failed: 'Failed to revoke the invitation.',
      ask: { title: 'Revoke invitation', message: `Revoke the invitation to ${i.email}? Its links stop working.`, confirmLabel: 'Revoke', danger: true },
      then: reload,
    });

  const handOver = (i: Invite) => run(i.id, () => newInviteLink(i.id), { failed: 'Failed to make a new link.', say: false, then: setNewLink });

  return (
    <>
      <PageHeader
        title="People"
        intro="Who may sign in to the admin area, and what they may do. There is always at least one admin."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
            <UserPlus size={18} aria-hidden="true" /> Invite someone
          </button>
        }
      />
      {inviting && <InviteDialog onInvited={() => void reload()} onClose={() => setInviting(false)} />}
      {newLink && (
        <Dialog title="Invitation link" onClose={() => setNewLink(null)} className="wide">
          <InviteLink invited={newLink} fresh={false} onDone={() => setNewLink(null)} />
        </Dialog>
      )}

      <ListCard id="accounts" title="Accounts" list={accounts} failed="Failed to load people." empty="No accounts.">
        {(rows) => (
          <Table
            rows={rows}
            rowKey={(p) => p.username}
            columns={[
              {
                label: 'Username',
                rowHeader: true,
                cell: (p) => (
                  <>
                    {p.username}
                    {p.username === me.username && <span className="muted"> (you)</span>}
                  </>
                ),
              },
              { label: 'E-mail', cell: (p) => p.email, className: 'break' },
              { label: 'Role', cell: (p) => <RoleSelect person={p} lastAdmin={p.role === 'admin' && admins <= 1} busy={busy === p.username} onChange={(r) => void changeRole(p, r)} /> },
              { label: 'Since', cell: (p) => formatDate(p.createdAt) },
            ]}
            actions={(p) => {
              const lastAdmin = p.role === 'admin' && admins <= 1;
              return (
                <button
                  type="button"
                  className="btn btn-danger-outline btn-small"
                  disabled={busy === p.username || lastAdmin}
                  title={lastAdmin ? 'The last admin cannot be removed.' : undefined}
                  onClick={() => void remove(p)}
                  aria-label={`Remove ${p.username}`}
                >
                  <UserX size={16} aria-hidden="true" /> Remove
                </button>
              );
            }}
          />
        )}
      </ListCard>

      <ListCard id="invites" title="Pending invitations" list={invites} failed="Failed to load the invitations." empty="No invitation is waiting.">
        {(rows) => (
          <ul className="plain-list">
            {rows.map((i) => (
              <li key={i.id} className="row">
                <span>
                  <Send size={15} aria-hidden="true" /> <strong>{i.email}</strong> as {i.role}
                  <span className="muted">
                    {' '}
                    · invited by {i.invitedBy} · link valid until {formatDate(i.expiresAt)}
                  </span>
                </span>
                <span className="card-actions">
                  <button type="button" className="btn btn-secondary btn-small" disabled={busy === i.id} onClick={() => void handOver(i)} aria-label={`A new link to hand to ${i.email}`}>
                    <Link2 size={16} aria-hidden="true" /> New link
                  </button>
                  <button type="button" className="btn btn-danger-outline btn-small" disabled={busy === i.id} onClick={() => void revoke(i)} aria-label={`Revoke the invitation to ${i.email}`}>
                    <Trash2 size={16} aria-hidden="true" /> Revoke
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </ListCard>
    </>
  );
}

function RoleSelect({ person, lastAdmin, busy, onChange }: { person: Person; lastAdmin: boolean; busy: boolean; onChange: (role: Role) => void }) {
  return (
    <>
      <label className="sr-only" htmlFor={`role-${person.username}`}>
        Role of {person.username}
      </label>
      <select
        id={`role-${person.username}`}
        value={person.role}
        disabled={busy || lastAdmin}
        title={lastAdmin ? 'The last admin stays an admin.' : undefined}
        onChange={(e) => onChange(e.target.value as Role)}
      >
        <option value="admin">Admin</option>
        <option value="editor">Editor</option>
      </select>
    </>
  );
}
