import { CopyField } from '../../../components/CopyField';
import { DoneButton } from '../../../components/Dialog';
import { formatDate } from '../../../lib/format';
import type { Invited } from '../api/people';

/**
 * An invitation's link for the admin to hand over, with where the mail went. The link is shown
 * only now: the server keeps its hash, so a lost link is replaced by a new one, never shown again.
 */
export function InviteLink({ invited, fresh = true, onDone }: { invited: Invited; fresh?: boolean; onDone: () => void }) {
  const { invite, link, outbox } = invited;
  return (
    <div className="form invite-link">
      <p role="status">
        {!fresh ? (
          <>A new link for <strong>{invite.email}</strong>. The link shown before no longer works; the e-mailed one still does.</>
        ) : outbox ? (
          <>
            The invitation to <strong>{invite.email}</strong> is made, but no mail server is set up: the e-mail was written to the server's outbox folder
            (<code>data/outbox/</code> in the demo), not sent. Send them this link yourself.
          </>
        ) : (
          <>
            The invitation is e-mailed to <strong>{invite.email}</strong>. If it does not arrive, send them this link yourself.
          </>
        )}
      </p>
      <CopyField
        label="Invitation link"
        value={link}
        hint={`It works once, until ${formatDate(invite.expiresAt)}, for one ${invite.role} account. It is shown only now; if it is lost, make a new one from Pending invitations.`}
      />
      <DoneButton onDone={onDone} />
    </div>
  );
}
