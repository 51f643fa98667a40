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
import { DashboardPage } from './DashboardPage';

// The editing screens carry Quill; they load on first use, so the login screen and the dashboard
// stay small.
const AddBlogPage = lazy(() => import('../features/blogs/components/AddBlogPage').then((m) => ({ default: m.AddBlogPage })));
const EditBlogPage = lazy(() => import('../features/blogs/components/EditBlogPage').then((m) => ({ default: m.EditBlogPage })));
const PreviewBlogPage = lazy(() => import('../features/blogs/components/PreviewBlogPage').then((m) => ({ default: m.PreviewBlogPage })));
const AddServicePage = lazy(() => import('../features/services/components/AddServicePage').then((m) => ({ default: m.AddServicePage })));
const EditServicePage = lazy(() => import('../features/services/components/EditServicePage').then((m) => ({ default: m.EditServicePage })));
const PreviewServicePage = lazy(() =>
  import('../features/services/components/PreviewServicePage').then((m) => ({ default: m.PreviewServicePage })),
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
      <Layout />
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
        <Route path="/admin/add-blog" element={<AddBlogPage />} />
        <Route path="/admin/add-service" element={<AddServicePage />} />
        <Route path="/admin/preview-blog/:slug" element={<PreviewBlogPage />} />
        <Route path="/admin/preview-services/:slug" element={<PreviewServicePage />} />
        <Route path="/admin/edit-blog/:slug" element={<EditBlogPage />} />
        <Route path="/admin/edit-service/:slug" element={<EditServicePage />} />
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
