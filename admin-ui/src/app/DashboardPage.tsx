import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { getSiteInfo } from '../lib/publish';
import { useContentVersion } from '../lib/changes';
import { useLoad } from '../lib/use-load';
import { useLogout } from '../components/Layout';
import { PageHeader } from '../components/PageHeader';
import { ContentPanel } from '../features/content/components/ContentPanel';
import { EnquiriesPanel } from '../features/messages/components/EnquiriesPanel';
import { BuildsPanel } from '../features/builds/components/BuildsPanel';
import { listSchedules } from '../features/content/api/content';
import { SchedulesPanel } from '../features/schedules/components/SchedulesPanel';
import { TrashPanel } from '../features/trash/components/TrashPanel';
import { ReviewQueue } from '../features/reviews/components/ReviewQueue';
import { MailNotice } from '../features/mail/components/MailNotice';
import { IntakePanel } from '../features/intake/components/IntakePanel';
import { DiskNotice } from '../features/disk/components/DiskNotice';
import { useIsAdmin } from '../lib/session';
import { KINDS } from './kinds';
import './dashboard.css';

/** /admin and /admin/dashboard: drafts, live content, enquiries and builds on one screen. */
export function DashboardPage() {
  const logout = useLogout();
  const location = useLocation();
  const admin = useIsAdmin();
  const [siteUrl, setSiteUrl] = useState(window.location.origin);
  const version = useContentVersion();
  const schedules = useLoad(listSchedules, [version]);

  useEffect(() => {
    let live = true;
    void getSiteInfo().then((info) => live && setSiteUrl(info.siteUrl));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!location.hash) return;
    const t = setTimeout(() => document.getElementById(location.hash.slice(1))?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50);
    return () => clearTimeout(t);
  }, [location.hash]);

  return (
    <>
      <PageHeader
        back={false}
        title="Dashboard"
        intro={
          admin
            ? 'Write drafts, check them in preview, then publish. Published pages are on the website within seconds.'
            : 'Write drafts and check them in preview, then submit them for review: an admin publishes them.'
        }
        actions={
          <>
            {KINDS.map((kind) => (
              <Link key={kind.noun} to={kind.routes.add} className="btn btn-primary">
                <kind.icon size={18} aria-hidden="true" /> Add {kind.Noun}
              </Link>
            ))}
            <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
              <LogOut size={18} aria-hidden="true" /> Logout
            </button>
          </>
        }
      />
      {admin && <DiskNotice />}
      {admin && <MailNotice />}
      {admin && <IntakePanel />}
      {(schedules.data?.length ?? 0) > 0 && (
        <SchedulesPanel kinds={KINDS} schedules={schedules.data} loading={schedules.loading} error={Boolean(schedules.error)} />
      )}
      {admin && <ReviewQueue kinds={KINDS} />}
      {/* Leads first: what the site is for, and what an owner opens the admin to see. */}
      {admin && <EnquiriesPanel />}
      <h2 className="section-title">Drafts</h2>
      <div className="grid-2">
        {KINDS.map((kind) => (
          <ContentPanel key={kind.noun} kind={kind} stage="preview" schedules={schedules.data} />
        ))}
      </div>
      <h2 className="section-title">On the website</h2>
      <div className="grid-2">
        {KINDS.map((kind) => (
          <ContentPanel key={kind.noun} kind={kind} stage="published" siteUrl={siteUrl} schedules={schedules.data} />
        ))}
      </div>
      <div className="grid-1">
        <BuildsPanel />
      </div>
      <div className="grid-2">
        {(schedules.data?.length ?? 0) === 0 && (
          <SchedulesPanel kinds={KINDS} schedules={schedules.data} loading={schedules.loading} error={Boolean(schedules.error)} />
        )}
        <TrashPanel kinds={KINDS} />
      </div>
    </>
  );
}
