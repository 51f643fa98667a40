import { HardDrive } from 'lucide-react';
import { useLoad } from '../../../lib/use-load';
import { formatBytes } from '../../media/api/media';
import { getDiskSpace, lowDisks } from '../api/disk';

const FOLDER_NAMES: Record<string, string> = { database: 'the database', uploads: 'the uploaded images', site: 'the built site' };

function list(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The dashboard's word on disk space running out (an admin would not otherwise look until an
 * upload or an enquiry is refused): how much is left where, and what to do. Nothing while there
 * is room.
 */
export function DiskNotice() {
  const { data } = useLoad(getDiskSpace, []);
  if (!data?.low) return null;
  return (
    <>
      {lowDisks(data).map((d) => (
        <div key={d.folders[0].path} className="notice notice-error" role="status">
          <HardDrive size={20} aria-hidden="true" />
          <p>
            Low disk space: {formatBytes(d.free)} free of {formatBytes(d.total)} on the disk that holds{' '}
            {list(d.folders.map((f) => FOLDER_NAMES[f.name] ?? f.name))} ({d.folders[0].path}). When it is full, uploads and
            enquiries cannot be saved. Free some space on the server (old backups, logs, unused images) or ask whoever runs it.
          </p>
        </div>
      ))}
    </>
  );
}
