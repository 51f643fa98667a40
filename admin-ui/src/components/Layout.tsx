import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ExternalLink, LayoutDashboard, LogOut, Menu, Inbox, Hammer, Images, Signpost, X, Users, ScrollText, Webhook, Mail, ChartColumn, type LucideIcon } from 'lucide-react';
import { clearToken, LOGIN_PATH } from '../lib/api-client';
import { useMe } from '../lib/session';
import { useSiteUrl } from '../lib/publish';
import { toast } from '../lib/toast';
import { useConfirm } from './ConfirmDialog';
import { Brand } from './Brand';
import { Spinner } from './Spinner';

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

// The sidebar's screens after the content kinds, in order; Site builds sits after the third.
const links: { to: string; label: string; icon: LucideIcon; adminOnly?: boolean }[] = [
  { to: '/admin/media', label: 'Media library', icon: Images },
  { to: '/admin/redirects', label: 'Redirects', icon: Signpost, adminOnly: true },
  { to: '/admin/enquiries', label: 'Enquiries', icon: Inbox, adminOnly: true },
  { to: '/admin/traffic', label: 'Traffic', icon: ChartColumn, adminOnly: true },
  { to: '/admin/people', label: 'People', icon: Users, adminOnly: true },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText, adminOnly: true },
  { to: '/admin/webhooks', label: 'Webhooks', icon: Webhook, adminOnly: true },
  { to: '/admin/mail', label: 'Outgoing mail', icon: Mail, adminOnly: true },
];

function navItem({ to, label, icon: Icon }: (typeof links)[number], badge?: ReactNode) {
  return (
    <li key={to}>
      <NavLink to={to} className={navClass}>
        <Icon size={18} aria-hidden="true" /> {label}
        {badge}
      </NavLink>
    </li>
  );
}

export const LOGOUT_QUESTION = 'Are you sure you want to logout?';

/** Logs out after the confirmation of SPEC §5. */
export function useLogout() {
  const confirm = useConfirm();
  const navigate = useNavigate();
  return async () => {
    const ok = await confirm({ title: 'Log out', message: LOGOUT_QUESTION, confirmLabel: 'Log out' });
    if (!ok) return;
    clearToken();
    // What an add screen kept of unsaved writing stays with its writer, not with the next one to
    // sign in on this browser (a sign-in that ran out keeps it: the writer comes back).
    for (const k of Object.keys(localStorage)) if (k.startsWith('unsaved-')) localStorage.removeItem(k);
    toast.info('You have been logged out.');
    navigate(LOGIN_PATH, { replace: true });
  };
}

/** What the menu needs of a kind of content: its add screen. */
interface AddLink {
  Noun: string;
  icon: LucideIcon;
  routes: { add: string };
}

/**
 * Sidebar (laptop) or top bar with a menu (phone) around every signed-in screen. `account` is the
 * menu's link to who is signed in; `badges` what a screen's link shows beside its name, by path
 * (the number of new enquiries).
 */
export function Layout({ kinds, account, badges = {} }: { kinds: AddLink[]; account?: ReactNode; badges?: Record<string, ReactNode> }) {
  const logout = useLogout();
  const location = useLocation();
  const me = useMe();
  const admin = me.role === 'admin';
  const [menuOpen, setMenuOpen] = useState(false);
  const siteUrl = useSiteUrl();

  useEffect(() => setMenuOpen(false), [location.pathname, location.hash]);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Escape closes the phone's menu, from the button or from inside the menu (then the focus goes
  // back to the button, not to the page).
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      // (A dialog opened from the menu, Logout's question, keeps its Escape to itself.)
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setMenuOpen(false);
      if (document.getElementById('sidebar-nav')?.contains(document.activeElement)) toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);


  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar" data-toast-avoid>
        <Brand />
        <button
          ref={toggleRef}
          type="button"
          className="icon-button menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="sidebar-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
      </header>
      <nav id="sidebar-nav" className={`sidebar${menuOpen ? ' open' : ''}`} aria-label="Admin">
        <ul>
          <li>
            <NavLink to="/admin/dashboard" end className={navClass}>
              <LayoutDashboard size={18} aria-hidden="true" /> Dashboard
            </NavLink>
          </li>
          {kinds.map((kind) => (
            <li key={kind.routes.add}>
              <NavLink to={kind.routes.add} className={navClass}>
                <kind.icon size={18} aria-hidden="true" /> Add {kind.Noun}
              </NavLink>
            </li>
          ))}
          {links.slice(0, 3).filter((l) => admin || !l.adminOnly).map((l) => navItem(l, badges[l.to]))}
          <li>
            <Link to={{ pathname: '/admin/dashboard', hash: '#builds' }} className="nav-link">
              <Hammer size={18} aria-hidden="true" /> Site builds
            </Link>
          </li>
          {links.slice(3).filter((l) => admin || !l.adminOnly).map((l) => navItem(l, badges[l.to]))}
          {siteUrl && (
            <li>
              <a href={siteUrl} className="nav-link" target="_blank" rel="noopener noreferrer">
                <ExternalLink size={18} aria-hidden="true" /> View website
              </a>
            </li>
          )}
        </ul>
        <div className="sidebar-foot">
          {account}
          <button type="button" className="nav-link logout" onClick={() => void logout()}>
            <LogOut size={18} aria-hidden="true" /> Logout
          </button>
        </div>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
