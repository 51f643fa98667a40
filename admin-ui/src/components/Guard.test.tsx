import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setToken } from '../lib/api-client';
import { renderAt } from '../test/utils';
import { Guard } from './Guard';

const routes = [{ path: '/admin/login', element: <h1>Login screen</h1> }];

describe('Guard', () => {
  it.each(['/admin/dashboard', '/admin/add-blog', '/admin/preview-blog/x', '/admin/edit-service/y'])(
    'sends %s to /admin/login without a token',
    (path) => {
      renderAt(path, '/admin/*', <Guard><h1>Secret</h1></Guard>, routes);
      expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
      expect(screen.queryByText('Secret')).toBeNull();
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    },
  );

  it('shows the screen with a token', () => {
    setToken('tok');
    renderAt('/admin/dashboard', '/admin/*', <Guard><h1>Secret</h1></Guard>, routes);
    expect(screen.getByRole('heading', { name: 'Secret' })).toBeInTheDocument();
  });
});
