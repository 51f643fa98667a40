import { NavLink } from 'react-router-dom';
import { UserRound } from 'lucide-react';
import { useLoad } from '../../../lib/use-load';
import { getMe } from '../api/auth';

/** The menu's way to the account screen, naming who is signed in and their e-mail address. */
export function AccountLink() {
  const { data: me } = useLoad(getMe, []);
  return (
    <NavLink to="/admin/account" className={({ isActive }) => `nav-link account-link${isActive ? ' active' : ''}`}>
      <UserRound size={18} aria-hidden="true" />
      <span className="account-link-text">
        <span>{me ? me.username : 'Account'}</span>
        {me?.email && (
          <span className="account-link-email" title={me.email}>
            {me.email}
          </span>
        )}
      </span>
    </NavLink>
  );
}
