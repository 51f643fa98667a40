import { lazy, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { setNavigator } from '../lib/api-client';
import { ConfirmProvider } from '../components/ConfirmDialog';
import { Guard } from '../components/Guard';
import { Layout } from '../components/Layout';
import { Toasts } from '../components/Toasts';
import { LoginPage } from '../features/auth/components/LoginPage';
import { ForgotPasswordPage } from '../features/auth/components/ForgotPasswordPage';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { AccountLink } from '../features/auth/components/AccountLink';
import { AccountPage } from '../features/auth/components/AccountPage';
import { DashboardPage } from './DashboardPage';
import { KINDS } from './kinds';

// The editing screens carry Quill; they load on first use, so the login screen and the dashboard
// stay small.
const AddContentPage = lazy(() => import('../features/content/components/AddContentPage').then((m) => ({ default: m.AddContentPage })));
const EditContentPage = lazy(() => import('../features/content/components/EditContentPage').then((m) => ({ default: m.EditContentPage })));
const RevisionsPage = lazy(() => import('../features/revisions/components/RevisionsPage').then((m) => ({ default: m.RevisionsPage })));
const PreviewContentPage = lazy(() =>
  import('../features/content/components/PreviewContentPage').then((m) => ({ default: m.PreviewContentPage })),
);

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
      <Layout kinds={KINDS} account={<AccountLink />} />
    </Guard>
  );
}

/** The admin routes of SPEC §2; all but login, forgot and reset need a token. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginPage />} />
      <Route path="/admin/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
      <Route element={<Guarded />}>
        <Route path="/admin" element={<DashboardPage />} />
        <Route path="/admin/dashboard" element={<DashboardPage />} />
        <Route path="/admin/account" element={<AccountPage />} />
        {/* Each kind's screens; keyed by kind so that moving from one kind's screen to the other's starts afresh. */}
        {KINDS.flatMap((kind) => [
          <Route key={kind.routes.add} path={kind.routes.add} element={<AddContentPage key={kind.noun} kind={kind} />} />,
          <Route key={kind.routes.preview} path={`${kind.routes.preview}/:slug`} element={<PreviewContentPage key={kind.noun} kind={kind} />} />,
          <Route key={kind.routes.edit} path={`${kind.routes.edit}/:slug`} element={<EditContentPage key={kind.noun} kind={kind} />} />,
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
