import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../components/TextField';
import { resetPassword } from '../api/auth';
import { AuthForm, useAuthSubmit } from './AuthForm';

export const PASSWORDS_DIFFER = 'Passwords do not match!';
export const RESET_DONE = 'Password reset successfully!';
/** The password policy in a line (the server's ValidatePassword says which rule a password broke). */
export const PASSWORD_HINT = 'At least 8 characters, and not one of the common passwords (such as password123).';
export const RESET_FAILED = 'Invalid or expired token.';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const submit = useAuthSubmit();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submit.clearFailure();
    const next: typeof errors = {};
    if (!password) next.password = 'New password is required.';
    if (!confirm) next.confirm = 'Please confirm the new password.';
    else if (password !== confirm) next.confirm = PASSWORDS_DIFFER;
    setErrors(next);
    if (next.password || next.confirm) return focusFirstInvalid(e.currentTarget);
    await submit.run(
      async () => {
        await resetPassword(token, password);
        toast.success(RESET_DONE);
        navigate('/admin/login');
      },
      // The token message of the spec, or what the server says is wrong with a new password.
      (err) => (err instanceof ApiError && err.status === 400 ? err.message : RESET_FAILED),
    );
  };

  return (
    <AuthForm
      title="Choose a new password"
      onSubmit={onSubmit}
      failure={submit.failure}
      submitLabel="Reset password"
      busyLabel="Resetting..."
      busy={submit.busy}
      links={<Link to="/admin/login">Back to login</Link>}
    >
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        error={errors.password}
        onChange={setPassword}
        hint={PASSWORD_HINT}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        error={errors.confirm}
        onChange={setConfirm}
      />
    </AuthForm>
  );
}
