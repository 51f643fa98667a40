import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../components/TextField';
import { forgotPassword } from '../api/auth';
import { AuthForm, useAuthSubmit } from './AuthForm';

export const RESET_LINK_SENT = 'Password reset link sent to your email!';
export const RESET_LINK_FAILED = 'Failed to send reset link. Please try again.';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const submit = useAuthSubmit();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submit.clearFailure();
    if (!email.trim()) {
      setError('Email is required.');
      return focusFirstInvalid(e.currentTarget);
    }
    setError('');
    await submit.run(
      async () => {
        await forgotPassword(email.trim());
        toast.success(RESET_LINK_SENT);
        navigate('/admin/login');
      },
      () => RESET_LINK_FAILED,
    );
  };

  return (
    <AuthForm
      title="Forgot password"
      intro="Enter the e-mail address of your admin account and we will send you a reset link."
      onSubmit={onSubmit}
      failure={submit.failure}
      submitLabel="Send reset link"
      busyLabel="Sending..."
      busy={submit.busy}
      links={<Link to="/admin/login">Back to login</Link>}
    >
      <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} error={error} onChange={setEmail} />
    </AuthForm>
  );
}
