import { Link } from 'react-router-dom';
import { MailWarning } from 'lucide-react';
import { useLoad } from '../../../lib/use-load';
import { mailPage, needsAttention } from '../api/mail';

/**
 * The dashboard's word on mail that has not gone out (an admin would not otherwise look): how many
 * of the newest mails the server could not send, and the way to them. Nothing when all went out.
 */
export function MailNotice() {
  const { data } = useLoad(async () => (await mailPage()).items.filter(needsAttention).length, []);
  if (!data) return null;
  return (
    <div className="notice notice-error" role="status">
      <MailWarning size={20} aria-hidden="true" />
      <p>
        {data === 1 ? 'One e-mail has' : `${data} e-mails have`} not gone out: the mail server refused {data === 1 ? 'it' : 'them'} or could not be
        reached. <Link to="/admin/mail">See the outgoing mail</Link>
      </p>
    </div>
  );
}
