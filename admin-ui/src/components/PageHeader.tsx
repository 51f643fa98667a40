import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';

/** The heading row of a screen: back link, title, optional actions. */
export function PageHeader({ title, intro, actions, back = true }: { title: string; intro?: ReactNode; actions?: ReactNode; back?: boolean }) {
  return (
    <div className="page-header">
      <div>
        {back && (
          <Link to="/admin/dashboard" className="back-link">
            <ArrowLeft size={16} aria-hidden="true" /> Dashboard
          </Link>
        )}
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
      </div>
      {actions && <div className="page-actions" data-toast-avoid>{actions}</div>}
    </div>
  );
}
