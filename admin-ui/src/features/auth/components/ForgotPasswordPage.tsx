import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { Field } from '../../../components/Field';
import { forgotPassword } from '../api/auth';
import { AuthCard } from './AuthCard';

export const RESET_LINK_SENT = 'Password reset link sent to your email!';
export const RESET_LINK_FAILED = 'Failed to send reset link. Please try again.';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure('');
    if (!email.trim()) {
      setError('Email is required.');
      return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    }
    setError('');
    setSending(true);
    try {
      await forgotPassword(email.trim());
      toast.success(RESET_LINK_SENT);
      navigate('/admin/login');
    } catch {
      setFailure(RESET_LINK_FAILED);
      toast.error(RESET_LINK_FAILED);
      setSending(false);
    }
  };

  return (
    <AuthCard title="Forgot password" intro="Enter the e-mail address of your admin account and we will send you a reset link.">
      <form onSubmit={onSubmit} noValidate className="form">
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <Field label="Email" error={error} required>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
          {sending ? 'Sending...' : 'Send reset link'}
        </button>
        <p className="auth-links">
          <Link to="/admin/login">Back to login</Link>
        </p>
      </form>
    </AuthCard>
  );
}
