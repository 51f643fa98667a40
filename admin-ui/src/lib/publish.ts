import { useEffect, useState } from 'react';
import { api } from './api-client';

/** What both publish calls answer (docs/API.md). */
export interface PublishAnswer {
  message: string;
  url: string;
  live: boolean;
  build?: unknown;
}

export interface SiteInfo {
  name: string;
  siteUrl: string;
}

let siteInfo: Promise<SiteInfo> | null = null;

/** The public site's name and base URL; falls back to this origin when the call fails. */
export function getSiteInfo(): Promise<SiteInfo> {
  if (!siteInfo) {
    siteInfo = api
      .get<SiteInfo>('/api/site-info', { auth: false })
      .then((info) => ({ name: info.name || 'Digital Reeviver', siteUrl: info.siteUrl || window.location.origin }))
      .catch(() => {
        siteInfo = null;
        return { name: 'Digital Reeviver', siteUrl: window.location.origin };
      });
  }
  return siteInfo;
}

/** Forgets the site's info, so the next call asks again (the tests, which share one module). */
export function forgetSiteInfo(): void {
  siteInfo = null;
}

/** Joins a path (or keeps an absolute URL) onto the site's base URL. */
export function siteLink(siteUrl: string, path: string): string {
  try {
    return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
  } catch {
    return path;
  }
}

/** The public site's base URL once known (null until then), for links from the admin to the site. */
export function useSiteUrl(): string | null {
  const [siteUrl, setSiteUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void getSiteInfo().then((info) => live && setSiteUrl(info.siteUrl));
    return () => {
      live = false;
    };
  }, []);
  return siteUrl;
}
