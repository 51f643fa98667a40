import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, setToken } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { acceptInvite, checkInvite, type InviteInfo } from '../api/auth';
import { AuthForm, useAuthSubmit } from './AuthForm';
import { PASSWORD_HINT } from './ResetPasswordPage';

const USERNAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** /admin/invite/{token}: the invitee chooses a username and password, and is signed in. */
export function InvitePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const [invalid, setInvalid] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string; confirm?: string }>({});
  const submit = useAuthSubmit();

  useEffect(() => {
    let live = true;
    checkInvite(token)
      .then((i) => live && setInfo(i))
      .catch((err: unknown) => live && setInvalid(err instanceof ApiError ? err.message : 'This invitation could not be checked. Please try again.'));
    return () => {
      live = false;
    };
  }, [token]);

  if (invalid) {
    return (
      <AuthForm title="Invitation" failure={invalid} onSubmit={(e) => e.preventDefault()} submitLabel="" busyLabel="" busy={false} links={<Link to="/admin/login">Go to login</Link>} hideSubmit>
        {null}
      </AuthForm>
    );
  }
  if (!info) return <Spinner />;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = username.trim().toLowerCase();
    const next: typeof errors = {};
    if (!USERNAME.test(name)) next.username = 'Use 1 to 64 lowercase letters, digits, dots, hyphens or underscores.';
    if (password.length < 8) next.password = 'Password must be at least 8 characters.';
    if (password !== confirm) next.confirm = 'Passwords do not match!';
    setErrors(next);
    submit.clearFailure();
    if (Object.keys(next).length) return focusFirstInvalid(e.currentTarget);
    await submit.run(
      async () => {
        const res = await acceptInvite(token, name, password);
        setToken(res.token);
        toast.success(res.message);
        navigate('/admin/dashboard', { replace: true });
      },
      (err) => (err instanceof ApiError ? err.message : 'Failed to create your account. Please try again.'),
    );
  };

  return (
    <AuthForm
      title="Join the admin area"
      intro={`${info.invitedBy} invited ${info.email} as ${info.role === 'admin' ? 'an admin' : 'an editor'}. Choose how you will sign in.`}
      onSubmit={(e) => void onSubmit(e)}
      failure={submit.failure}
      submitLabel="Create my account"
      busyLabel="Creating..."
      busy={submit.busy}
      links={<Link to="/admin/login">I already have an account</Link>}
    >
      <TextField label="Username" name="username" autoComplete="username" required value={username} error={errors.username} onChange={setUsername} />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required value={password} error={errors.password} onChange={setPassword} hint={PASSWORD_HINT} />
      <TextField label="Confirm password" name="confirm" type="password" autoComplete="new-password" required value={confirm} error={errors.confirm} onChange={setConfirm} />
    </AuthForm>
  );
}
