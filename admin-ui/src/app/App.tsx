import { lazy, useEffect, type ReactElement } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { setNavigator } from '../lib/api-client';
import { ConfirmProvider } from '../components/ConfirmDialog';
import { Guard } from '../components/Guard';
import { Layout } from '../components/Layout';
import { PageHeader } from '../components/PageHeader';
import { Toasts } from '../components/Toasts';
import { LoginPage } from '../features/auth/components/LoginPage';
import { ForgotPasswordPage } from '../features/auth/components/ForgotPasswordPage';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { AccountLink } from '../features/auth/components/AccountLink';
import { AccountPage } from '../features/auth/components/AccountPage';
import { InvitePage } from '../features/auth/components/InvitePage';
import { NewEnquiriesCount } from '../features/messages/components/NewEnquiriesCount';
import { SessionProvider, useIsAdmin } from '../lib/session';
import { DashboardPage } from './DashboardPage';
import { KINDS } from './kinds';

// The editing screens carry Quill; they load on first use, so the login screen and the dashboard
// stay small.
const AddContentPage = lazy(() => import('../features/content/components/AddContentPage').then((m) => ({ default: m.AddContentPage })));
const EditContentPage = lazy(() => import('../features/content/components/EditContentPage').then((m) => ({ default: m.EditContentPage })));
const RevisionsPage = lazy(() => import('../features/revisions/components/RevisionsPage').then((m) => ({ default: m.RevisionsPage })));
const MediaPage = lazy(() => import('../features/media/components/MediaPage').then((m) => ({ default: m.MediaPage })));
const RedirectsPage = lazy(() => import('../features/redirects/components/RedirectsPage').then((m) => ({ default: m.RedirectsPage })));
const PreviewContentPage = lazy(() =>
  import('../features/content/components/PreviewContentPage').then((m) => ({ default: m.PreviewContentPage })),
);
const TrafficPage = lazy(() => import('../features/leads/components/TrafficPage').then((m) => ({ default: m.TrafficPage })));
const InboxPage = lazy(() => import('../features/messages/components/InboxPage').then((m) => ({ default: m.InboxPage })));
const PeoplePage = lazy(() => import('../features/people/components/PeoplePage').then((m) => ({ default: m.PeoplePage })));
const AuditPage = lazy(() => import('../features/audit/components/AuditPage').then((m) => ({ default: m.AuditPage })));
const WebhooksPage = lazy(() => import('../features/webhooks/components/WebhooksPage').then((m) => ({ default: m.WebhooksPage })));
const MailPage = lazy(() => import('../features/mail/components/MailPage').then((m) => ({ default: m.MailPage })));

/** Hands the router's navigate to the api-client, so a 401 goes to login without a page load. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path) => navigate(path, { replace: true }));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

function Guarded() {
  return (
    <Guard>
      <SessionProvider>
        <Layout kinds={KINDS} account={<AccountLink />} badges={{ '/admin/enquiries': <AdminOnlyBadge><NewEnquiriesCount /></AdminOnlyBadge> }} />
      </SessionProvider>
    </Guard>
  );
}

/** A badge of a screen only admins use: an editor's menu has no such link, nor fetches its count. */
function AdminOnlyBadge({ children }: { children: ReactElement }) {
  return useIsAdmin() ? children : null;
}

/** A screen only admins use; an editor who follows a link to it is told so (the server refuses its calls anyway). */
function AdminOnly({ children }: { children: ReactElement }) {
  if (useIsAdmin()) return children;
  return (
    <>
      <PageHeader title="Admins only" />
      <p className="card form-error" role="alert">
        Only an admin may open this screen. Ask an admin if you need it.
      </p>
    </>
  );
}

/** The admin routes of SPEC §2; all but login, forgot and reset need a token. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginPage />} />
      <Route path="/admin/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
      <Route path="/admin/invite/:token" element={<InvitePage />} />
      <Route element={<Guarded />}>
        <Route path="/admin" element={<DashboardPage />} />
        <Route path="/admin/dashboard" element={<DashboardPage />} />
        <Route path="/admin/account" element={<AccountPage />} />
        {/* Each kind's screens; keyed by kind so that moving from one kind's screen to the other's starts afresh. */}
        {KINDS.flatMap((kind) => [
          <Route key={kind.routes.add} path={kind.routes.add} element={<AddContentPage key={kind.noun} kind={kind} />} />,
          <Route key={kind.routes.preview} path={`${kind.routes.preview}/:slug`} element={<PreviewContentPage key={kind.noun} kind={kind} />} />,
          <Route
            key={kind.routes.edit}
            path={`${kind.routes.edit}/:slug`}
            element={
              <AdminOnly>
                <EditContentPage key={kind.noun} kind={kind} />
              </AdminOnly>
            }
          />,
          <Route
            key={`${kind.routes.edit}-history`}
            path={`${kind.routes.edit}/:slug/history`}
            element={<RevisionsPage key={`${kind.noun}-published`} kind={kind} stage="published" />}
          />,
          <Route
            key={`${kind.routes.preview}-history`}
            path={`${kind.routes.preview}/:slug/history`}
            element={<RevisionsPage key={`${kind.noun}-preview`} kind={kind} stage="preview" />}
          />,
        ])}
        <Route path="/admin/enquiries" element={<AdminOnly><InboxPage /></AdminOnly>} />
        <Route path="/admin/traffic" element={<AdminOnly><TrafficPage /></AdminOnly>} />
        <Route path="/admin/people" element={<AdminOnly><PeoplePage /></AdminOnly>} />
        <Route path="/admin/audit" element={<AdminOnly><AuditPage /></AdminOnly>} />
        <Route path="/admin/webhooks" element={<AdminOnly><WebhooksPage /></AdminOnly>} />
        <Route path="/admin/mail" element={<AdminOnly><MailPage /></AdminOnly>} />
        <Route path="/admin/media" element={<MediaPage />} />
        <Route path="/admin/redirects" element={<AdminOnly><RedirectsPage /></AdminOnly>} />
        <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <ConfirmProvider>
      <NavigatorBridge />
      <AppRoutes />
      <Toasts />
    </ConfirmProvider>
  );
}
