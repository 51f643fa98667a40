import type { ReactNode } from 'react';

/** The centred card around the signed-out screens. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card card">
        <div className="brand auth-brand">
          <span className="brand-mark" aria-hidden="true">
            DR
          </span>
          <span className="brand-name">
            Digital Reeviver <span className="brand-sub">Admin</span>
          </span>
        </div>
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
      </div>
    </main>
  );
}
