import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, getToken, setToken } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { dismissAllToasts } from '../../../lib/toast';
import { TextField } from '../../../components/TextField';
import { login } from '../api/auth';
import { AuthForm, useAuthSubmit } from './AuthForm';

export const INVALID_CREDENTIALS = 'Invalid credentials';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const submit = useAuthSubmit();

  if (getToken() && !submit.busy) return <Navigate to="/admin/dashboard" replace />;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!username.trim()) next.username = 'Username is required.';
    if (!password) next.password = 'Password is required.';
    setErrors(next);
    submit.clearFailure();
    if (next.username || next.password) return focusFirstInvalid(e.currentTarget);
    await submit.run(
      async () => {
        const { token } = await login(username.trim(), password);
        setToken(token);
        // What was said before signing in (a refused attempt, an expired session) is over.
        dismissAllToasts();
        navigate(from && from.startsWith('/admin') && from !== '/admin/login' ? from : '/admin/dashboard', { replace: true });
      },
      // A rate limit says so; every other failure is the plain message of the spec.
      (err) => (err instanceof ApiError && err.status === 429 ? err.message : INVALID_CREDENTIALS),
    );
  };

  return (
    <AuthForm
      title="Log in"
      intro="Sign in to manage blogs, services and enquiries."
      onSubmit={onSubmit}
      failure={submit.failure}
      submitLabel="Log in"
      busyLabel="Submitting..."
      busy={submit.busy}
      links={<Link to="/admin/forgot-password">Forgot Password?</Link>}
    >
      <TextField label="Username" name="username" autoComplete="username" autoFocus required value={username} error={errors.username} onChange={setUsername} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={setPassword}
      />
    </AuthForm>
  );
}
