import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { Field } from '../../../components/Field';
import { resetPassword } from '../api/auth';
import { AuthCard } from './AuthCard';

export const PASSWORDS_DIFFER = 'Passwords do not match!';
export const RESET_DONE = 'Password reset successfully!';
export const RESET_FAILED = 'Invalid or expired token.';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState('');
  const [resetting, setResetting] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure('');
    const next: typeof errors = {};
    if (!password) next.password = 'New password is required.';
    if (!confirm) next.confirm = 'Please confirm the new password.';
    else if (password !== confirm) next.confirm = PASSWORDS_DIFFER;
    setErrors(next);
    if (next.password || next.confirm) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setResetting(true);
    try {
      await resetPassword(token, password);
      toast.success(RESET_DONE);
      navigate('/admin/login');
    } catch (err) {
      // The token message of the spec, or what the server says is wrong with a new password.
      const message = err instanceof ApiError && err.status === 400 ? err.message : RESET_FAILED;
      setFailure(message);
      toast.error(message);
      setResetting(false);
    }
  };

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={onSubmit} noValidate className="form">
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <Field label="New password" error={errors.password} required>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Field label="Confirm password" error={errors.confirm} required>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(e) => setConfirm(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn btn-primary btn-block" disabled={resetting}>
          {resetting ? 'Resetting...' : 'Reset password'}
        </button>
        <p className="auth-links">
          <Link to="/admin/login">Back to login</Link>
        </p>
      </form>
    </AuthCard>
  );
}
