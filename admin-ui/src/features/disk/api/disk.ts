import { api } from '../../../lib/api-client';

/** The room left where one of the server's folders lives (docs/API.md, GET /api/disk). */
export interface DiskFolder {
  name: 'database' | 'uploads' | 'site' | string;
  path: string;
  free: number;
  total: number;
  low: boolean;
}

export interface DiskSpace {
  low: boolean;
  folders: DiskFolder[];
}

export const getDiskSpace = () => api.get<DiskSpace>('/api/disk');

/**
 * The low folders grouped by file system (folders with the same free and total space are on the
 * same disk), so a disk shared by the database, the uploads and the site is named once.
 */
export function lowDisks(space: DiskSpace): { folders: DiskFolder[]; free: number; total: number }[] {
  const disks = new Map<string, { folders: DiskFolder[]; free: number; total: number }>();
  for (const f of space.folders.filter((f) => f.low)) {
    const key = `${f.free}/${f.total}`;
    const disk = disks.get(key) ?? { folders: [], free: f.free, total: f.total };
    disk.folders.push(f);
    disks.set(key, disk);
  }
  return [...disks.values()];
}
