import { NavLink } from 'react-router-dom';
import { UserRound } from 'lucide-react';
import { useLoad } from '../../../lib/use-load';
import { useSession } from '../../../lib/session';
import { getMe } from '../api/auth';
import '../auth.css';

/** The menu's way to the account screen, naming who is signed in, their role and e-mail address. */
export function AccountLink() {
  // Inside the signed-in screens the session knows the account already; alone, it asks.
  const session = useSession();
  const { data: me } = useLoad(() => (session ? Promise.resolve(session) : getMe()), [session]);
  return (
    <NavLink to="/admin/account" className={({ isActive }) => `nav-link account-link${isActive ? ' active' : ''}`}>
      <UserRound size={18} aria-hidden="true" />
      <span className="account-link-text">
        <span>
          {me ? me.username : 'Account'}
          {me?.role && <span className="badge account-role">{me.role}</span>}
        </span>
        {me?.email && (
          <span className="account-link-email" title={me.email}>
            {me.email}
          </span>
        )}
      </span>
    </NavLink>
  );
}
