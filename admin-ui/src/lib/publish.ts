import { api } from './api-client';
import { toast } from './toast';

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

/** Joins a path (or keeps an absolute URL) onto the site's base URL. */
export function siteLink(siteUrl: string, path: string): string {
  try {
    return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
  } catch {
    return path;
  }
}

export const PUBLISH_REDIRECT_MS = 2000;

/**
 * After a successful publish: says the page is live (toast with its link), then moves to the
 * public list page on the site's own address. Answers the live page's absolute URL.
 */
export async function announcePublished(answer: PublishAnswer, listPath: string): Promise<string> {
  const { siteUrl } = await getSiteInfo();
  const href = siteLink(siteUrl, answer.url || listPath);
  toast.success(answer.message || 'Published! The page is live.', { href, label: 'Open the live page' });
  setTimeout(() => window.location.assign(siteLink(siteUrl, listPath)), PUBLISH_REDIRECT_MS);
  return href;
}
