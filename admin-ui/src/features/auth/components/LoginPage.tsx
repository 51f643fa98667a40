import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, getToken, setToken } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { Field } from '../../../components/Field';
import { login } from '../api/auth';
import { AuthCard } from './AuthCard';

export const INVALID_CREDENTIALS = 'Invalid credentials';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState('');
  const [submitting, setSubmitting] = useState(false);

  if (getToken() && !submitting) return <Navigate to="/admin/dashboard" replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!username.trim()) next.username = 'Username is required.';
    if (!password) next.password = 'Password is required.';
    setErrors(next);
    setFailure('');
    if (next.username || next.password) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setSubmitting(true);
    try {
      const { token } = await login(username.trim(), password);
      setToken(token);
      navigate(from && from.startsWith('/admin') && from !== '/admin/login' ? from : '/admin/dashboard', { replace: true });
    } catch (err) {
      // A rate limit says so; every other failure is the plain message of the spec.
      const message = err instanceof ApiError && err.status === 429 ? err.message : INVALID_CREDENTIALS;
      setFailure(message);
      toast.error(message);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Log in" intro="Sign in to manage blogs, services and enquiries.">
      <form onSubmit={onSubmit} noValidate className="form">
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <Field label="Username" error={errors.username} required>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="username"
              autoComplete="username"
              required
              value={username}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(e) => setUsername(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password} required>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Log in'}
        </button>
        <p className="auth-links">
          <Link to="/admin/forgot-password">Forgot Password?</Link>
        </p>
      </form>
    </AuthCard>
  );
}
